import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from './fixtures.ts';
import { findMail, type DevMail } from './lead-helpers.ts';

/** Steps shared by the signed-in journeys (accounts, families, waitlist). */

export const DEMO_PARENT = { email: 'parent@kikstart.example', password: 'Parent-demo-2026' };

/** Signs in through /auth/login as a person would and waits for the account menu. */
export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/auth/login');
  const form = page.getByRole('form', { name: 'Log in' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: false }).first().fill(password);
  await form.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('button', { name: /^Account menu for/ })).toBeVisible();
}

/** The session token the web app keeps in its cookie, for checking stored data through the API. */
export const sessionToken = async (page: Page) => (await page.context().cookies()).find((c) => c.name === 'kikstart_token')!.value;

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
