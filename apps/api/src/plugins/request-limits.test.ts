import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JSON_BODY_LIMIT } from '../app.ts';
import { UPLOAD_KINDS } from '@kikstart/contract/uploads';
import { createUserWithSession } from '../../test/user-fixtures.ts';
import { body, createTestApp, errorEnvelope, type TestApp } from '../../test/test-app.ts';

// Short deadlines from config, so a drip is cut off in about a second instead of a minute.
const LIMITS = {
  HTTP_HEADERS_TIMEOUT_MS: '500',
  HTTP_REQUEST_TIMEOUT_MS: '1000',
  HTTP_KEEP_ALIVE_TIMEOUT_MS: '300',
  HTTP_IDLE_TIMEOUT_MS: '5000',
};

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp(LIMITS);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

interface Exchange {
  socket: Socket;
  /** Everything the server sent, once it closed the connection; and how long that took. */
  closed: Promise<{ text: string; ms: number }>;
}

function open(): Promise<Exchange> {
  return new Promise((ready) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1', () => ready({ socket, closed }));
    let text = '';
    socket.on('data', (chunk) => (text += chunk.toString()));
    socket.on('error', () => undefined);
    const closed = new Promise<{ text: string; ms: number }>((done) =>
      socket.on('close', () => done({ text, ms: Date.now() - started })),
    );
  });
}

/** Writes one byte every `everyMs` until the socket closes. */
function drip(socket: Socket, everyMs: number) {
  const timer = setInterval(() => (socket.writable ? socket.write('x') : clearInterval(timer)), everyMs);
  socket.on('close', () => clearInterval(timer));
}

const envelopeOf = (raw: string) =>
  JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4)) as { status: number; message: string; data: null };

describe('server timeouts', () => {
  it('cuts off a request whose body drips in, with a 408 envelope', async () => {
    const { socket, closed } = await open();
    socket.write(
      'POST /api/newsletter/add HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"email":"',
    );
    drip(socket, 100);
    const { text, ms } = await closed;
    expect(ms).toBeLessThan(3000);
    expect(text).toMatch(/^HTTP\/1\.1 408 /);
    expect(envelopeOf(text)).toEqual({
      status: 408,
      message: 'The request took too long to arrive. Please try again.',
      code: 'REQUEST_TIMEOUT',
      data: null,
    });
  });

  it('cuts off a request whose headers drip in (slowloris)', async () => {
    const { socket, closed } = await open();
    socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Slow: ');
    drip(socket, 50);
    const { text, ms } = await closed;
    expect(ms).toBeLessThan(2500);
    expect(text).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('closes an idle kept-alive connection', async () => {
    const { socket, closed } = await open();
    socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n');
    const { text, ms } = await closed;
    expect(text).toMatch(/^HTTP\/1\.1 200 /);
    expect(ms).toBeLessThan(2500);
  });
});

describe('body size caps', () => {
  it('JSON routes: 413 envelope over the small JSON limit, nothing stored', async () => {
    const email = `big-${Date.now()}@family.example`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/newsletter/add',
      payload: { email, note: 'x'.repeat(JSON_BODY_LIMIT) },
    });
    expect(res.statusCode).toBe(413);
    expect(body(res)).toEqual(errorEnvelope('BODY_TOO_LARGE', 'The request body is too large'));
  });

  /** Sends only the headers of a multipart upload that claims `length` bytes; the answer must not wait for the body. */
  async function claimUpload(path: string, length: number, headers = '') {
    const { socket, closed } = await open();
    socket.write(
      `POST ${path} HTTP/1.1\r\nHost: localhost\r\n${headers}Content-Type: multipart/form-data; boundary=xyz\r\nContent-Length: ${length}\r\n\r\n--xyz\r\n`,
    );
    const answer = await new Promise<string>((done) => {
      let text = '';
      socket.on('data', (chunk) => {
        text += chunk.toString();
        if (text.includes('\r\n\r\n') && text.trimEnd().endsWith('}')) done(text);
      });
      void closed.then(() => done(text));
    });
    socket.destroy();
    return answer;
  }

  it('multipart routes have their own cap: the CV form refuses a body over one document, before reading it', async () => {
    const text = await claimUpload('/api/become-a-coach/submit', UPLOAD_KINDS.document.maxBytes + 1024 * 1024);
    expect(text).toMatch(/^HTTP\/1\.1 413 /);
    expect(envelopeOf(text)).toMatchObject({
      status: 413,
      message: 'The form is too large (at most 11 MB)',
      data: null,
    });
  });

  it('the avatar form takes one image, so its cap is smaller than the CV form', async () => {
    const { headers } = await createUserWithSession(t);
    const text = await claimUpload(
      '/api/user/profile-update',
      UPLOAD_KINDS.image.maxBytes + 1024 * 1024,
      `x-access-token: ${headers['x-access-token']}\r\n`,
    );
    expect(text).toMatch(/^HTTP\/1\.1 413 /);
    expect(envelopeOf(text)).toMatchObject({ status: 413, message: 'The form is too large (at most 6 MB)' });
  });
});
