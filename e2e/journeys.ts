import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { expect, skipFirstVisitDemo, waitForAppOnNavigation } from './fixtures.ts';
import { findMail, openCalendar, type DevMail } from './lead-helpers.ts';

/** Steps shared by the signed-in journeys (accounts, families, waitlist). */

export const DEMO_PARENT = { email: 'parent@kikstart.example', password: 'Parent-demo-2026' };

/** Signs in through /auth/login as a person would and waits for the account menu. */
export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/auth/login');
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: false }).first().fill(password);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('button', { name: /^Account menu for/ })).toBeVisible();
}

/** Opens the site as this parent: the first-visit demo skipped, signed in through the form. */
export async function openSignedIn(page: Page, parent: { email: string; password: string }) {
  await skipFirstVisitDemo(page);
  await signIn(page, parent.email, parent.password);
}

/** A second person's browser window at desktop size (another parent, another guardian). */
export async function newDesktopPage(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  waitForAppOnNavigation(page);
  await skipFirstVisitDemo(page);
  return page;
}

/** The session token the web app keeps in its cookie, for checking stored data through the API. */
export const sessionToken = async (page: Page) =>
  (await page.context().cookies()).find((c) => c.name === 'kikstart_token')!.value;

/** Waits for the mail to `to` with `subject` in the dev mailbox. */
export const mailTo = (request: APIRequestContext, to: string, subject: string): Promise<DevMail> =>
  findMail(request, (m) => m.to === to && m.subject === subject);

/** Screenshots from the top, so the sticky header sits where a person sees it. */
export async function topShot(
  page: Page,
  takeShot: (name: string, options?: { fullPage?: boolean }) => Promise<void>,
  name: string,
  options?: { fullPage?: boolean },
) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await takeShot(name, options);
}

export const FAMILY_PASSWORD = 'Tidepool-Lantern-2031';
const runTag = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;

/**
 * A family of the spec's own, signed up and verified through the API (sign-up itself is tested in
 * accounts.spec.ts): a spec changes only what it made, so a retry starts from the same place.
 */
export async function newVerifiedParent(request: APIRequestContext, firstName: string, lastName: string) {
  const email = `${firstName.toLowerCase()}.${lastName.toLowerCase()}.${runTag()}@example.com`;
  const signup = await request.post('/api/user/signup', {
    data: { firstName, lastName, email, phone: '415-555-0142', password: FAMILY_PASSWORD },
  });
  expect(signup.status(), await signup.text()).toBe(200);
  const mail = await mailTo(request, email, 'Confirm your email address');
  const link = mail.links.find((l) => l.includes('/auth/verify-email'))!;
  const verify = await request.get(
    `/api/user/email-verify?token=${encodeURIComponent(new URL(link).searchParams.get('token')!)}`,
  );
  expect(verify.status()).toBe(200);
  const signin = await request.post('/api/user/signin', { data: { email, password: FAMILY_PASSWORD } });
  const headers = { 'x-access-token': ((await signin.json()) as { data: { token: string } }).data.token };
  return { email, password: FAMILY_PASSWORD, headers };
}

/** Adds a child (grade 2, Lincoln Elementary unless told otherwise) through the API; returns its id. */
export async function addChildViaApi(
  request: APIRequestContext,
  headers: Record<string, string>,
  child: { firstName: string; lastName: string; grade?: number; schoolName?: string },
) {
  const data = {
    dateOfBirth: '2018-04-12',
    grade: 2,
    schoolName: 'Lincoln Elementary School',
    allergies: 2,
    medicalNotes: '',
    pickupPeople: [],
    photoConsent: 1,
    emergencyContacts: [{ name: `Priya ${child.lastName}`, relation: 'Mother', phone: '415-555-0177' }],
    ...child,
  };
  const added = await request.post('/api/user/child/add', { data, headers });
  expect(added.status(), await added.text()).toBe(200);
  return ((await added.json()) as { data: { id: string } }).data.id;
}

/** Holds a seat for a child through the API, the waiver signed by `waiverName`. */
export async function enrollViaApi(
  request: APIRequestContext,
  headers: Record<string, string>,
  childId: string,
  programId: string,
  waiverName: string,
) {
  const waiver = ((await (await request.get('/api/cms/waiver-data')).json()) as { data: { version: number } }).data;
  const res = await request.post('/api/enrollments/create', {
    data: { childId, programId, waiverName, waiverAccepted: true, waiverVersion: waiver.version },
    headers,
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: { id: string } }).data.id;
}

