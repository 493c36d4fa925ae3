import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from './errors.ts';
import { readMultipartForm, type UploadedFile } from './multipart.ts';
import type { UploadKind } from '@kikstart/contract/uploads';
import { fieldErrors, validationError } from './validate.ts';

export interface MultipartBodySpec<S extends z.ZodType<object>, F extends string, R extends F> {
  /** The text fields, checked as a route schema checks a JSON body. */
  fields: S;
  /** Each file field the form may carry, and the kind its bytes must be. */
  files: Record<F, UploadKind>;
  /** File fields the form must carry, each with the message shown when it is missing. */
  required?: Record<R, string>;
  /** Also take a JSON object (with no files); anything else is refused with this message. */
  orJson?: string;
}

export type MultipartBody<S extends z.ZodType<object>, F extends string, R extends F> = z.output<S> & {
  [K in R]: UploadedFile;
} & { [K in Exclude<F, R>]?: UploadedFile };

/**
 * A route's multipart/form-data body, read and checked before the handler, the way Fastify
 * parses and validates a JSON body: add `preValidation` to the route and read the checked body
 * with `body(request)`. Field errors and missing files are answered together in one 400, and
 * request.body holds the checked form, so body hooks (the honeypot) see it as they see JSON.
 */
export function multipartBody<S extends z.ZodType<object>, F extends string, R extends F = never>(
  spec: MultipartBodySpec<S, F, R>,
) {
  const checked = new WeakMap<FastifyRequest, MultipartBody<S, F, R>>();
  const preValidation = async (request: FastifyRequest) => {
    const body = (await readBody(request, spec)) as MultipartBody<S, F, R>;
    checked.set(request, body);
    request.body = body;
  };
  return {
    // The fields' schema rides on the hook, so route checks (the honeypot's) see the form's fields,
    // and the whole form too, so the API description shows the body (plugins/docs.ts).
    preValidation: Object.assign(preValidation, {
      [FORM_FIELDS]: spec.fields,
      [FORM_DESCRIPTION]: {
        fields: spec.fields,
        files: spec.files,
        required: Object.keys(spec.required ?? {}),
        orJson: spec.orJson !== undefined,
      } satisfies MultipartFormDescription,
    }),
    body: (request: FastifyRequest) => {
      const body = checked.get(request);
      if (!body)
        throw new Error(
          `${request.routeOptions.url}: add the form's preValidation to the route before reading its body`,
        );
      return body;
    },
  };
}

/** Marks a multipart body hook with the schema of its text fields. */
export const FORM_FIELDS = Symbol('multipartFormFields');

/** The text-field schemas of the multipart body hooks among a route's preValidation hooks. */
export function multipartFieldSchemas(hooks: unknown): unknown[] {
  return [hooks]
    .flat()
    .flatMap((hook) => (typeof hook === 'function' && FORM_FIELDS in hook ? [hook[FORM_FIELDS]] : []));
}

/** What a multipart body hook reads, as the API description shows it. */
export interface MultipartFormDescription {
  /** The text fields' schema, when the form has text fields. */
  fields?: z.ZodType<object>;
  /** Each file field and the kind its bytes must be. */
  files: Readonly<Record<string, UploadKind>>;
  /** The file fields the form must carry. */
  required: readonly string[];
  /** File fields that take several files (several parts of the same name), with how many at most. */
  many?: Readonly<Record<string, number>>;
  /** Also takes the text fields as a JSON object. */
  orJson: boolean;
}

/** Marks a multipart body hook with the form it reads. */
export const FORM_DESCRIPTION = Symbol('multipartFormDescription');

/** The form a route's multipart body hook reads, among its preValidation hooks; undefined if none. */
export function multipartFormDescription(hooks: unknown): MultipartFormDescription | undefined {
  for (const hook of [hooks].flat()) {
    if (typeof hook === 'function' && FORM_DESCRIPTION in hook)
      return hook[FORM_DESCRIPTION] as MultipartFormDescription;
  }
  return undefined;
}

async function readBody<S extends z.ZodType<object>, F extends string, R extends F>(
  request: FastifyRequest,
  spec: MultipartBodySpec<S, F, R>,
) {
  let fields: unknown;
  let files: Partial<Record<string, UploadedFile>> = {};
  if (spec.orJson !== undefined && !request.isMultipart()) {
    if (request.body !== undefined && !request.headers['content-type']?.toLowerCase().startsWith('application/json')) {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', spec.orJson);
    }
    fields = request.body ?? {};
    if (typeof fields !== 'object' || fields === null || Array.isArray(fields))
      throw new AppError('BAD_REQUEST', spec.orJson);
  } else {
    // Checks the type, the size and each file's bytes while it reads (lib/multipart.ts).
    ({ fields, files } = await readMultipartForm(request, spec.files));
  }
  const parsed = spec.fields.safeParse(fields);
  const errors = parsed.success ? {} : fieldErrors(parsed.error.issues);
  for (const [name, message] of Object.entries<string>(spec.required ?? {})) {
    if (!files[name]) errors[name] ??= message;
  }
  if (!parsed.success || Object.keys(errors).length > 0) throw validationError(errors);
  return { ...parsed.data, ...files };
}
