import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import {
  captureError,
  closeErrorMonitoring,
  flushErrorMonitoring,
  initErrorMonitoring,
  scrubText,
} from './error-monitoring.ts';

/**
 * Sentry.init is global to the process, and test files share a worker: this file is the only one
 * that starts it, and closes it (client and process handlers) when it ends.
 */

const EMAIL = 'maria.gonzalez@family.example';
const TOKEN = randomBytes(32).toString('base64url');
const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJwYXJlbnQtNDIifQ.c2lnbmF0dXJlLW9mLWEtand0';
const NOTE = 'Severe peanut allergy, EpiPen in the front pocket of the backpack';
const SECRETS = { email: EMAIL, token: TOKEN, jwt: JWT, 'medical note': NOTE };

/** A stand-in for Sentry's ingest: records what arrives at POST /api/<project>/envelope/. */
interface Received {
  path: string;
  body: string;
}
const received: Received[] = [];
let receiver: Server;
let t: TestApp;
let handlersBefore: number;
let rejectionHandlersBefore: NodeJS.UnhandledRejectionListener[];

const processHandlers = () =>
  process.listeners('uncaughtException').length + process.listeners('unhandledRejection').length;

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const body = req.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw;
      received.push({ path: req.url ?? '', body: body.toString('utf8') });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((done) => receiver.listen(0, '127.0.0.1', done));
  const { port } = receiver.address() as AddressInfo;

  t = await createTestApp({ SENTRY_DSN: `http://publickey@127.0.0.1:${port}/42` }, (app) => {
    app.post('/api/probe/monitoring/:childId', async () => {
      throw new Error(`Could not mail ${EMAIL} (session ${TOKEN}, link ${JWT}) about "${NOTE}"`);
    });
    app.post('/api/probe/monitoring-db', async () => {
      // Drizzle's wrapper around the driver's error, as a failed child write throws it.
      const driverError = Object.assign(
        new Error(`new row for relation "children" violates check constraint "children_notes_check"`),
        { code: '23514', severity: 'ERROR', table: 'children', constraint: 'children_notes_check', detail: NOTE },
      );
      throw Object.assign(
        new Error(
          `Failed query: update "children" set "medical_notes" = $1 where "email" = $2\nparams: ${NOTE},${EMAIL}`,
        ),
        {
          query: 'update "children" set "medical_notes" = $1 where "email" = $2',
          params: [NOTE, EMAIL],
          cause: driverError,
        },
      );
    });
  });
  handlersBefore = processHandlers();
  rejectionHandlersBefore = process.listeners('unhandledRejection');
  expect(await initErrorMonitoring(t.config)).toBe(true);
});

afterAll(async () => {
  await closeErrorMonitoring();
  // The SDK's uncaught-error handlers went with it: nothing reports for the next test file.
  expect(processHandlers()).toBe(handlersBefore);
  await t?.close();
  await new Promise((done) => receiver?.close(done));
});

/** Waits until `count` error events have arrived (the SDK sends in the background). */
async function events(count: number) {
  await flushErrorMonitoring(5_000);
  for (let i = 0; i < 50 && eventsSoFar().length < count; i++) await new Promise((done) => setTimeout(done, 100));
  return eventsSoFar();
}
const eventsSoFar = () => received.filter((r) => r.body.includes('"type":"event"'));

/** The exception messages of an event envelope (its last line is the event). */
const exceptionValues = (body: string) => {
  const event = JSON.parse(body.trim().split('\n').at(-1)!) as { exception?: { values?: { value?: string }[] } };
  return (event.exception?.values ?? []).map((v) => v.value);
};

const expectNoSecrets = (body: string) => {
  for (const [what, secret] of Object.entries(SECRETS))
    expect(body, `the ${what} reached Sentry`).not.toContain(secret);
  expect(body).not.toContain('peanut');
};

