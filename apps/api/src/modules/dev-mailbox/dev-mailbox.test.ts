import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '@kikstart/db';
import type { DevMail } from '@kikstart/contract/auth';
import type { Paged } from '@kikstart/contract/common';
import { loadConfig } from '../../config/env.ts';
import { body, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { queueMail } from '../mail/mail.service.ts';
import { createDevMailboxTransport } from '../mail/mail.transport.ts';
import { drainOutbox } from '../mail/mail.worker.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.db.delete(mailOutbox);
});
afterAll(() => t.close());

const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://x.example',
  SMTP_URL: 'smtp://127.0.0.1:2525',
  PAYMENT_GATEWAY: 'manual',
  PROVIDER_NAME: 'KikStart Sports LLC',
  PROVIDER_ADDRESS: '500 Market St, San Francisco, CA 94105',
  PROVIDER_TAX_ID: '94-7654321',
};

/**
 * With the dev mailbox off, a mail is queued with `secret` in it and every mailbox URL (list,
 * one mail, a malformed id) answers the 404 envelope without the secret.
 */
async function expectMailboxClosed(app: TestApp, secret: string) {
  await queueMail({
    db: app.db,
    to: 'owner@family.example',
    template: 'test',
    content: { subject: 'Private', paragraphs: [secret] },
  });
  for (const url of [
    '/api/dev/mailbox',
    '/api/dev/mailbox?limit=5',
    '/api/dev/mailbox/00000000-0000-4000-8000-000000000000',
    '/api/dev/mailbox/x',
  ]) {
    const res = await app.app.inject({ url });
    expect(res.statusCode, url).toBe(404);
    expect(body(res)).toEqual({ status: 404, message: 'Not found', code: 'NOT_FOUND', data: null });
    expect(res.body).not.toContain(secret);
  }
}

describe('GET /api/dev/mailbox', () => {
  it('lists every mail newest first with to, subject, text, html, links and status', async () => {
    for (const n of [1, 2, 3]) {
      await queueMail({
        db: t.db,
        to: `p${n}@family.example`,
        template: 'test',
        content: {
          subject: `Mail ${n}`,
          paragraphs: [`Body ${n}`],
          action: { label: 'Go', url: `http://localhost:3000/go/${n}` },
        },
      });
    }
    await drainOutbox({ db: t.db, transport: createDevMailboxTransport({ info() {} }) });
    await queueMail({
      db: t.db,
      to: 'p4@family.example',
      template: 'test',
      content: { subject: 'Mail 4', paragraphs: ['Body 4'] },
    });

    const res = await t.app.inject({ url: '/api/dev/mailbox' });
    expect(res.statusCode).toBe(200);
    const page = body<Paged<DevMail>>(res).data;
    expect(page.total).toBe(4);
    expect(page.items.map((m) => m.subject)).toEqual(['Mail 4', 'Mail 3', 'Mail 2', 'Mail 1']);
    const m3 = page.items[1]!;
    expect(Object.keys(m3).sort()).toEqual(['createdAt', 'html', 'id', 'links', 'status', 'subject', 'text', 'to']);
    expect(m3).toMatchObject({ to: 'p3@family.example', status: 'sent', links: ['http://localhost:3000/go/3'] });
    expect(m3.text).toContain('Body 3');
    expect(m3.html).toContain('<a href="http://localhost:3000/go/3"');
    expect(page.items[0]!.status).toBe('queued');

    const one = await t.app.inject({ url: `/api/dev/mailbox/${m3.id}` });
    expect(one.statusCode).toBe(200);
    expect(body<DevMail>(one).data).toEqual(m3);
  });

  it('paginates with limit (at most 100) and page', async () => {
    const res = await t.app.inject({ url: '/api/dev/mailbox?limit=2&page=2' });
    const page = body<Paged<DevMail>>(res).data;
    expect(page).toMatchObject({ page: 2, limit: 2, total: 4 });
    expect(page.items.map((m) => m.subject)).toEqual(['Mail 2', 'Mail 1']);
    for (const q of ['limit=101', 'limit=0', 'limit=abc', 'page=0', "page=1'--"]) {
      expect((await t.app.inject({ url: `/api/dev/mailbox?${q}` })).statusCode, q).toBe(400);
    }
  });

  it('404 for an unknown id, 400 for a malformed one', async () => {
    const missing = await t.app.inject({ url: '/api/dev/mailbox/00000000-0000-4000-8000-000000000000' });
    expect(missing.statusCode).toBe(404);
    expect(body(missing)).toEqual({ status: 404, message: 'Not found', code: 'NOT_FOUND', data: null });
    expect((await t.app.inject({ url: '/api/dev/mailbox/not-an-id' })).statusCode).toBe(400);
  });

  it('the account flows land here: a sign-up mail shows its verification link', async () => {
    const email = `mailbox-${Date.now()}@family.example`;
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/user/signup',
      payload: { firstName: 'Lee', lastName: 'Park', email, phone: '4155550123', password: 'Green-canyon-55' },
    });
    expect(signup.statusCode).toBe(200);
    const latest = body<Paged<DevMail>>(await t.app.inject({ url: '/api/dev/mailbox?limit=1' })).data.items[0]!;
    expect(latest.to).toBe(email);
    expect(latest.links[0]).toMatch(/^http:\/\/localhost:3000\/auth\/verify-email\?token=[\w-]{43}$/);
  });
});

describe('in production', () => {
  it('loadConfig accepts the production settings and turns the dev conveniences off', () => {
    const config = loadConfig({ ...PRODUCTION_ENV, DATA_DIR: '/tmp/kikstart-prod-check' });
    expect(config.isProduction).toBe(true);
    expect(config.devConveniences).toBe(false);
    expect(config.smtpUrl).toBe('smtp://127.0.0.1:2525');
  });

  it('the dev mailbox answers 404 with the envelope', async () => {
    const prod = await createTestApp(PRODUCTION_ENV);
    try {
      await expectMailboxClosed(prod, 'Production secret 654321');
    } finally {
      await prod.close();
    }
  });
});

describe('with SMTP configured outside production', () => {
  it('the dev mailbox answers 404: mail goes to real inboxes, so no copy of it is served', async () => {
    const smtp = await createTestApp({ NODE_ENV: 'development', SMTP_URL: 'smtp://127.0.0.1:2525' });
    try {
      expect(smtp.config.devMailbox).toBe(false);
      await expectMailboxClosed(smtp, 'Your reset code 123456');
    } finally {
      await smtp.close();
    }
  });
});
