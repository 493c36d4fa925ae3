import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect, expectNoA11yViolations, shot, skipFirstVisitDemo } from './fixtures.ts';
import { newDesktopPage, sessionToken, signIn, topShot } from './journeys.ts';
import { toastArea } from './toasts.ts';

/**
 * Issue 17: a parent (on a phone) and the coach (at a desk) talk live, with an attachment; the
 * parent's unread badge goes up and down; the coach's program-wide message reaches two families
 * who never see each other's replies.
 */
test.use({ viewport: { width: 375, height: 812 } });

interface ChatFixture {
  password: string;
  coach: { email: string; name: string };
  program: { id: string; title: string };
  families: { email: string; name: string }[];
}

async function chatFixture(request: APIRequestContext) {
  const res = await request.post('/api/e2e-fixtures/chat');
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: ChatFixture }).data;
}

const badge = (page: Page) => page.getByTestId('chat-header-link');

/** The stored thread, read through the API as this page's user (what was stored, not what shows). */
async function storedBodies(page: Page, request: APIRequestContext) {
  const headers = { 'x-access-token': await sessionToken(page) };
  const list = (await (await request.get('/api/chat/list', { headers })).json()) as {
    data: { conversations: { id: string; kind: string }[] };
  };
  const coach = list.data.conversations.find((c) => c.kind === 'coach')!;
  const history = (await (await request.get(`/api/chat/history?conversationId=${coach.id}`, { headers })).json()) as {
    data: { messages: { body: string; attachment: { name: string } | null }[] };
  };
  return history.data.messages;
}

test('a parent and a coach talk live with an attachment; a program-wide message reaches each family alone', async ({
  page,
  browser,
  request,
  checkA11y,
  takeShot,
}) => {
  // Three people's windows in one journey.
  test.setTimeout(150_000);
  const fx = await chatFixture(request);
  const [priya, daniel] = fx.families as [ChatFixture['families'][0], ChatFixture['families'][0]];

  // The parent, on a phone: the header's Messages button leads to the conversations.
  await skipFirstVisitDemo(page);
  await signIn(page, priya.email, fx.password);
  await badge(page).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
  const list = page.getByRole('list', { name: 'Conversations' });
  await expect(list.getByRole('button', { name: /KikStart Office/ })).toBeVisible();
  await expect(list.getByRole('button', { name: /Maria Elena Lopez/ })).toContainText(fx.program.title);
  await checkA11y('chat list at 375 px');
  await topShot(page, takeShot, 'chat-list-375');

  // The coach, at a desk, opens Priya's conversation before anything is in it.
  const coach = await newDesktopPage(browser);
  await signIn(coach, fx.coach.email, fx.password);
  await badge(coach).click();
  await coach
    .getByRole('list', { name: 'Conversations' })
    .getByRole('button', { name: /Priya Shah/ })
    .click();
  await expect(coach.getByText('No messages yet. Write the first one below.')).toBeVisible();

  // Priya writes; the coach's open thread shows it without a reload.
  await list.getByRole('button', { name: /Maria Elena Lopez/ }).click();
  await page.getByRole('textbox', { name: 'Message' }).fill('Theo will be 10 minutes late today');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByTestId('chat-message-body')).toHaveText(['Theo will be 10 minutes late today']);
  await checkA11y('chat thread at 375 px');
  await topShot(page, takeShot, 'chat-thread-375');
  await expect(coach.getByTestId('chat-message-body')).toHaveText(['Theo will be 10 minutes late today']);

  // Priya goes back to her list; the coach answers with a document: her badge goes up, live.
  await page.getByRole('button', { name: 'Back to conversations' }).click();
  await expect(badge(page)).toHaveAccessibleName('Messages');
  await coach.getByTestId('chat-file-input').setInputFiles({
    name: 'Field trip form.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
  });
  await expect(coach.getByText('Attached: Field trip form.pdf')).toBeVisible();
  await coach.getByRole('textbox', { name: 'Message' }).fill('No problem. Please sign the trip form');
  await coach.getByRole('button', { name: 'Send' }).click();
  await expect(coach.getByRole('link', { name: /Field trip form\.pdf/ })).toBeVisible();
  await expect(badge(page)).toHaveAccessibleName('Messages, 1 unread');
  await expectNoA11yViolations(coach, 'chat thread at 1280 px');
  await topShot(coach, (name, options) => shot(coach, name, options), 'chat-coach-1280');

  // She opens it: the message and the file are there, and the badge goes back down.
  await list.getByRole('button', { name: /Maria Elena Lopez/ }).click();
  await expect(page.getByRole('link', { name: /Field trip form\.pdf/ })).toBeVisible();
  await expect(badge(page)).toHaveAccessibleName('Messages');
  const download = await request.get(
    (await page.getByRole('link', { name: /Field trip form\.pdf/ }).getAttribute('href'))!,
  );
  expect(download.status()).toBe(200);
  expect((await download.body()).subarray(0, 5).toString()).toBe('%PDF-');

  // The coach writes to the whole program.
  await coach.getByRole('button', { name: 'Message a whole program' }).click();
  const dialog = coach.getByRole('dialog', { name: 'Message a whole program' });
  await dialog.getByRole('combobox', { name: 'Program' }).click();
  await coach.getByRole('option', { name: fx.program.title }).click();
  await dialog.getByRole('textbox', { name: 'Message' }).fill('No practice on Thursday: the field is closed');
  await dialog.getByRole('button', { name: 'Send to every family' }).click();
  await expect(toastArea(coach).getByText('Message sent to 2 families')).toBeVisible();
  // Priya's open thread gets it live.
  await expect(page.getByTestId('chat-message-body').last()).toHaveText('No practice on Thursday: the field is closed');

  // Daniel, another family, sees it in his own conversation and replies there.
  const dan = await newDesktopPage(browser);
  await signIn(dan, daniel.email, fx.password);
  await expect(badge(dan)).toHaveAccessibleName('Messages, 1 unread');
  await badge(dan).click();
  await dan
    .getByRole('list', { name: 'Conversations' })
    .getByRole('button', { name: /Maria Elena Lopez/ })
    .click();
  await expect(dan.getByTestId('chat-message-body')).toHaveText(['No practice on Thursday: the field is closed']);
  await dan.getByRole('textbox', { name: 'Message' }).fill('Thanks, Ada will bring her cleats on Tuesday');
  await dan.getByRole('button', { name: 'Send' }).click();
  await expect(dan.getByTestId('chat-message-body').last()).toHaveText('Thanks, Ada will bring her cleats on Tuesday');

  // What was stored: Priya's thread never holds Daniel's reply, Daniel's never holds Priya's.
  const priyaStored = await storedBodies(page, request);
  expect(priyaStored.map((m) => m.body)).toEqual([
    'No practice on Thursday: the field is closed',
    'No problem. Please sign the trip form',
    'Theo will be 10 minutes late today',
  ]);
  expect(priyaStored[1]!.attachment?.name).toBe('Field trip form.pdf');
  const danStored = await storedBodies(dan, request);
  expect(danStored.map((m) => m.body)).toEqual([
    'Thanks, Ada will bring her cleats on Tuesday',
    'No practice on Thursday: the field is closed',
  ]);
  await expect(page.getByText('Thanks, Ada will bring her cleats')).toHaveCount(0);

  await coach.context().close();
  await dan.context().close();
});