/** A seeded program's id, found by its title in the catalog search for `q` (a school or place). */
export async function programIdByTitle(request: APIRequestContext, q: string, title: string) {
  const list = (await (await request.get(`/api/programs/all-list?q=${encodeURIComponent(q)}&limit=50`)).json()) as {
    data: { items: { id: string; title: string }[] };
  };
  const found = list.data.items.find((p) => p.title === title);
  expect(found, `${title} in the catalog for ${q}`).toBeTruthy();
  return found!.id;
}

/** A small PNG drawn in the browser (head and shoulders on a coloured square), for avatar and child-photo uploads. */
export async function portraitPng(page: Page, colours: { background: string; figure: string }) {
  const dataUrl = await page.evaluate(({ background, figure }) => {
    const canvas = document.createElement('canvas');
    canvas.width = 120;
    canvas.height = 120;
    const ctx = canvas.getContext('2d')!;
    ctx.fillStyle = background;
    ctx.fillRect(0, 0, 120, 120);
    ctx.fillStyle = figure;
    ctx.beginPath();
    ctx.arc(60, 48, 22, 0, Math.PI * 2);
    ctx.fill();
    ctx.fillRect(26, 78, 68, 42);
    return canvas.toDataURL('image/png');
  }, colours);
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

/** Picks a date of birth in the calendar popup as a parent would: the year, then the 15th. */
export async function pickBirthday(page: Page, year: string) {
  // The picker opens on the years around a child's age: the year first, then the 15th of its month.
  const picker = await openCalendar(page, page);
  await picker.getByRole('radio', { name: year }).click();
  await picker.locator('[role="gridcell"]:not([disabled])').getByText('15', { exact: true }).click();
  await expect(picker).toBeHidden();
}

/** Opens a select field and picks one of its options. */
export async function chooseOption(page: Page, field: Locator, option: string) {
  await field.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Answers one of the child form's yes/no questions (allergies, photos). */
export const answerYesNo = (form: Locator, question: RegExp, answer: 'Yes' | 'No') =>
  form.getByRole('radiogroup', { name: question }).getByRole('radio', { name: answer }).check();

/** Fills one person of the child form ('Contact 1', 'Person 1'): name, relation and phone. */
export async function fillPerson(
  form: Locator,
  person: string,
  { name, relation, phone }: { name: string; relation: string; phone: string },
) {
  await form.getByLabel(`${person} name`).fill(name);
  await form.getByRole('group', { name: person }).getByLabel('Relation').fill(relation);
  await form.getByRole('group', { name: person }).getByLabel('Phone').fill(phone);
}

/** The enrollment wizard past its child step: school details confirmed, the waiver signed by `guardian`. */
export async function confirmDetailsAndSignWaiver(page: Page, guardian: string) {
  const main = page.getByRole('main');
  await main.getByRole('button', { name: 'Continue' }).click();
  await main.getByRole('button', { name: 'These details are right' }).click();
  await main.getByLabel('Guardian’s full name').fill(guardian);
  await main.getByRole('checkbox', { name: /accept it on behalf of my child/ }).check();
  await main.getByRole('button', { name: 'Sign and continue' }).click();
}

/** Fills the sandbox's card form as a person would and pays; the caller checks where it lands. */
export async function payWithSandboxCard(page: Page, number: string, nameOnCard: string) {
  await expect(page).toHaveURL(/\/checkout\/sandbox\?id=/);
  const form = page.getByRole('form', { name: 'Card details' });
  await form.getByLabel('Card number').fill(number);
  await form
    .getByLabel('Expiry (MM/YY)')
    .fill(`12/${String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0')}`);
  await form.getByLabel('CVC').fill('123');
  await form.getByLabel('Name on card').fill(nameOnCard);
  await form.getByRole('button', { name: 'Pay now' }).click();
}

/** Sums every layout shift not caused by input (the CLS metric), from the first paint of every page load. */
export async function watchLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __cls: number };
    w.__cls = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
        if (!entry.hadRecentInput) w.__cls += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The layout shift summed since watchLayoutShifts began on this page load. */
export const layoutShift = (page: Page) => page.evaluate(() => (window as unknown as { __cls: number }).__cls);
