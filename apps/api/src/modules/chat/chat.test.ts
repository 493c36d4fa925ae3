import { describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { chatMessages, enrollments } from '@kikstart/db';
import { CHAT_BODY_MAX, CHAT_MESSAGES, type ChatHistory, type ChatMessage } from '@kikstart/contract/chat';
import { UPLOAD_KINDS } from '@kikstart/contract/uploads';
import { body, useTestApp } from '../../../test/test-app.ts';
import { chatCast, chatList, conversationWith, sendChat } from '../../../test/chat-fixtures.ts';
import { multipartForm } from '../../../test/multipart.ts';
import { METADATA_MARKERS, jpegWithGps } from '../../../test/file-fixtures.ts';
import { privateFilesDir } from '../../lib/uploads.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { createUserWithSession } from '../../../test/user-fixtures.ts';
import { addChild } from '../../../test/enrollment-fixtures.ts';
import { enrollDirectly } from '../../../test/coach-fixtures.ts';
import { rowsOf } from './chat-access.ts';

const t = useTestApp();

const history = async (headers: Record<string, string>, conversationId: string, query = '') => {
  const res = await t.app.inject({ url: `/api/chat/history?conversationId=${conversationId}${query}`, headers });
  return { res, data: res.statusCode === 200 ? body<ChatHistory>(res).data : null };
};

const upload = (
  headers: Record<string, string>,
  conversationId: string,
  file: { filename: string; type: string; bytes: Buffer },
  text = '',
) => {
  const form = multipartForm({ conversationId, text }, { field: 'file', ...file });
  return t.app.inject({
    method: 'POST',
    url: '/api/chat/file/upload',
    headers: { ...headers, ...form.headers },
    payload: form.payload,
  });
};

const chatFiles = () => {
  try {
    return readdirSync(join(privateFilesDir(t.config), 'chat'));
  } catch {
    return [];
  }
};
const messageCount = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(chatMessages))[0]!.n;

describe('who may talk', () => {
  it('a family sees the office and its children’s coach; the coach sees the families; strangers get 404', async () => {
    const { coach, otherCoach, admin, one, two, loner } = await chatCast(t);
    const familyList = await chatList(t, one.parent.headers);
    expect(familyList.conversations.map((c) => [c.kind, c.title])).toEqual(
      expect.arrayContaining([
        ['office', 'KikStart Office'],
        ['coach', 'Maria Lopez'],
      ]),
    );
    expect(familyList.unreadTotal).toBe(0);
    const coachList = await chatList(t, coach.headers);
    expect(coachList.conversations.map((c) => c.title)).toEqual(['Ana Martinez', 'Ana Martinez']);
    expect((await chatList(t, loner.headers)).conversations.map((c) => c.kind)).toEqual(['office']);

    const withCoach = await conversationWith(t, one.parent.headers, 'coach');
    // Another family, another coach, an admin (a coach conversation is not the office's), anonymous.
    for (const [who, headers] of [
      ['other family', two.parent.headers],
      ['other coach', otherCoach.headers],
      ['admin', admin.headers],
    ] as const) {
      const h = await history(headers, withCoach.id);
      expect(h.res.statusCode, who).toBe(404);
      expect((await sendChat(t, headers, withCoach.id, 'hello')).statusCode, who).toBe(404);
      const read = await t.app.inject({
        method: 'POST',
        url: '/api/chat/read',
        headers,
        payload: { conversationId: withCoach.id, upTo: 1 },
      });
      expect(read.statusCode, who).toBe(404);
      const up = await upload(headers, withCoach.id, { filename: 'a.pdf', type: 'application/pdf', bytes: PDF });
      expect(up.statusCode, who).toBe(404);
    }
    for (const url of [
      '/api/chat/list',
      `/api/chat/history?conversationId=${withCoach.id}`,
      '/api/chat/since?after=0',
    ]) {
      expect((await t.app.inject({ url })).statusCode, url).toBe(401);
    }
    expect(chatFiles()).toEqual([]);
  });

  it('a conversation closes for new messages when the last live enrollment ends; history stays', async () => {
    const { coach, one } = await chatCast(t);
    const conv = await conversationWith(t, one.parent.headers, 'coach');
    expect((await sendChat(t, one.parent.headers, conv.id, 'Leo will be late today')).statusCode).toBe(200);
    await t.db.update(enrollments).set({ status: 'dropped' }).where(eq(enrollments.childId, one.childId));
    const refused = await sendChat(t, coach.headers, conv.id, 'See you next week');
    expect(refused.statusCode).toBe(403);
    expect(body(refused).message).toBe(CHAT_MESSAGES.closed);
    const h = await history(one.parent.headers, conv.id);
    expect(h.data!.conversation.canSend).toBe(false);
    expect(h.data!.messages.map((m) => m.body)).toEqual(['Leo will be late today']);
  });
});

