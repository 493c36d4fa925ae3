import type { Page } from '@playwright/test';
import type { Paged } from '@kikstart/contract/common';
import { ENROLLMENT_MESSAGES, type Enrollment } from '@kikstart/contract/enrollments';
import type { Transaction } from '@kikstart/contract/payments';
import type { Billing, Plan } from '@kikstart/contract/memberships';
import { MEMBERSHIP_MESSAGES, formatPlanDate } from '@kikstart/contract/memberships';
import { test, expect, skipFirstVisitDemo } from './fixtures.ts';
import { addChildViaApi, enrollViaApi, newVerifiedParent, payWithSandboxCard, signIn, topShot } from './journeys.ts';

// A new family buys the monthly plan through the sandbox gateway, attaches two children, is refused
// a third, enrolls one covered child through the wizard (covered by the plan: confirmed at the pay
// step, no checkout) and the other through the API, pays nothing more, and cancels: the billing
// page then says the date the membership ends.

const main = (page: Page) => page.getByRole('main');

test.describe('memberships: plans, subscribe, covered children, cancel', () => {
  test('subscribe monthly, attach two children, enroll both with no second payment, a third is refused, cancel shows the end date', async ({
    page,
    request,
    checkA11y,
    takeShot,
  }) => {
    test.setTimeout(180_000);
    const parent = await newVerifiedParent(request, 'Priya', 'Okafor');
    const kids = [];
    for (const firstName of ['Ada', 'Bola', 'Chidi'])
      kids.push({
        name: `${firstName} Okafor`,
        id: await addChildViaApi(request, parent.headers, { firstName, lastName: 'Okafor' }),
      });
    await skipFirstVisitDemo(page);
    await signIn(page, parent.email, parent.password);

    // The FAQ's membership answer links to the plans: both side by side, no waitlist priority promised.
    await page.goto('/faq');
    await main(page).getByRole('button', { name: 'What is a super parent membership?' }).click();
    await main(page).getByRole('link', { name: 'Compare the membership plans' }).click();
    await expect(page).toHaveURL(/\/memberships$/);
    const monthly = main(page).getByRole('region', { name: 'Super Parent Monthly' });
    const yearly = main(page).getByRole('region', { name: 'Super Parent Yearly' });
    await expect(monthly).toContainText('$89');
    await expect(monthly).toContainText('Up to 2 children');
    await expect(yearly).toContainText('Up to 4 children');
    await expect(main(page).getByText('Priority on waitlists')).toHaveCount(0);
    await checkA11y('plans page');
    await topShot(page, takeShot, 'memberships-plans-1280');
    await page.setViewportSize({ width: 375, height: 800 });
    await topShot(page, takeShot, 'memberships-plans-375');
    await page.setViewportSize({ width: 1280, height: 800 });

    // Subscribe through the sandbox card page, like a one-time payment.
    await monthly.getByRole('button', { name: 'Choose Super Parent Monthly' }).click();
    await payWithSandboxCard(page, '4242 4242 4242 4242', 'Priya Okafor');
    await expect(page).toHaveURL(/\/account\/billing\/checkout\?id=/);
    await expect(main(page).getByText('Your Super Parent Monthly membership is active')).toBeVisible();
    await expect(page.getByText(MEMBERSHIP_MESSAGES.created).first()).toBeVisible(); // the §8 toast
    await checkA11y('membership payment result');

    // Billing from the account menu: attach two children; the third is refused at the plan's limit.
    await page.getByRole('button', { name: /^Account menu for/ }).click();
    await page.getByRole('menuitem', { name: 'Billing' }).click();
    await expect(page).toHaveURL(/\/account\/billing$/);
    for (const kid of kids.slice(0, 2)) {
      await main(page)
        .getByRole('button', { name: `Attach ${kid.name}` })
        .click();
      await expect(page.getByText(MEMBERSHIP_MESSAGES.childAttached(kid.name)).first()).toBeVisible();
      await expect(main(page).getByRole('button', { name: `Detach ${kid.name}` })).toBeVisible();
    }
    await expect(main(page).getByText('2 of 2 children covered.')).toBeVisible();
    await main(page)
      .getByRole('button', { name: `Attach ${kids[2]!.name}` })
      .click();
    await expect(page.getByText(MEMBERSHIP_MESSAGES.childLimit('Super Parent Monthly', 2)).first()).toBeVisible();
    await expect(main(page).getByRole('button', { name: `Attach ${kids[2]!.name}` })).toBeVisible();

    // Ada enrolls in a covered program through the wizard: the pay step says the plan covers her, and
    // the seat is confirmed there, with no checkout and nothing to pay.
    const plans = (await (await request.get('/api/membership-pan/list')).json()).data as Plan[];
    const programId = (slug: string) => plans[0]!.coveredPrograms.find((p) => p.slug === slug)!.id;
    const chessId = programId('rosewood-chess-club');
    const enrollPath = `/programs/${chessId}/enroll`;
    const ada = kids[0]!;
    await page.goto(`/programs/${chessId}`);
    await main(page)
      .getByRole('complementary', { name: 'Program facts' })
      .getByRole('link', { name: 'Enroll' })
      .click();
    await expect(page).toHaveURL(enrollPath);
    await main(page).getByRole('radio', { name: ada.name }).check();
    await expect(page).toHaveURL(`${enrollPath}?childId=${ada.id}`);
    await main(page).getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(`${enrollPath}?step=school&childId=${ada.id}`);
    await main(page).getByRole('button', { name: 'These details are right' }).click();
    await expect(page).toHaveURL(`${enrollPath}?step=waiver&childId=${ada.id}`);
    await main(page).getByLabel('Guardian’s full name').fill('Priya Okafor');
    await main(page)
      .getByRole('checkbox', { name: /accept it on behalf of my child/ })
      .check();
    await main(page).getByRole('button', { name: 'Sign and continue' }).click();
    await expect(page).toHaveURL(`${enrollPath}?step=review&childId=${ada.id}`);
    await main(page).getByRole('button', { name: 'Continue to payment' }).click();
    await expect(page).toHaveURL(`${enrollPath}?step=pay&childId=${ada.id}`);
    await expect(main(page).getByText('Covered by your plan', { exact: true })).toBeVisible();
    await expect(main(page).getByText('Ada is covered by your membership', { exact: false })).toBeVisible();
    await expect(main(page).getByText(/We hold the seat/)).toHaveCount(0);
    await expect(main(page).getByRole('button', { name: 'Hold my seat' })).toHaveCount(0);
    await checkA11y('wizard pay step, covered by the plan');
    await topShot(page, takeShot, 'memberships-wizard-covered-pay-1280');
    await page.setViewportSize({ width: 375, height: 800 });
    await topShot(page, takeShot, 'memberships-wizard-covered-pay-375');
    await page.setViewportSize({ width: 1280, height: 800 });
    await main(page).getByRole('button', { name: 'Enroll, covered by your plan' }).click();
    await expect(main(page).getByText('Ada is enrolled, covered by your plan')).toBeVisible();
    await expect(main(page).getByText('Nothing to pay', { exact: false })).toBeVisible();
    await expect(page.getByText(ENROLLMENT_MESSAGES.coveredByPlan).first()).toBeVisible(); // the §8 toast
    await expect(page).toHaveURL(`${enrollPath}?step=pay&childId=${ada.id}`); // no checkout
    await checkA11y('wizard outcome, covered by the plan');
    await topShot(page, takeShot, 'memberships-wizard-covered-done-1280');
    await page.setViewportSize({ width: 375, height: 800 });
    await topShot(page, takeShot, 'memberships-wizard-covered-done-375');
    await page.setViewportSize({ width: 1280, height: 800 });

    // Bola's covered enrollment goes through the API; both are stored confirmed, and the only
    // transaction is still the plan's own charge.
    await enrollViaApi(request, parent.headers, kids[1]!.id, programId('maple-grove-tennis'), 'Priya Okafor');
    const enrollments = (
      (await (await request.get('/api/enrollments/list', { headers: parent.headers })).json()).data as Paged<Enrollment>
    ).items;
    const adaSeat = enrollments.find((e) => e.child.name === ada.name);
    expect(adaSeat).toMatchObject({ status: 'confirmed', program: { id: chessId }, waiver: { name: 'Priya Okafor' } });
    expect(adaSeat!.holdExpiresAt).toBeNull();
    expect(enrollments.map((e) => e.status)).toEqual(['confirmed', 'confirmed']);
    const payments = (
      (await (await request.get('/api/transaction/list', { headers: parent.headers })).json())
        .data as Paged<Transaction>
    ).items;
    expect(payments.map((t) => [t.kind, t.amountCents, t.hasReceipt])).toEqual([['payment', 8900, true]]);

    await page.goto('/account/billing');
    await expect(main(page).getByText(/^Next charge: \$89 on /)).toBeVisible();
    await checkA11y('billing page');
    await topShot(page, takeShot, 'memberships-billing-1280');
    await page.setViewportSize({ width: 375, height: 800 });
    await topShot(page, takeShot, 'memberships-billing-375');
    await page.setViewportSize({ width: 1280, height: 800 });

    // Cancel: the toast and the page say the date the membership ends.
    const billing = (await (await request.get('/api/stripe-subscription/details', { headers: parent.headers })).json())
      .data as Billing;
    const endDate = formatPlanDate(billing.subscription!.currentPeriodEnd);
    await main(page).getByRole('button', { name: 'Cancel membership' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel membership' }).click();
    await expect(page.getByText(MEMBERSHIP_MESSAGES.cancelled(endDate)).first()).toBeVisible();
    await expect(
      main(page).getByText(`Cancelled: your membership ends on ${endDate}.`, { exact: false }),
    ).toBeVisible();
    await checkA11y('billing page, cancelled');
    await topShot(page, takeShot, 'memberships-billing-cancelled-1280');
  });
});
