import { request } from 'node:http';
import { visitorHeaders } from './load.ts';

/**
 * A request the server has started on and not finished: its headers and half of its body are
 * sent, the rest comes when `finish` is called. Sent before a signal and finished after it, it
 * is an in-flight request for certain, whatever the timing of the load around it.
 */
export function requestInFlight(base: string, email: string) {
  const body = Buffer.from(JSON.stringify({ email }));
  const half = Math.floor(body.length / 2);
  const url = new URL('/api/newsletter/add', base);
  const req = request(url, {
    method: 'POST',
    agent: false,
    headers: { ...visitorHeaders(), 'content-length': String(body.length) },
  });
  const answer = new Promise<{ status?: number; body?: string; error?: string }>((resolve) => {
    req.on('response', (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode, body: text }));
      res.on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message }));
    });
    req.on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message }));
  });
  req.flushHeaders();
  req.write(body.subarray(0, half));
  return {
    email,
    finish() {
      req.end(body.subarray(half));
      return answer;
    },
  };
}
