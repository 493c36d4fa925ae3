import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { FALLBACK_ERROR_MESSAGE, type Envelope } from '@kikstart/contract/common';
import { isDataException, summarizeDbError } from '../lib/db-errors.ts';
import { AppError } from '../lib/errors.ts';
import { VALIDATION_MESSAGE } from '../lib/validate.ts';

/** Fastify's own error codes that are the client's fault, with the message we show. */
const FASTIFY_CLIENT_ERRORS: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: 'The request body is too large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: 'Unsupported content type; send application/json' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: 'The Content-Length header does not match the body' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: 'The request body is empty; send a JSON object' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: 'The request body is not valid JSON' },
  FST_ERR_INVALID_URL: { status: 400, message: 'The URL is not valid' },
  FST_ERR_BAD_URL: { status: 400, message: 'The URL is not valid' },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, message: 'The address is too long' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 415, message: 'Send the form as multipart/form-data' },
  FST_REQ_FILE_TOO_LARGE: { status: 413, message: 'The file is too large' },
  FST_FILES_LIMIT: { status: 413, message: 'Too many files' },
  FST_FIELDS_LIMIT: { status: 413, message: 'Too many form fields' },
  FST_PARTS_LIMIT: { status: 413, message: 'Too many form parts' },
};

export const INVALID_VALUE_MESSAGE = 'Some of the values sent are not valid';

/** One place maps every error to the envelope; 5xx never shows internals. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const send = (status: number, message: string, errors?: Record<string, string>) => {
      const body: Envelope<null> = { status, message, data: null, ...(errors ? { errors } : {}) };
      return reply.status(status).send(body);
    };

    if (error instanceof AppError) return send(error.status, error.message, error.fields);

    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string> = {};
      for (const v of error.validation) {
        const issuePath = (v.params as { issue?: { path?: PropertyKey[] } } | undefined)?.issue?.path;
        const path = issuePath?.length ? issuePath.map(String).join('.') : (v.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.') || 'body';
        errors[path] ??= v.message ?? 'Invalid value';
      }
      const first = Object.values(errors)[0];
      return send(400, Object.keys(errors).length === 1 && first ? first : VALIDATION_MESSAGE, errors);
    }

    const known = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
    if (known) return send(known.status, known.message);

    if (error.statusCode === 429) return send(429, error.message);

    // A database error is logged by its code and schema names only, never the error itself:
    // its message and stack quote the query's parameters (a child's medical notes, contacts).
    const dbError = summarizeDbError(error);
    // PostgreSQL data exceptions (class 22: bad text encoding, out-of-range value, malformed uuid)
    // mean input slipped past a schema. It is still the input's fault: a 400, logged to fix.
    if (isDataException(dbError)) {
      request.log.warn({ db: dbError }, 'database refused a value; tighten the route schema');
      return send(400, INVALID_VALUE_MESSAGE);
    }

    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return send(500, FALLBACK_ERROR_MESSAGE);
    }

    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status >= 500) {
      if (dbError) request.log.error({ db: dbError }, 'database error');
      else request.log.error({ err: error }, 'unhandled error');
      return send(500, FALLBACK_ERROR_MESSAGE);
    }
    return send(status, error.message || FALLBACK_ERROR_MESSAGE);
  });
}

/**
 * The router answers a URL it cannot decode or a path parameter over its length cap before any
 * route, hook or error handler runs; Fastify's `frameworkErrors` option hands those here, so they
 * get the same table and envelope as everything else.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const known = FASTIFY_CLIENT_ERRORS[error.code];
  if (!known) request.log.error({ err: error }, 'router error');
  const { status, message } = known ?? { status: 500, message: FALLBACK_ERROR_MESSAGE };
  const body: Envelope<null> = { status, message, data: null };
  // No hook has run for these requests, so the API's default no-store is set here.
  return reply.status(status).header('cache-control', 'no-store').send(body);
}

/** What Node's HTTP parser refuses before Fastify sees a request, by Node's error code. */
const CLIENT_ERRORS: Record<string, { status: number; reason: string; message: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, reason: 'Request Timeout', message: 'The request took too long to arrive. Please try again.' },
  // The request line counts towards the header limit, so an over-long URL lands here too.
  HPE_HEADER_OVERFLOW: { status: 431, reason: 'Request Header Fields Too Large', message: 'The address or headers of the request are too large' },
  HPE_URI_TOO_LONG: { status: 414, reason: 'URI Too Long', message: 'The address is too long' },
};

/**
 * Fastify's `clientErrorHandler`: a malformed or oversized request is answered on the raw socket,
 * with the envelope rather than Fastify's own JSON shape, and the connection closed.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket) {
  // A reset connection has nobody left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, reason, message } = CLIENT_ERRORS[error.code ?? ''] ?? { status: 400, reason: 'Bad Request', message: 'The request is not valid HTTP' };
  const body = JSON.stringify({ status, message, data: null } satisfies Envelope<null>);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}