describe('messages', () => {
  it('send, unread counts up, history pages newest first, mark read counts down', async () => {
    const { coach, one } = await chatCast(t);
    const conv = await conversationWith(t, one.parent.headers, 'coach');
    const sent: ChatMessage[] = [];
    for (let i = 1; i <= 5; i++) {
      const res = await sendChat(t, coach.headers, conv.id, `Reminder ${i}: bring water`);
      expect(res.statusCode).toBe(200);
      sent.push(body<ChatMessage>(res).data);
    }
    expect(sent[0]).toMatchObject({ mine: true, side: 'staff', senderName: 'Maria Lopez', attachment: null });
    const before = await chatList(t, one.parent.headers);
    expect(before.unreadTotal).toBe(5);
    expect(before.conversations.find((c) => c.id === conv.id)!.lastMessage).toMatchObject({
      preview: 'Reminder 5: bring water',
      mine: false,
    });
    // The coach's own messages are never unread for the coach.
    expect((await chatList(t, coach.headers)).unreadTotal).toBe(0);

    const page1 = await history(one.parent.headers, conv.id, '&limit=2');
    expect(page1.data!.messages.map((m) => m.body)).toEqual(['Reminder 5: bring water', 'Reminder 4: bring water']);
    const page2 = await history(one.parent.headers, conv.id, `&limit=2&before=${page1.data!.nextCursor}`);
    expect(page2.data!.messages.map((m) => m.body)).toEqual(['Reminder 3: bring water', 'Reminder 2: bring water']);
    const page3 = await history(one.parent.headers, conv.id, `&limit=2&before=${page2.data!.nextCursor}`);
    expect(page3.data!.messages.map((m) => m.body)).toEqual(['Reminder 1: bring water']);
    expect(page3.data!.nextCursor).toBeNull();

    const read = await t.app.inject({
      method: 'POST',
      url: '/api/chat/read',
      headers: one.parent.headers,
      payload: { conversationId: conv.id, upTo: sent[2]!.id },
    });
    expect(body(read).data).toEqual({ unreadTotal: 2 });
    // A made-up id past the newest message marks only what exists.
    const all = await t.app.inject({
      method: 'POST',
      url: '/api/chat/read',
      headers: one.parent.headers,
      payload: { conversationId: conv.id, upTo: Number.MAX_SAFE_INTEGER },
    });
    expect(body(all).data).toEqual({ unreadTotal: 0 });
    await sendChat(t, coach.headers, conv.id, 'One more thing');
    expect((await chatList(t, one.parent.headers)).unreadTotal).toBe(1);
  });

  it("a coach's program-wide message reaches each family alone; replies stay in their own thread", async () => {
    const { coach, otherCoach, program, one, two, loner } = await chatCast(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/chat/program-message',
      headers: coach.headers,
      payload: { programId: program.id, body: 'No practice on Friday: the field is closed' },
    });
    expect(res.statusCode).toBe(200);
    expect(body(res)).toMatchObject({ message: 'Message sent to 2 families', data: { families: 2 } });
    const c1 = await conversationWith(t, one.parent.headers, 'coach');
    const c2 = await conversationWith(t, two.parent.headers, 'coach');
    expect(c1.id).not.toBe(c2.id);
    await sendChat(t, one.parent.headers, c1.id, 'Thanks, Leo has a dentist visit anyway');
    const h1 = await history(one.parent.headers, c1.id);
    const h2 = await history(two.parent.headers, c2.id);
    expect(h1.data!.messages.map((m) => m.body)).toEqual([
      'Thanks, Leo has a dentist visit anyway',
      'No practice on Friday: the field is closed',
    ]);
    expect(h2.data!.messages.map((m) => m.body)).toEqual(['No practice on Friday: the field is closed']);
    expect(h2.data!.messages[0]!.programTitle).toBe(program.title);
    // Someone else's program, a parent, a stranger's program id: refused, nothing stored.
    const count = await messageCount();
    const asOther = await t.app.inject({
      method: 'POST',
      url: '/api/chat/program-message',
      headers: otherCoach.headers,
      payload: { programId: program.id, body: 'Hi' },
    });
    expect(asOther.statusCode).toBe(404);
    const asParent = await t.app.inject({
      method: 'POST',
      url: '/api/chat/program-message',
      headers: loner.headers,
      payload: { programId: program.id, body: 'Hi' },
    });
    expect(asParent.statusCode).toBe(403);
    expect(await messageCount()).toBe(count);
  });

  it('missing, malformed, oversized and hostile input: 4xx with a message, nothing stored', async () => {
    const { one } = await chatCast(t);
    const conv = await conversationWith(t, one.parent.headers, 'office');
    const count = await messageCount();
    const cases: [object | string, number][] = [
      [{}, 400],
      [{ conversationId: conv.id }, 400],
      [{ conversationId: conv.id, body: '   ' }, 400],
      [{ conversationId: conv.id, body: 'x'.repeat(CHAT_BODY_MAX + 1) }, 400],
      [{ conversationId: conv.id, body: 'null byte \u0000 here' }, 400],
      [{ conversationId: 'not-a-uuid', body: 'hi' }, 400],
      [{ conversationId: "' or 1=1 --", body: 'hi' }, 400],
      [{ conversationId: conv.id, body: { $gt: '' } }, 400],
      ['{"conversationId": ', 400],
    ];
    for (const [payload, status] of cases) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/chat/send',
        headers: { ...one.parent.headers, 'content-type': 'application/json' },
        payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(body(res).message.length).toBeGreaterThan(0);
    }
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/chat/send',
      headers: { ...one.parent.headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ conversationId: conv.id, body: 'x'.repeat(400_000) }),
    });
    expect(huge.statusCode).toBe(413);
    for (const query of [
      'conversationId=nope',
      `conversationId=${conv.id}&limit=0`,
      `conversationId=${conv.id}&before=-1`,
      `conversationId=${conv.id}&limit=1000`,
    ]) {
      expect(
        (await t.app.inject({ url: `/api/chat/history?${query}`, headers: one.parent.headers })).statusCode,
        query,
      ).toBe(400);
    }
    expect((await t.app.inject({ url: '/api/chat/since?after=abc', headers: one.parent.headers })).statusCode).toBe(
      400,
    );
    // A conversation id that does not exist: 404, as another family's.
    expect((await sendChat(t, one.parent.headers, '00000000-0000-4000-8000-000000000000', 'hi')).statusCode).toBe(404);
    expect(await messageCount()).toBe(count);
  });
});

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

