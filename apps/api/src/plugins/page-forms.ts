import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { FALLBACK_ERROR_MESSAGE } from '@kikstart/contract/common';
import {
  PAGE_FORMS,
  PAGE_FORM_FIELD,
  isPageFormId,
  type PageFormId,
  type PageFormResult,
} from '@kikstart/contract/page-forms';
import { PROGRAM_PAGE_PATH, PUBLIC_PAGE_PATHS } from '@kikstart/contract/public-pages';
import type { AppConfig } from '../config/env.ts';
import type { PageRenderer } from './server-render.ts';
import { escapeAttribute } from './web-build.ts';

/** The longest lead field is a 5,000-character message; a form of them fits well within this. */
export const PAGE_FORM_BODY_LIMIT = 32 * 1024;
/** The widest lead form has 8 fields with the honeypot and the form's name. */
const MAX_FIELDS = 20;
/** Field names the forms use; anything else (prototype keys, junk) is dropped before forwarding. */
const FIELD_NAME = /^[A-Za-z][A-Za-z0-9_]{0,39}$/;

/**
 * The first-time cookie (spec §4, §9; apps/web/src/lib/first-visit-cookie.ts FIRST_TIME_COOKIE):
 * a demo request sent records the finished first visit, with scripts or without.
 */
const firstVisitDoneCookie = (config: AppConfig) =>
  `kikstart_first_time=false; Path=/; Max-Age=${365 * 24 * 3600}; SameSite=Lax${config.publicUrl.startsWith('https:') ? '; Secure' : ''}`;

/**
 * Lead forms posted without scripts (decision 0033). Each server-rendered page takes a POST of
 * `application/x-www-form-urlencoded` at its own address; the hidden `_form` field names the
 * form, whose JSON route (PAGE_FORMS) is called in-process with the fields, from the visitor's
 * address: its schema, rate limit, honeypot, service and staff mail are the only ones, here as
 * for the app. The answer is the same page rendered with the outcome, never kept in the cache:
 * 200 with the success, 422 with each field's message, or the route's own status (429…).
 */
export async function registerPageForms(app: FastifyInstance, config: AppConfig, renderPage: PageRenderer) {
  await app.register(async (scope) => {
    // Only in this scope: the JSON API keeps refusing form bodies (no cross-site form reaches it).
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: PAGE_FORM_BODY_LIMIT },
      (_request, body, done) => done(null, parseForm(String(body))),
    );
    const paths = [...new Set([...Object.values(PUBLIC_PAGE_PATHS), PROGRAM_PAGE_PATH])];
    for (const path of paths) {
      scope.post(path, { schema: { hide: true } }, async (request, reply) => {
        if (isCrossSite(request, config)) {
          return sendPlainAnswer(reply, 403, refusal('Send this form from the KikStart site'), pagePathOf(request));
        }
        const posted = readForm(request.body);
        if (!posted) {
          return sendPlainAnswer(
            reply,
            400,
            refusal('This page has no such form; reload it and try again'),
            request.url,
          );
        }
        const { form, fields } = posted;
        const { result, status } = await submit(app, request, form, fields);
        if (result.sent && form === 'demo') reply.header('set-cookie', firstVisitDoneCookie(config));
        if (await renderPage(request, reply, pagePathOf(request), { form: result, status })) return reply;
        return sendPlainAnswer(reply, status, result, request.url);
      });
    }
  });
}

/** The posted fields by name, the first of a repeated name winning, at most MAX_FIELDS. */
function parseForm(body: string): Record<string, string> {
  const fields: Record<string, string> = {};
  let count = 0;
  for (const [name, value] of new URLSearchParams(body)) {
    if (count >= MAX_FIELDS) break;
    if (!FIELD_NAME.test(name) && name !== PAGE_FORM_FIELD) continue;
    if (Object.hasOwn(fields, name)) continue;
    fields[name] = value;
    count++;
  }
  return fields;
}

const pagePathOf = (request: FastifyRequest) => request.url.split('?')[0] ?? '/';

/** An answer for a post no form handles: only its message, shown on a plain page. */
const refusal = (message: string): PageFormResult => ({ form: 'demo', sent: false, message, values: {}, errors: {} });

/** The form named by the post and its text fields; null when the post names no form of ours. */
function readForm(body: unknown): { form: PageFormId; fields: Record<string, string> } | null {
  const posted = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const { [PAGE_FORM_FIELD]: form, ...rest } = posted;
  if (!isPageFormId(form)) return null;
  const fields = Object.fromEntries(
    Object.entries(rest).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
  return { form, fields };
}

/**
 * A form posted from another site is refused, so a page elsewhere cannot file leads from its
 * visitors' browsers. Browsers name the posting site in Sec-Fetch-Site; one too old to send it
 * sends Origin, which must be ours. (Under our no-referrer policy a same-site post's Origin is
 * "null", so Sec-Fetch-Site is the header to trust when both are there.)
 */
function isCrossSite(request: FastifyRequest, config: AppConfig): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite !== undefined) return fetchSite !== 'same-origin';
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  return !(
    origin === new URL(config.publicUrl).origin ||
    (URL.canParse(origin) && new URL(origin).host === request.headers.host)
  );
}

/** The form's JSON route, called as the app would call it, and what its answer means for the page. */
async function submit(app: FastifyInstance, request: FastifyRequest, form: PageFormId, fields: Record<string, string>) {
  const res = await app.inject({
    method: 'POST',
    url: `/api${PAGE_FORMS[form]}`,
    payload: fields,
    headers: { 'content-type': 'application/json', 'user-agent': request.headers['user-agent'] ?? '' },
    remoteAddress: request.ip,
  });
  let envelope: { message?: unknown; errors?: unknown } = {};
  try {
    envelope = JSON.parse(res.payload) as typeof envelope;
  } catch {
    // Not an envelope (never expected): the fallback message says it.
  }
  const message = typeof envelope.message === 'string' ? envelope.message : FALLBACK_ERROR_MESSAGE;
  if (res.statusCode === 200) {
    return { status: 200, result: { form, sent: true, message, values: {}, errors: {} } satisfies PageFormResult };
  }
  const errors =
    typeof envelope.errors === 'object' && envelope.errors !== null
      ? Object.fromEntries(
          Object.entries(envelope.errors).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
        )
      : {};
  const { website: _honeypot, ...values } = fields;
  // A form the schema refused is understood but not acceptable: 422, the page shows why.
  const status = res.statusCode === 400 && Object.keys(errors).length > 0 ? 422 : res.statusCode;
  return { status, result: { form, sent: false, message, values, errors } satisfies PageFormResult };
}

/** Without a server-rendered page to answer with (no server bundle, a failed render): the outcome alone. */
function sendPlainAnswer(reply: FastifyReply, status: number, result: PageFormResult, back: string) {
  const lines = [result.message, ...Object.values(result.errors)].map((line) => `<p>${escapeAttribute(line)}</p>`);
  const html = [
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>KikStart</title></head><body><main>',
    `<div role="${result.sent ? 'status' : 'alert'}">${lines.join('')}</div>`,
    `<p><a href="${escapeAttribute(back)}">Back to the page</a></p></main></body></html>`,
  ].join('');
  return reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
}
