import { sleep } from './paths.ts';

/** One request of the load and what came back: an HTTP answer, or the network error instead. */
export interface Outcome {
  kind: string;
  startedAt: number;
  endedAt: number;
  status?: number;
  /** The envelope's machine-readable code, when the answer was JSON with one. */
  code?: string;
  /** The network error when there was no answer (ECONNRESET, ECONNREFUSED, TimeoutError…). */
  error?: string;
  /** What a write stored, so the check can look for it in the database afterwards. */
  wrote?: string;
}

export interface Load {
  outcomes: Outcome[];
  /** Stops the clients and waits for their last requests. */
  stop(): Promise<Outcome[]>;
}

export type Step = (client: number, n: number) => { kind: string; url: string; init?: RequestInit; wrote?: string };

/** Sends `step`'s request and records the outcome; never throws. */
export async function send(
  base: string,
  kind: string,
  url: string,
  init: RequestInit = {},
  wrote?: string,
  timeoutMs = 15_000,
): Promise<Outcome> {
  const startedAt = Date.now();
  try {
    const res = await fetch(base + url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    const text = await res.text();
    let code: string | undefined;
    try {
      code = (JSON.parse(text) as { code?: string }).code;
    } catch {
      // not JSON: left without a code, which the checks notice
    }
    return { kind, startedAt, endedAt: Date.now(), status: res.status, code, wrote };
  } catch (err) {
    return { kind, startedAt, endedAt: Date.now(), error: networkError(err), wrote };
  }
}

/** fetch() wraps the socket's error: its code (ECONNRESET, UND_ERR_SOCKET…) says what happened. */
export function networkError(err: unknown): string {
  const e = err as { name?: string; cause?: { code?: string; name?: string } };
  return e.cause?.code ?? e.cause?.name ?? e.name ?? String(err);
}

/**
 * Light load: `clients` loops, each sending one request at a time with a short pause between, as a
 * few visitors do. Every outcome is kept with its start time, so a check can ask what happened
 * before, during and after a fault.
 */
export function startLoad(base: string, clients: number, step: Step, pauseMs = 25): Load {
  const outcomes: Outcome[] = [];
  let stopped = false;
  const loops = Array.from({ length: clients }, async (_, client) => {
    for (let n = 0; !stopped; n++) {
      const { kind, url, init, wrote } = step(client, n);
      outcomes.push(await send(base, kind, url, init, wrote));
      await sleep(pauseMs);
    }
  });
  return {
    outcomes,
    async stop() {
      stopped = true;
      await Promise.all(loops);
      return outcomes;
    },
  };
}

let visitor = 0;
/** A different client address per request (the API believes X-Forwarded-For: TRUST_PROXY=true). */
export const visitorHeaders = () => {
  visitor++;
  return {
    'content-type': 'application/json',
    'x-forwarded-for': `10.${(visitor >> 16) & 255}.${(visitor >> 8) & 255}.${visitor & 255}`,
  };
};

/** A newsletter sign-up: a public write that stores a subscriber and its confirmation mail in one transaction. */
export function newsletterSignup(tag: string, client: number, n: number) {
  const email = `${tag}-${client}-${n}-${Date.now()}@family.example`;
  return {
    kind: 'write',
    url: '/api/newsletter/add',
    init: { method: 'POST', headers: visitorHeaders(), body: JSON.stringify({ email }) },
    wrote: email,
  };
}

/** The catalog a visitor browses: a read from the database. */
export const catalogRead = () => ({ kind: 'read', url: '/api/programs/all-list?limit=20' });

/** Half reads, half writes. */
export const mixedStep =
  (tag: string): Step =>
  (client, n) =>
    n % 2 === 0 ? catalogRead() : newsletterSignup(tag, client, n);

/** Counts by a key, for the printed numbers and for asserting "only these statuses". */
export function tally(outcomes: Outcome[]) {
  const counts: Record<string, number> = {};
  for (const o of outcomes) {
    const key = o.error ?? `${o.status}${o.code ? ` ${o.code}` : ''}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}