describe('attachments', () => {
  it('a picture is re-encoded without metadata and only members download it', async () => {
    const { coach, one, two } = await chatCast(t);
    const conv = await conversationWith(t, one.parent.headers, 'coach');
    const res = await upload(
      one.parent.headers,
      conv.id,
      { filename: '../../../etc/passwd/leo rash.jpg', type: 'image/jpeg', bytes: await jpegWithGps() },
      'Photo of the rash for the nurse',
    );
    expect(res.statusCode, res.body).toBe(200);
    const message = body<ChatMessage>(res).data;
    expect(message.body).toBe('Photo of the rash for the nurse');
    expect(message.attachment).toMatchObject({ name: 'leo rash.jpg', mime: 'image/jpeg', isImage: true });
    const url = message.attachment!.url;
    expect(url).toMatch(/^\/api\/chat\/file\/[0-9a-f]{32}\.jpg\?v=[0-9a-f-]{36}&expires=\d+&signature=/);

    // The coach (a member) by signed link and by header; stored bytes carry no metadata.
    const viaLink = await t.app.inject({ url });
    expect(viaLink.statusCode).toBe(200);
    expect(viaLink.headers['cache-control']).toMatch(/^private/);
    for (const marker of METADATA_MARKERS) expect(viaLink.rawPayload.includes(marker), marker).toBe(false);
    const plain = url.split('?')[0]!;
    expect((await t.app.inject({ url: plain, headers: coach.headers })).statusCode).toBe(200);
    // Another family by header, nobody without a link, a forged signature.
    expect((await t.app.inject({ url: plain, headers: two.parent.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ url: plain })).statusCode).toBe(403);
    expect((await t.app.inject({ url: url.replace(/signature=.{4}/, 'signature=AAAA') })).statusCode).toBe(403);
    // A path in the name is refused by the name rule before any file is looked at.
    expect(
      (await t.app.inject({ url: '/api/chat/file/..%2F..%2Fetc%2Fpasswd', headers: coach.headers })).statusCode,
    ).toBe(400);
  });

  it('a forwarded attachment link works for minutes only, and never for another signed-in user', async () => {
    const { coach, one, two } = await chatCast(t);
    const conv = await conversationWith(t, one.parent.headers, 'coach');
    const res = await upload(one.parent.headers, conv.id, {
      filename: 'form.pdf',
      type: 'application/pdf',
      bytes: PDF,
    });
    const url = body<ChatMessage>(res).data.attachment!.url;
    const link = new URL(url, 'http://localhost');
    expect(link.searchParams.get('v')).toBe(one.parent.userId);
    expect(Number(link.searchParams.get('expires')) * 1000 - Date.now()).toBeLessThanOrEqual(10 * 60_000);
    // Another family's parent, by header or by the web app's session cookie; the coach, a member
    // whose own view of the message carries a link of their own.
    for (const headers of [two.parent.headers, { cookie: `kikstart_token=${two.parent.token}` }, coach.headers])
      expect((await t.app.inject({ url, headers })).statusCode, JSON.stringify(headers)).toBe(404);
    // Its own user, and anyone holding it while signed out, until it expires.
    expect((await t.app.inject({ url, headers: { cookie: `kikstart_token=${one.parent.token}` } })).statusCode).toBe(
      200,
    );
    expect((await t.app.inject({ url })).statusCode).toBe(200);
    // Naming another viewer in the link breaks its signature.
    expect((await t.app.inject({ url: url.replace(one.parent.userId, two.parent.userId) })).statusCode).toBe(403);
  });

  it('a document downloads as an attachment; wrong bytes, empty, oversized and extra files are refused', async () => {
    const { coach, one } = await chatCast(t);
    const conv = await conversationWith(t, one.parent.headers, 'coach');
    const ok = await upload(coach.headers, conv.id, {
      filename: 'Field trip form.pdf',
      type: 'application/pdf',
      bytes: PDF,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const url = body<ChatMessage>(ok).data.attachment!.url;
    const download = await t.app.inject({ url, headers: coach.headers });
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe("attachment; filename*=UTF-8''Field%20trip%20form.pdf");

    const filesBefore = chatFiles().length;
    const count = await messageCount();
    const bad: [string, { filename: string; type: string; bytes: Buffer }, number][] = [
      [
        'script named pdf',
        { filename: 'form.pdf', type: 'application/pdf', bytes: Buffer.from('<script>alert(1)</script>') },
        415,
      ],
      [
        'html as png',
        { filename: 'x.png', type: 'image/png', bytes: Buffer.from('<html><body>hi</body></html>') },
        415,
      ],
      ['empty', { filename: 'empty.pdf', type: 'application/pdf', bytes: Buffer.alloc(0) }, 400],
      [
        'oversized',
        {
          filename: 'big.pdf',
          type: 'application/pdf',
          bytes: Buffer.concat([PDF, Buffer.alloc(UPLOAD_KINDS.attachment.maxBytes)]),
        },
        413,
      ],
    ];
    for (const [label, file, status] of bad) {
      const res = await upload(one.parent.headers, conv.id, file);
      expect(res.statusCode, label).toBe(status);
      expect(body(res).message.length, label).toBeGreaterThan(0);
    }
    const noFile = multipartForm({ conversationId: conv.id });
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/chat/file/upload',
      headers: { ...one.parent.headers, ...noFile.headers },
      payload: noFile.payload,
    });
    expect(missing.statusCode).toBe(400);
    const extra = multipartForm({ conversationId: conv.id }, [
      { field: 'file', filename: 'a.pdf', type: 'application/pdf', bytes: PDF },
      { field: 'other', filename: 'b.pdf', type: 'application/pdf', bytes: PDF },
    ]);
    const extraRes = await t.app.inject({
      method: 'POST',
      url: '/api/chat/file/upload',
      headers: { ...one.parent.headers, ...extra.headers },
      payload: extra.payload,
    });
    expect(extraRes.statusCode).toBe(400);
    expect(chatFiles().length).toBe(filesBefore);
    expect(await messageCount()).toBe(count);
  });
});

