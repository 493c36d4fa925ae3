import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { Envelope } from '@kikstart/contract/common';
import type { AppConfig } from '../config/env.ts';

/**
 * Fastify's server options that bound how long a client may hold a connection: the headers
 * (slowloris), the whole request with its body (a byte every few seconds), an idle kept-alive
 * connection, and a socket with no traffic at all (a client that stops reading the answer).
 */
export function serverLimits(http: AppConfig['http']) {
  return {
    requestTimeout: http.requestTimeoutMs,
    keepAliveTimeout: http.keepAliveTimeoutMs,
    connectionTimeout: http.idleTimeoutMs,
    http: {
      headersTimeout: http.headersTimeoutMs,
      // Node checks the header and request deadlines on this timer (30 s by default, which
      // would let a "60 s" request run for 90); a quarter of the shorter deadline, at most 1 s.
      connectionsCheckingInterval: Math.min(1000, Math.max(25, Math.floor(http.headersTimeoutMs / 4))),
    },
    clientErrorHandler,
  };
}

/**
 * Errors Node raises before a request reaches Fastify (a deadline passed, headers too large,
 * bytes that are not HTTP): answered with the envelope, then the connection is closed.
 */
function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket) {
  // A reset connection has nobody left to answer.
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] =
    err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'The request took too long to arrive. Please try again.']
      : err.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'The request headers are too large']
        : [400, 'The request could not be read'];
  const body: Envelope<null> = { status, message, data: null };
  const text = JSON.stringify(body);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`,
    );
  }
  socket.destroy();
}
