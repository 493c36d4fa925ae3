import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { eq, sql } from 'drizzle-orm';
import { mailOutbox } from '@kikstart/db';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { queueMail } from './mail.service.ts';
import { createMailTransport, type MailTransport } from './mail.transport.ts';
import { drainOutbox, RETRY_BASE_MS } from './mail.worker.ts';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server on loopback that keeps what it receives. */
async function startSmtp(port = 0) {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.server.address() as AddressInfo;
  return { received, port: address.port, close: () => new Promise<void>((r) => server.close(() => r())) };
}

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let t: TestApp;
let transport: MailTransport;
const noLog = { info() {}, warn() {}, error() {} };

beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    MAIL_FROM: 'KikStart <hello@kikstart.example>',
  });
  transport = createMailTransport(t.config, noLog);
  // Only this file's mail: the seed queues none, but be explicit.
  await t.db.delete(mailOutbox);
});
afterAll(async () => {
  await transport.close();
  await smtp.close();
  await t.close();
});

const rowById = async (id: string) => (await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0]!;

describe('SMTP transport', () => {
  it('is chosen when SMTP_URL is set', () => {
    expect(transport.kind).toBe('smtp');
  });

  it('sends a queued mail with a text and an HTML part, then marks it sent', async () => {
    const id = await queueMail({
      db: t.db,
      to: 'maya@family.example',
      template: 'test',
      content: {
        subject: 'Welcome to KikStart',
        paragraphs: ['Hi Maya,', 'Soccer starts on Monday.'],
        action: { label: 'See the schedule', url: 'http://localhost:3000/programs' },
      },
    });
    const result = await drainOutbox({ db: t.db, transport, log: noLog });
    expect(result).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(smtp.received).toHaveLength(1);
    const msg = smtp.received[0]!;
    expect(msg.from).toBe('hello@kikstart.example');
    expect(msg.to).toEqual(['maya@family.example']);
    expect(msg.raw).toMatch(/^Subject: Welcome to KikStart/m);
    expect(msg.raw).toMatch(/Content-Type: multipart\/alternative/i);
    expect(msg.raw).toMatch(/Content-Type: text\/plain/i);
    expect(msg.raw).toMatch(/Content-Type: text\/html/i);
    expect(msg.raw).toContain('Soccer starts on Monday.');
    expect(msg.raw).toContain('#ED1C24');
    const row = await rowById(id);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(row.sentAt).toBeInstanceOf(Date);
    // Nothing left to send.
    expect(await drainOutbox({ db: t.db, transport })).toEqual({ sent: 0, retried: 0, failed: 0 });
  });

  it('an unreachable server loses nothing: the row stays queued with attempts+1 and lastError, then goes out when the server is back', async () => {
    const down = await startSmtp();
    const port = down.port;
    await down.close();
    const app = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    const deadTransport = createMailTransport(app.config, noLog);
    try {
      const id = await queueMail({
        db: app.db,
        to: 'jo@family.example',
        template: 'test',
        content: { subject: 'Pickup changed', paragraphs: ['Pickup is at 4 pm.'] },
      });
      const before = Date.now();
      expect(await drainOutbox({ db: app.db, transport: deadTransport, log: noLog })).toEqual({
        sent: 0,
        retried: 1,
        failed: 0,
      });
      const failed = (await app.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0]!;
      expect(failed).toMatchObject({ status: 'queued', attempts: 1 });
      expect(failed.lastError).toMatch(/ECONNREFUSED|connect/i);
      // Backoff: not due again for about RETRY_BASE_MS.
      expect(failed.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before + RETRY_BASE_MS - 1000);
      expect(await drainOutbox({ db: app.db, transport: deadTransport })).toEqual({ sent: 0, retried: 0, failed: 0 });

      // The server comes back on the same port; once the retry is due the mail goes out.
      const back = await startSmtp(port);
      try {
        await app.db
          .update(mailOutbox)
          .set({ nextAttemptAt: sql`now()` })
          .where(eq(mailOutbox.id, id));
        expect(await drainOutbox({ db: app.db, transport: deadTransport })).toEqual({ sent: 1, retried: 0, failed: 0 });
        expect(back.received).toHaveLength(1);
        expect(back.received[0]!.raw).toContain('Pickup is at 4 pm.');
        const sent = (await app.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0]!;
        expect(sent).toMatchObject({ status: 'sent', attempts: 2 });
      } finally {
        await back.close();
      }
    } finally {
      await deadTransport.close();
      await app.close();
    }
  });
});
