import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { WebSocket } from 'ws';
import { sql } from 'drizzle-orm';
import { openDatabase, type DbHandle } from '@kikstart/db';
import type { ChatMessage, ChatSocketEvent } from '@kikstart/contract/chat';
import { body, TEST_PUBLIC_URL, useTestApp } from '../../../test/test-app.ts';
import { ManualClock } from '../../../test/manual-clock.ts';
import { chatCast, conversationWith, sendChat } from '../../../test/chat-fixtures.ts';
import { mailsTo } from '../../../test/user-fixtures.ts';
import { onPostgres } from '../../../test/on-postgres.ts';
import { buildApp, type App } from '../../app.ts';
import { rowsOf } from './chat-access.ts';
import { mailUnreadChats } from './chat-unread-mail.ts';

const clock = new ManualClock(new Date('2026-03-04T19:00:00Z'));
const t = useTestApp({}, undefined, { clock });
let base = '';
beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});

/** A browser tab's socket: every event it received, and a way to wait for the next ones. */
function openSocket(url: string, origin = TEST_PUBLIC_URL) {
  const ws = new WebSocket(`${url}/api/chat/socket`, { origin });
  const events: ChatSocketEvent[] = [];
  const waiters: (() => void)[] = [];
  let closed: { code: number } | null = null;
  ws.on('message', (data) => {
    events.push(JSON.parse(String(data)) as ChatSocketEvent);
    waiters.splice(0).forEach((w) => w());
  });
  ws.on('close', (code) => {
    closed = { code };
    waiters.splice(0).forEach((w) => w());
  });
  const opened = new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('unexpected-response', (_req, res) => reject(new Error(`refused with ${res.statusCode}`)));
    ws.once('error', reject);
  });
  const until = async (check: () => boolean, what: string) => {
    const deadline = Date.now() + 5000;
    while (!check()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(events)}`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
  };
  return {
    ws,
    events,
    opened,
    closed: () => closed,
    until,
    messages: () => events.flatMap((e) => (e.type === 'message' ? [e.message] : [])),
    async hello(token: string, after?: number) {
      await opened;
      ws.send(JSON.stringify({ type: 'auth', token, ...(after === undefined ? {} : { after }) }));
      await until(() => events.some((e) => e.type === 'ready') || closed !== null, 'ready');
    },
    close: () => ws.close(),
  };
}

describe('the chat socket', () => {
  it('refuses another site’s page, a token that is not sent first, and a wrong token', async () => {
    const foreign = openSocket(base, 'https://evil.example');
    await expect(foreign.opened).rejects.toThrow('refused with 403');

    const garbage = openSocket(base);
    await garbage.opened;
    garbage.ws.send('not json');
    await garbage.until(() => garbage.closed() !== null, 'close');
    expect(garbage.closed()!.code).toBe(4400);

    const wrong = openSocket(base);
    await wrong.hello('a'.repeat(43));
    await wrong.until(() => wrong.closed() !== null, 'close');
    expect(wrong.closed()!.code).toBe(4401);
    expect(wrong.events).toEqual([{ type: 'error', message: 'Sign in again to receive new messages' }]);
  });

  it('a message reaches every open tab of every member, and nobody else', async () => {
    const { coach, one, two, admin } = await chatCast(t);
    const conv = await conversationWith(t, one.parent.headers, 'coach');
    const tabA = openSocket(base);
    const tabB = openSocket(base);
    const coachTab = openSocket(base);
    const otherFamily = openSocket(base);
    const office = openSocket(base);
    await Promise.all([
      tabA.hello(one.parent.token),
      tabB.hello(one.parent.token),
      coachTab.hello(coach.token),
      otherFamily.hello(two.parent.token),
      office.hello(admin.token),
    ]);
    const sent = body<ChatMessage>(await sendChat(t, coach.headers, conv.id, 'Great effort today!')).data;
    for (const tab of [tabA, tabB, coachTab]) {
      await tab.until(() => tab.messages().length === 1, 'the message');
      expect(tab.messages()[0]).toMatchObject({ id: sent.id, body: 'Great effort today!' });
    }
    expect(tabA.messages()[0]!.mine).toBe(false);
    expect(coachTab.messages()[0]!.mine).toBe(true);
    // Reading in one tab tells the others the new total.
    await t.app.inject({
      method: 'POST',
      url: '/api/chat/read',
      headers: one.parent.headers,
      payload: { conversationId: conv.id, upTo: sent.id },
    });
    await tabB.until(() => tabB.events.some((e) => e.type === 'read'), 'read');
    expect(tabB.events.find((e) => e.type === 'read')).toEqual({
      type: 'read',
      conversationId: conv.id,
      unreadTotal: 0,
    });
    // A later message to someone else proves the quiet sockets were listening.
    const officeConv = await conversationWith(t, two.parent.headers, 'office');
    await sendChat(t, two.parent.headers, officeConv.id, 'Question about the invoice');
    await office.until(() => office.messages().length === 1, 'office message');
    await otherFamily.until(() => otherFamily.messages().length === 1, 'own message');
    expect(otherFamily.messages().map((m) => m.body)).toEqual(['Question about the invoice']);
    expect(tabA.messages()).toHaveLength(1);
    for (const s of [tabA, tabB, coachTab, otherFamily, office]) s.close();
  });

  it('a client that reconnects gets what it missed, exactly once', async () => {
    const { coach, one } = await chatCast(t);
    const conv = await conversationWith(t, one.parent.headers, 'coach');
    const first = openSocket(base);
    await first.hello(one.parent.token);
    const m1 = body<ChatMessage>(await sendChat(t, coach.headers, conv.id, 'Message 1')).data;
    await first.until(() => first.messages().length === 1, 'message 1');
    first.close();
    // Offline: two messages arrive.
    await sendChat(t, coach.headers, conv.id, 'Message 2');
    await sendChat(t, coach.headers, conv.id, 'Message 3');
    const again = openSocket(base);
    await again.hello(one.parent.token, m1.id);
    await again.until(() => again.messages().length === 2, 'catch-up');
    // And live ones after the catch-up, once each.
    await sendChat(t, coach.headers, conv.id, 'Message 4');
    await again.until(() => again.messages().length === 3, 'message 4');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(again.messages().map((m) => m.body)).toEqual(['Message 2', 'Message 3', 'Message 4']);
    expect(again.events[0]).toEqual({ type: 'ready', unreadTotal: 3 });
    again.close();
  });

  it('a tab whose session has ended since it connected is told to sign in again and gets nothing more', async () => {
    const { coach, one } = await chatCast(t);
    const conv = await conversationWith(t, one.parent.headers, 'coach');
    const parentTab = openSocket(base);
    const coachTab = openSocket(base);
    await Promise.all([parentTab.hello(one.parent.token), coachTab.hello(coach.token)]);
    // Signed out (here, as from another tab or device): the open socket checked its token before.
    const out = await t.app.inject({ method: 'POST', url: '/api/user/logout', headers: one.parent.headers });
    expect(out.statusCode).toBe(200);

    await sendChat(t, coach.headers, conv.id, 'Pickup moves to 5 pm');
    await parentTab.until(() => parentTab.closed() !== null, 'the close');
    expect(parentTab.closed()!.code).toBe(4401);
    expect(parentTab.events).toEqual([
      { type: 'ready', unreadTotal: 0 },
      { type: 'error', message: 'Sign in again to receive new messages' },
    ]);
    // The coach's live session still receives it.
    await coachTab.until(() => coachTab.messages().length === 1, 'the coach’s copy');
    coachTab.close();
  });
});

describe('the unread mail', () => {
  it('one mail per conversation after 15 minutes unread, naming the sender, never quoting; again after a read', async () => {
    const { coach, one } = await chatCast(t);
    const conv = await conversationWith(t, one.parent.headers, 'coach');
    const mail = () => mailUnreadChats({ db: t.db, now: clock.now(), publicUrl: TEST_PUBLIC_URL });
    await sendChat(t, coach.headers, conv.id, 'Leo has a fever of 39.2, please pick him up');
    clock.advanceMinutes(14);
    await mail();
    expect(await mailsTo(t, one.parent.email)).toHaveLength(0);
    await sendChat(t, coach.headers, conv.id, 'He is resting in the office');
    clock.advanceMinutes(2);
    await mail();
    await mail();
    const mails = await mailsTo(t, one.parent.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('New message from Maria Lopez on KikStart');
    expect(mails[0]!.text).toContain('your conversation with Maria Lopez');
    expect(mails[0]!.text).not.toContain('fever');
    expect(mails[0]!.html).not.toContain('fever');
    expect(mails[0]!.links).toContain(`${TEST_PUBLIC_URL}/chat?conversation=${conv.id}`);
    // The coach wrote it, so the coach gets nothing.
    expect(await mailsTo(t, coach.email)).toHaveLength(0);
    clock.advanceMinutes(60);
    await sendChat(t, coach.headers, conv.id, 'All good now');
    clock.advanceMinutes(30);
    await mail();
    expect(await mailsTo(t, one.parent.email)).toHaveLength(1);
    // After a read, the next unread message may mail again.
    const last = rowsOf<{ id: number }>(
      await t.db.execute(sql`select max(id)::float8 as id from chat_messages where conversation_id = ${conv.id}`),
    )[0]!.id;
    await t.app.inject({
      method: 'POST',
      url: '/api/chat/read',
      headers: one.parent.headers,
      payload: { conversationId: conv.id, upTo: last },
    });
    await sendChat(t, coach.headers, conv.id, 'See you Friday');
    clock.advanceMinutes(16);
    await mail();
    expect(await mailsTo(t, one.parent.email)).toHaveLength(2);
  });
});

describe.runIf(onPostgres)('the unread mail on PostgreSQL', () => {
  it('two processes running the job at once send one mail', async () => {
    const { coach, one } = await chatCast(t);
    const conv = await conversationWith(t, one.parent.headers, 'coach');
    await sendChat(t, coach.headers, conv.id, 'Pickup moved to the north gate');
    clock.advanceMinutes(16);
    const run = () => mailUnreadChats({ db: t.db, now: clock.now(), publicUrl: TEST_PUBLIC_URL });
    // Other tests' conversations may be due too; this parent's mail is the one counted.
    await Promise.all([run(), run(), run()]);
    expect(await mailsTo(t, one.parent.email)).toHaveLength(1);
  });
});

describe.runIf(onPostgres)('two API processes on one PostgreSQL', () => {
  let second: { app: App; handle: DbHandle } | undefined;
  afterAll(async () => {
    await second?.app.close();
    await second?.handle.close();
  });

  it('a message sent through one reaches a socket on the other', async () => {
    const name = rowsOf<{ name: string }>(await t.db.execute(sql`select current_database() as name`))[0]!.name;
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${name}`;
    const handle = await openDatabase({ databaseUrl: url.toString(), poolSize: 2 });
    const app = await buildApp({ config: t.config, db: handle.db, clock, listen: handle.listen });
    second = { app, handle };
    await app.listen({ port: 0, host: '127.0.0.1' });
    const otherBase = `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

    const { coach, one } = await chatCast(t);
    const conv = await conversationWith(t, one.parent.headers, 'coach');
    const onSecond = openSocket(otherBase);
    await onSecond.hello(one.parent.token);
    // Sent through the first process (t.app); the socket lives on the second.
    await sendChat(t, coach.headers, conv.id, 'Sent through process one');
    await onSecond.until(() => onSecond.messages().length === 1, 'cross-process message');
    expect(onSecond.messages()[0]!.body).toBe('Sent through process one');
    onSecond.close();
  });
});
