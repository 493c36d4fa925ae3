import type { AppConfig } from '../config/env.ts';

/**
 * Fastify's server options that bound how long a client may hold a connection: the headers
 * (slowloris), the whole request with its body (a byte every few seconds), an idle kept-alive
 * connection, and a socket with no traffic at all (a client that stops reading the answer).
 * What Node refuses before Fastify sees a request is answered by `clientErrorHandler` in
 * error-handler.ts, the one error path.
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
  };
}
