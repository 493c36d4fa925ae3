import type { FastifyInstance } from 'fastify';
import swagger, { type SwaggerTransform, type SwaggerTransformObject } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { ERROR_CODES, type ErrorCode } from '@kikstart/contract/errors';
import { UPLOAD_KINDS } from '@kikstart/contract/uploads';
import type { AppConfig } from '../config/env.ts';
import { multipartFormDescription, type MultipartFormDescription } from '../lib/multipart-body.ts';
import { TOKEN_HEADER, guardedRoutes } from './auth.ts';

/**
 * What the description cannot read from a route itself, declared as `config: { openapi: … }`.
 * Everything else (security, error answers, upload bodies) follows from the route's guard,
 * inputs, method and limits.
 */
export interface OpenapiNotes {
  /** Codes the route's service answers beyond what its guard, inputs and method imply. */
  errors?: ErrorCode[];
  /** The route reads the token when one is sent and works without it. */
  tokenOptional?: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    openapi?: OpenapiNotes;
  }
}

/**
 * Doors for development and end-to-end tests answer 404 unless their flag is on, so they are
 * described only when it is (never in production).
 */
const FLAGGED_PATHS: readonly [prefix: string, enabled: (config: AppConfig) => boolean][] = [
  ['/api/dev/', (config) => config.devMailbox],
  ['/api/e2e-fixtures/', (config) => config.e2eFixtures],
];

/** The error answers an operation may list: a component name and what the status means here. */
const ERROR_RESPONSES: Record<number, { name: string; description: string; retryAfter?: true }> = {
  400: { name: 'BadRequest', description: 'The request was refused as sent; `errors` names the fields at fault' },
  401: { name: 'Unauthorized', description: 'Not signed in, or the token expired or was revoked' },
  402: { name: 'PaymentRequired', description: 'The saved card was declined; `message` gives the reason' },
  403: { name: 'Forbidden', description: 'Not allowed: the role, the state of the account, or the link refuses it' },
  404: { name: 'NotFound', description: 'Nothing this caller may see answers to what was named' },
  409: { name: 'Conflict', description: 'The current state refuses the change (seats, holds, stale saves, use)' },
  413: { name: 'ContentTooLarge', description: 'The body, a file or the number of parts is over its limit' },
  415: { name: 'UnsupportedMediaType', description: 'The body is not of a type this operation reads' },
  422: {
    name: 'UnprocessableContent',
    description: 'Well formed, but the rules refuse it (eligibility, dates, amounts)',
  },
  429: { name: 'TooManyRequests', description: 'Too many requests or attempts; wait and try again', retryAfter: true },
  500: { name: 'InternalError', description: 'Something failed on our side; the details are logged, never shown' },
  503: {
    name: 'ServiceUnavailable',
    description:
      'The database or the payment gateway cannot be reached, or the server is stopping; nothing was changed',
    retryAfter: true,
  },
};

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Input fields that name one thing, which may not exist or not be the caller's. */
const NAMES_A_RESOURCE = /^(id|slug)$|Ids?$/;
const MB = 1024 * 1024;

/** OpenAPI generated from the same zod schemas the routes validate with. */
export async function registerDocs(app: FastifyInstance) {
  // Filled while the document is built (transform, once per route), read when it is finished.
  const errorStatuses = new Map<string, number[]>();
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'KikStart API',
        version: '1.0.0',
        description:
          'Every response is `{ status, message, data }`; errors carry a machine-readable `code` as well (ErrorEnvelope). Sign in with POST /api/user/signin and send its token in the `x-access-token` header.',
        license: { name: 'MIT', url: 'https://opensource.org/licenses/MIT' },
      },
      servers: [{ url: app.config.publicUrl, description: 'This deployment (PUBLIC_URL)' }],
      components: {
        securitySchemes: {
          accessToken: {
            type: 'apiKey',
            in: 'header',
            name: TOKEN_HEADER,
            description: 'The session token from POST /api/user/signin; sign-out, a password change or reset revoke it',
          },
        },
        schemas: { ErrorEnvelope: errorEnvelopeSchema() },
      },
    },
    transform: (input) => describeRoute(app, input, errorStatuses),
    transformObject: (documents) => addErrorResponses(documents, errorStatuses),
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // The UI sets a few inline styles; allow them on the docs pages only (scripts stay 'self').
    transformStaticCSP: (header) => header.replace(/style-src [^;]*/, "style-src 'self' 'unsafe-inline'"),
  });
}