describe("a family's data rights", () => {
  it('the download holds their conversations; deleting the last guardian deletes them and their files', async () => {
    const { coach, program } = await chatCast(t);
    const password = 'Quiet-harbour-lamp-77';
    const parent = await createUserWithSession(t, {
      firstName: 'Iris',
      lastName: 'Novak',
      passwordHash: await hashPassword(password),
    });
    const childId = await addChild(t, parent.headers, { firstName: 'Ada' });
    await enrollDirectly(t, { familyId: parent.familyId, childId, programId: program.id });
    const conv = await conversationWith(t, parent.headers, 'coach');
    await sendChat(t, parent.headers, conv.id, 'Ada is allergic to bees');
    const sentFile = await upload(coach.headers, conv.id, {
      filename: 'plan.pdf',
      type: 'application/pdf',
      bytes: PDF,
    });
    const url = body<ChatMessage>(sentFile).data.attachment!.url;
    const stored = url.split('?')[0]!.split('/').pop()!;
    expect(chatFiles()).toContain(stored);

    const exported = body<{ family: { conversations: { with: string; messages: { body: string }[] }[] } }>(
      await t.app.inject({ url: '/api/user/export', headers: parent.headers }),
    ).data;
    const withCoach = exported.family.conversations.find((c) => c.with === 'Maria Lopez')!;
    expect(withCoach.messages.map((m) => m.body)).toEqual(['Ada is allergic to bees', '']);
    expect(JSON.stringify(exported)).toContain('plan.pdf');
    expect(JSON.stringify(exported)).not.toContain('Leo');

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/delete-account',
      headers: parent.headers,
      payload: { password },
    });
    expect(res.statusCode).toBe(200);
    const left = rowsOf<{ n: number }>(
      await t.db.execute(sql`select count(*)::int as n from chat_conversations where family_id = ${parent.familyId}`),
    );
    expect(left[0]!.n).toBe(0);
    expect(chatFiles()).not.toContain(stored);
  });
});