describe('server-side error monitoring (SENTRY_DSN)', () => {
  it('reports a 5xx from the error handler without the email, token or medical note', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/probe/monitoring/child-7?email=${encodeURIComponent(EMAIL)}&token=${TOKEN}`,
      headers: {
        'x-access-token': TOKEN,
        cookie: `kikstart_token=${TOKEN}`,
        authorization: `Bearer ${JWT}`,
        'x-request-id': 'req-monitoring-0001',
      },
      payload: { medicalNotes: NOTE, guardianEmail: EMAIL },
    });
    expect(res.statusCode).toBe(500);
    expectNoSecrets(res.body);

    const [event] = await events(1);
    expect(event, 'no envelope arrived').toBeDefined();
    expect(event!.path.split('?')[0]).toBe('/api/42/envelope/');
    // Where it happened and what, still there for the reader.
    expect(event!.body).toContain('/api/probe/monitoring/:childId');
    expect(event!.body).toContain('req-monitoring-0001');
    expect(event!.body).toContain('Could not mail [email] (session [token], link [token]) about');
    expectNoSecrets(event!.body);
    for (const name of ['cookie', 'x-access-token', 'query_string', 'child-7']) expect(event!.body).not.toContain(name);
  });

  it('reports a database error by its code and schema names only', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/probe/monitoring-db', payload: { note: NOTE } });
    expect(res.statusCode).toBe(500);
    const all = await events(2);
    const event = all.find((e) => e.body.includes('"route":"/api/probe/monitoring-db"'));
    expect(event, 'no envelope for the database error').toBeDefined();
    // The wrapper and the driver's error it carries (linked errors) both say only this.
    const values = exceptionValues(event!.body);
    expect(values).toEqual(Array(2).fill('database error 23514 children children_notes_check'));
    expectNoSecrets(event!.body);
  });

  it('captureError scrubs an error reported directly, and skips an unreachable database', async () => {
    const before = eventsSoFar().length;
    captureError(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }), {
      task: 'test sweep',
    });
    captureError(new Error(`Renewal for ${EMAIL} failed: card token ${TOKEN}, note "${NOTE}"`), {
      task: 'membership renewals',
    });
    const all = await events(before + 1);
    expect(all.length).toBe(before + 1);
    const event = all.at(-1)!;
    expect(event.body).toContain('membership renewals');
    expectNoSecrets(event.body);
  });
});

describe('uncaught errors at process level', () => {
  it("the SDK's unhandled-rejection handler reports the reason, scrubbed", async () => {
    // Called directly: emitting the event would reach the test runner's own handler too.
    const added = process.listeners('unhandledRejection').filter((l) => !rejectionHandlersBefore.includes(l));
    expect(added).toHaveLength(1);
    const before = eventsSoFar().length;
    const reason = new Error(`Statement for ${EMAIL} not mailed: ${TOKEN} "${NOTE}"`);
    added[0]!(reason, Promise.resolve());
    const all = await events(before + 1);
    const event = all.at(-1)!;
    expect(event.body).toContain('onunhandledrejection');
    expect(exceptionValues(event.body)).toEqual(['Statement for [email] not mailed: [token] "[redacted]"']);
    expectNoSecrets(event.body);
  });
});

describe('scrubText', () => {
  it('keeps what helps a reader: ids, property and module names', () => {
    const id = '0b9f6a52-3c1e-4a8e-9d2f-7e6b5a4c3d21';
    expect(scrubText(`Child ${id} not found`)).toBe(`Child ${id} not found`);
    expect(scrubText("Cannot read properties of undefined (reading 'firstName')")).toBe(
      "Cannot read properties of undefined (reading 'firstName')",
    );
    expect(scrubText("Cannot find module 'sharp'")).toBe("Cannot find module 'sharp'");
  });

  it('takes out query strings, PostgreSQL row details and secret-looking runs', () => {
    expect(scrubText(`GET https://kikstart.example/verify?token=${TOKEN}&email=${EMAIL} failed`)).toBe(
      'GET https://kikstart.example/verify?[redacted] failed',
    );
    expect(scrubText(`Key (email)=(${EMAIL}) already exists.`)).toBe('Key (email)=([redacted]) already exists.');
    expect(scrubText('whsec_5f3kd93kdl2mdl30dkel3kd0 and ' + 'ab'.repeat(16))).toBe('[token] and [token]');
  });
});