type SchemaObject = Record<string, unknown> & { properties?: Record<string, unknown>; required?: string[] };
type RouteSchema = Record<string, unknown> & {
  hide?: boolean;
  operationId?: string;
  description?: string;
  params?: SchemaObject;
  querystring?: SchemaObject;
  body?: SchemaObject;
};

/** One route's operation: its id, security, upload body and the error answers it can give. */
function describeRoute(
  app: FastifyInstance,
  input: Parameters<SwaggerTransform>[0],
  errorStatuses: Map<string, number[]>,
) {
  const { route, url } = input;
  if (FLAGGED_PATHS.some(([prefix, enabled]) => url.startsWith(prefix) && !enabled(app.config))) {
    return { schema: { hide: true }, url };
  }
  const schema = { ...jsonSchemaTransform(input).schema } as RouteSchema;
  if (schema.hide) return { schema, url };

  const methods = [route.method].flat().filter((m) => m !== 'HEAD');
  const method = methods[0] ?? 'GET';
  const guard = guardedRoutes(app).find((g) => methods.includes(g.method) && g.url === url);
  const notes = route.config?.openapi ?? {};
  const form = multipartFormDescription(route.preValidation);
  const formFields =
    form?.fields && (jsonSchemaTransform({ ...input, schema: { body: form.fields } }).schema.body as SchemaObject);
  const names = [schema.params, schema.querystring, schema.body, formFields].flatMap((s) =>
    Object.keys(s?.properties ?? {}),
  );
  if (form) schema.body = uploadBody(form, formFields);
  // Private files are served by signed links from API answers; where the signature is optional,
  // the x-access-token header of someone allowed to see the file does instead.
  const signedLink = Boolean(schema.querystring?.properties?.signature);
  const linkOnly = signedLink && Boolean(schema.querystring?.required?.includes('signature'));

  schema.operationId ??= operationIdFor(method, url);
  if (guard) schema.security = [{ accessToken: [] }];
  else if (notes.tokenOptional || (signedLink && !linkOnly)) schema.security = [{ accessToken: [] }, {}];
  else schema.security = [];
  const who = guard
    ? `Signed in${guard.roles.length ? ` as ${guard.roles.join(' or ')}` : ''} (\`${TOKEN_HEADER}\`).`
    : signedLink
      ? 'Opened with the signed link from an API answer, its query as given; a signed-in caller (header or the web app cookie) other than the one it was made for is refused.'
      : undefined;
  if (who) schema.description = schema.description ? `${schema.description}\n\n${who}` : who;

  const hasBody = Boolean(schema.body);
  const write = WRITE_METHODS.has(method);
  const namesOne = names.some((name) => NAMES_A_RESOURCE.test(name));
  // Every answer can be a 500, and a 503 while the database is unreachable or the server stops.
  const statuses = new Set([500, 503]);
  if (names.length || hasBody) statuses.add(400);
  if (guard) {
    statuses.add(401);
    // Writes are refused by state too: an unverified email, a closed conversation, the last guardian.
    if (guard.roles.length || write) statuses.add(403);
    if (write) statuses.add(409).add(422);
  }
  if (signedLink) statuses.add(403);
  // A path, a link or an id names one thing, which may not be there for this caller; so may what
  // a signed-in write names (an invite's token). Public forms take an id as a plain answer.
  if (url.includes(':') || signedLink || (namesOne && (guard || !write)) || (guard && write && names.length))
    statuses.add(404);
  if (hasBody) statuses.add(413).add(415);
  if (route.config?.rateLimit) statuses.add(429);
  for (const code of notes.errors ?? []) statuses.add(ERROR_CODES[code]);
  errorStatuses.set(
    schema.operationId,
    [...statuses].sort((a, b) => a - b),
  );
  return { schema, url };
}

/**
 * `POST /api/admin/programs/:id/image` → `postAdminProgramsByIdImage`: derived from the method
 * and path, so it stays as long as the route does; a route may name its own in `schema.operationId`.
 */
