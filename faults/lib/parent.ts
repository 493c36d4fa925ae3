import { visitorHeaders } from './load.ts';
import { waitFor } from './paths.ts';

/**
 * A parent using the API as the web app does: sign up, the link from the (dev) mailbox, sign in,
 * add a child, hold a seat, pay. Each call answers the envelope; the callers assert on it.
 */

export interface Envelope<T = unknown> {
  status: number;
  message: string;
  code?: string;
  data: T;
}

export const PASSWORD = 'Blue-kite-river-42';

export async function call<T = unknown>(
  base: string,
  method: 'GET' | 'POST',
  path: string,
  { token, body, timeoutMs = 30_000 }: { token?: string; body?: unknown; timeoutMs?: number } = {},
): Promise<Envelope<T>> {
  const res = await fetch(base + path, {
    method,
    headers: { ...visitorHeaders(), ...(token ? { 'x-access-token': token } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  });
  return (await res.json()) as Envelope<T>;
}

/** Throws with the answer unless it is a 200: setup steps that must work. */
async function must<T>(what: string, answer: Promise<Envelope<T>>) {
  const a = await answer;
  if (a.status !== 200) throw new Error(`${what}: ${a.status} ${a.code ?? ''} ${a.message}`);
  return a.data;
}

export interface Parent {
  email: string;
  token: string;
  children: string[];
}

/** Signs up, opens the verification link from the dev mailbox, signs in, and adds `kids` children. */
export async function newParent(base: string, email: string, kids = 1): Promise<Parent> {
  await must(
    'sign-up',
    call(base, 'POST', '/api/user/signup', {
      body: { firstName: 'Maya', lastName: 'Okafor', email, phone: '(415) 555-0134', password: PASSWORD },
    }),
  );
  const link = await waitFor(`the verification mail to ${email}`, async () => {
    const box = await call<{ items: { to: string; links: string[] }[] }>(base, 'GET', '/api/dev/mailbox?limit=100');
    return box.data.items.find((m) => m.to === email)?.links.find((l) => l.includes('/auth/verify-email'));
  });
  const token = new URL(link).searchParams.get('token')!;
  await must('verify', call(base, 'GET', `/api/user/email-verify?token=${encodeURIComponent(token)}`));
  const session = await must<{ token: string }>(
    'sign-in',
    call(base, 'POST', '/api/user/signin', { body: { email, password: PASSWORD } }),
  );
  const children: string[] = [];
  for (let i = 0; i < kids; i++) {
    const child = await must<{ id: string }>(
      'add child',
      call(base, 'POST', '/api/user/child/add', {
        token: session.token,
        body: {
          firstName: ['Leo', 'Ava', 'Noah', 'Mia'][i % 4],
          lastName: 'Okafor',
          dateOfBirth: `${new Date().getUTCFullYear() - 8}-01-15`,
          grade: 2,
          schoolName: 'Lincoln Elementary School',
          allergies: 2,
          medicalNotes: '',
          emergencyContacts: [{ name: 'Ana Okafor', relation: 'Mother', phone: '415-555-0199' }],
          pickupPeople: [{ name: 'Rosa Lopez', relation: 'Aunt', phone: '(415) 555 0188' }],
          photoConsent: 1,
        },
      }),
    );
    children.push(child.id);
  }
  return { email, token: session.token, children };
}

/** The seeded programs by title (the demo catalog: spread over the week, so a child's never clash). */
export async function programsByTitle(base: string) {
  const list = await call<{ items: { id: string; title: string; capacity: number }[] }>(
    base,
    'GET',
    '/api/programs/all-list?limit=50',
  );
  return new Map(list.data.items.map((p) => [p.title, p]));
}

/** Holds a seat (signing the current waiver); answers the enrollment id. */
export async function holdSeat(base: string, parent: Parent, childId: string, programId: string) {
  const waiver = await call<{ version: number }>(base, 'GET', '/api/cms/waiver-data');
  const seat = await must<{ id: string; status: string }>(
    'hold a seat',
    call(base, 'POST', '/api/enrollments/create', {
      token: parent.token,
      body: { childId, programId, waiverName: 'Maya Okafor', waiverAccepted: true, waiverVersion: waiver.data.version },
    }),
  );
  return seat.id;
}

export const initiate = (base: string, parent: Parent, enrollmentIds: string[], timeoutMs?: number) =>
  call<{ checkoutId: string; redirectUrl: string }>(base, 'POST', '/api/stripe-single-payment/initiate', {
    token: parent.token,
    body: { enrollmentIds },
    timeoutMs,
  });

/** The sandbox gateway's card form, with Stripe's test card that succeeds. */
export const payByCard = (base: string, parent: Parent, checkoutId: string) =>
  call<{ state: string }>(base, 'POST', '/api/sandbox/checkout/pay', {
    token: parent.token,
    body: { checkoutId, cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123', name: 'Maya Okafor' },
  });

/** What the parent's return to the site asks: the checkout's outcome, read from the gateway. */
export const checkoutOutcome = (base: string, parent: Parent, checkoutId: string) =>
  call<{ state: string }>(base, 'POST', '/api/stripe-subscription/single-payment', {
    token: parent.token,
    body: { checkoutId },
  });
