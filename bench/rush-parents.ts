import http from 'node:http';
import { WAITLIST_STATUS } from '@kikstart/contract/enrollment-status';
import type { BenchParent } from './load-kit.ts';

/**
 * The parents' side of the rush bench (rush.bench.ts): each parent's browser, one kept-alive
 * connection from a loopback address of its own, and what every parent does at once: enroll
 * (joining the waitlist when full), then pay for a held seat through the sandbox gateway.
 */

const REQUEST_TIMEOUT_MS = 30_000;
const CARD = '4242 4242 4242 4242';

/** Each step's answer times, in ms, one per parent who took it. */
export interface StepTimes {
  enroll: number[];
  initiate: number[];
  pay: number[];
  /** initiate + pay, per parent: what "paying" takes. */
  paying: number[];
}

/** The first answer of each kind the real API sent in a rush, as bytes (the floor replays them). */
export interface RushAnswers {
  held: string;
  waitlisted: string;
  initiate: string;
  pay: string;
}

/** Every parent at once: enroll (joining the waitlist when full), then pay for a held seat. */
export async function rush(
  parents: BenchParent[],
  picks: string[],
  ports: number[],
  waiverVersion: number,
  /** Parents in flight at once (all of them in a rush). */
  concurrency = parents.length,
  /** Where this batch's loopback addresses start (the warm-up uses its own). */
  addressOffset = 0,
) {
  const times: StepTimes = { enroll: [], initiate: [], pay: [], paying: [] };
  let errors = 0;
  // The first answer of each kind, as sent: the floor's server replays these bytes.
  const answers: Partial<Record<keyof RushAnswers, string>> = {};
  const errorSamples: string[] = [];
  const fail = (step: string, detail: string) => {
    errors++;
    if (errorSamples.length < 5) errorSamples.push(`${step}: ${detail.slice(0, 200)}`);
  };
  let next = 0;
  const one = async (parent: BenchParent, i: number) => {
    const client = new Client(ports[i % ports.length]!, addressOf(addressOffset + i), parent.token);
    try {
      const enrolled = await client.post('/api/enrollments/create', {
        childId: parent.childId,
        programId: picks[i],
        waiverName: 'Jordan Rivera',
        waiverAccepted: true,
        waiverVersion,
        joinWaitlist: true,
      });
      times.enroll.push(enrolled.ms);
      if (enrolled.status !== 200) return fail('enroll', `${enrolled.status} ${enrolled.text}`);
      const enrollment = enrolled.json as { data: { id: string; status: string } };
      const waitlisted = enrollment.data.status === WAITLIST_STATUS;
      answers[waitlisted ? 'waitlisted' : 'held'] ??= enrolled.text;
      if (waitlisted) return;
      const started = await client.post('/api/stripe-single-payment/initiate', {
        enrollmentIds: [enrollment.data.id],
      });
      times.initiate.push(started.ms);
      if (started.status !== 200) return fail('initiate', `${started.status} ${started.text}`);
      answers.initiate ??= started.text;
      const checkoutId = (started.json as { data: { checkoutId: string } }).data.checkoutId;
      const paid = await client.post('/api/sandbox/checkout/pay', {
        checkoutId,
        cardNumber: CARD,
        expiry: '12/40',
        cvc: '123',
        name: 'Jordan Rivera',
      });
      times.pay.push(paid.ms);
      times.paying.push(started.ms + paid.ms);
      const state = (paid.json as { data?: { state?: string } } | undefined)?.data?.state;
      if (paid.status !== 200 || state !== 'paid') return fail('pay', `${paid.status} ${paid.text}`);
      answers.pay ??= paid.text;
    } catch (err) {
      fail('network', String(err));
    } finally {
      client.close();
    }
  };
  await Promise.all(
    Array.from({ length: Math.min(concurrency, parents.length) }, async () => {
      while (next < parents.length) {
        const i = next++;
        await one(parents[i]!, i);
      }
    }),
  );
  return { times, errors, errorSamples, answers };
}

/** 127.30.b.a: a different loopback address per parent (no .0, no .255). */
const addressOf = (i: number) => `127.30.${1 + Math.floor(i / 250)}.${1 + (i % 250)}`;

/** A deterministic pseudo-random sequence (mulberry32), so every run asks for the same programs. */
export function seeded(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One parent's browser: one kept-alive connection from its own address, its session token. */
class Client {
  private agent: http.Agent;
  private port: number;
  private token: string;
  constructor(port: number, localAddress: string, token: string) {
    this.port = port;
    this.token = token;
    this.agent = new http.Agent({ keepAlive: true, maxSockets: 1, localAddress });
  }

  post(path: string, body: unknown) {
    const payload = JSON.stringify(body);
    const start = performance.now();
    return new Promise<{ status: number; text: string; json: unknown; ms: number }>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port: this.port,
          method: 'POST',
          path,
          agent: this.agent,
          timeout: REQUEST_TIMEOUT_MS,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(payload),
            'x-access-token': this.token,
          },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => {
            let json: unknown;
            try {
              json = JSON.parse(text);
            } catch {
              json = undefined;
            }
            resolve({ status: res.statusCode ?? 0, text, json, ms: performance.now() - start });
          });
        },
      );
      req.on('timeout', () => req.destroy(new Error(`timed out after ${REQUEST_TIMEOUT_MS} ms`)));
      req.on('error', reject);
      req.end(payload);
    });
  }

  close() {
    this.agent.destroy();
  }
}