export function operationIdFor(method: string, url: string) {
  const words = url
    .replace(/^\/api(?=\/|$)/, '')
    .split('/')
    .flatMap((segment) =>
      segment.startsWith(':') ? ['by', segment.slice(1).replace(/\(.*$/, '')] : segment.split(/[^A-Za-z0-9]+/),
    )
    .filter(Boolean);
  return method.toLowerCase() + words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join('');
}

/** A multipart body as a client sends it: the text fields, and each file field as binary. */
function uploadBody(form: MultipartFormDescription, fields: SchemaObject | undefined) {
  const properties: Record<string, unknown> = { ...fields?.properties };
  for (const [name, kind] of Object.entries(form.files)) {
    const rule = UPLOAD_KINDS[kind];
    const file = {
      type: 'string',
      format: 'binary',
      description: `${rule.label}, at most ${rule.maxBytes / MB} MB, judged by its bytes`,
    };
    const many = form.many?.[name];
    properties[name] = many ? { type: 'array', items: file, minItems: 1, maxItems: many } : file;
  }
  const required = [...(fields?.required ?? []), ...form.required];
  const multipart = { ...fields, type: 'object', properties, ...(required.length ? { required } : {}) };
  return {
    content: {
      'multipart/form-data': { schema: multipart },
      ...(form.orJson && fields ? { 'application/json': { schema: fields } } : {}),
    },
  };
}

/** Puts each operation's error answers in, as references to one response per status. */
function addErrorResponses(
  documents: Parameters<SwaggerTransformObject>[0],
  errorStatuses: ReadonlyMap<string, number[]>,
): ReturnType<SwaggerTransformObject> {
  if (!('openapiObject' in documents)) throw new Error('The API is described as OpenAPI 3');
  const document = documents.openapiObject as {
    paths?: Record<string, Record<string, { operationId?: string; responses?: Record<string, unknown> }>>;
    components?: Record<string, unknown>;
  };
  const used = new Set<number>();
  for (const pathItem of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(pathItem)) {
      const statuses = (operation.operationId && errorStatuses.get(operation.operationId)) || [];
      for (const status of statuses) {
        operation.responses = {
          ...operation.responses,
          [status]: { $ref: `#/components/responses/${errorResponse(status).name}` },
        };
        used.add(status);
      }
    }
  }
  const responses = Object.fromEntries(
    [...used].sort((a, b) => a - b).map((status) => [errorResponse(status).name, errorResponseObject(status)]),
  );
  return {
    ...documents.openapiObject,
    components: { ...document.components, responses },
  } as ReturnType<SwaggerTransformObject>;
}

function errorResponse(status: number) {
  const known = ERROR_RESPONSES[status];
  if (!known) throw new Error(`No error response is described for HTTP ${status}; add it to ERROR_RESPONSES`);
  return known;
}

/** The error envelope for one status, naming the codes that status carries. */
function errorResponseObject(status: number) {
  const { description, retryAfter } = errorResponse(status);
  const codes = Object.entries(ERROR_CODES)
    .filter(([, codeStatus]) => codeStatus === status)
    .map(([code]) => `\`${code}\``);
  return {
    description: `${description}. \`code\` is ${codes.length > 1 ? 'one of ' : ''}${codes.join(', ')}.`,
    ...(retryAfter
      ? { headers: { 'Retry-After': { description: 'Seconds to wait, when known', schema: { type: 'integer' } } } }
      : {}),
    content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
  };
}

/** Every error answer (decision 0014, plugins/error-handler.ts): the status, the message, the code. */
function errorEnvelopeSchema() {
  return {
    type: 'object' as const,
    description: 'An error answer. Clients branch on `code`; `message` is for people and may change.',
    required: ['status', 'message', 'code', 'data'],
    properties: {
      status: { type: 'integer' as const, description: 'The HTTP status of the answer' },
      message: { type: 'string' as const, description: 'What went wrong, to show as it is' },
      code: {
        type: 'string' as const,
        enum: Object.keys(ERROR_CODES),
        description: 'Machine-readable; one HTTP status each',
      },
      data: { type: 'object' as const, nullable: true, enum: [null], description: 'Always null on an error' },
      errors: {
        type: 'object' as const,
        additionalProperties: { type: 'string' as const },
        description: 'Per-field messages by field path, for forms (VALIDATION_FAILED and the like)',
      },
    },
  };
}
