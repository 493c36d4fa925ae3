import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { sleep } from './paths.ts';

export const WEBHOOK_SECRET = 'whsec_faults_stand_in';

/**
 * A stand-in for api.stripe.com on loopback, answering the calls a one-time card payment makes
 * (Checkout Sessions, their expiry, refunds), which a test makes slow, failing or absent. Like
 * Stripe, an idempotency key seen before answers the same session, so the SDK's own retries
 * never make a second one.
 */
export class StripeStandIn {
  mode: 'ok' | 'failing' | 'slow' = 'ok';
  /** How long each answer takes in `slow` mode. */
  slowMs = 2_500;
  /** Every call, in order: method, path and idempotency key. */
  readonly calls: { method: string; path: string; key?: string }[] = [];
  /** The sessions made, by idempotency key. */
  readonly sessions = new Map<string, { id: string; checkoutId: string }>();
  private server: Server | undefined;
  private count = 0;
  readonly port: number;

  constructor(port: number) {
    this.port = port;
  }

  /** What the API needs to use this stand-in as its Stripe. */
  get env() {
    return {
      PAYMENT_GATEWAY: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_faults_stand_in',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_HOST: '127.0.0.1',
      STRIPE_API_PORT: String(this.port),
      STRIPE_API_PROTOCOL: 'http',
    };
  }

  async start() {
    const server = createServer((req, res) => void this.answer(req, res.writeHead.bind(res), (body) => res.end(body)));
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.server = server;
  }

  /** Down: nothing listens on the port, and open connections are dropped. */
  async stop() {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private async answer(
    req: IncomingMessage,
    head: (status: number, headers: Record<string, string>) => void,
    end: (body: string) => void,
  ) {
    const path = (req.url ?? '').split('?')[0]!;
    const params = new URLSearchParams(await readBody(req));
    const key = typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : undefined;
    this.calls.push({ method: req.method ?? '', path, key });
    const send = (status: number, json: unknown) => {
      head(status, { 'content-type': 'application/json', 'request-id': `req_faults_${++this.count}` });
      end(JSON.stringify(json));
    };
    if (this.mode === 'slow') await sleep(this.slowMs);
    if (this.mode === 'failing')
      return send(500, {
        error: { type: 'api_error', message: 'stand-in: an error occurred with our connection to Stripe' },
      });
    if (path === '/v1/checkout/sessions' && req.method === 'POST') {
      const made = (key && this.sessions.get(key)) || {
        id: `cs_test_faults_${++this.count}`,
        checkoutId: params.get('client_reference_id') ?? '',
      };
      if (key) this.sessions.set(key, made);
      return send(200, {
        id: made.id,
        object: 'checkout.session',
        url: `https://checkout.stripe.test/c/pay/${made.id}`,
      });
    }
    const expire = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path);
    if (expire) return send(200, { id: expire[1], object: 'checkout.session', status: 'expired' });
    if (path === '/v1/refunds')
      return send(200, { id: `re_faults_${++this.count}`, object: 'refund', status: 'succeeded' });
    send(404, { error: { type: 'invalid_request_error', message: `stand-in: no ${req.method} ${path}` } });
  }
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let data = '';
    req.on('data', (c: Buffer) => (data += c.toString()));
    req.on('end', () => resolve(data));
  });
}

/** Posts a Stripe event to the API's webhook, signed as Stripe signs (t=…,v1=HMAC-SHA256 of "t.payload"). */
export async function sendWebhook(base: string, event: { id: string; type: string; object: Record<string, unknown> }) {
  const payload = JSON.stringify({
    id: event.id,
    object: 'event',
    type: event.type,
    api_version: '2025-01-01',
    created: Math.floor(Date.now() / 1000),
    data: { object: event.object },
  });
  const t = Math.floor(Date.now() / 1000);
  const v1 = createHmac('sha256', WEBHOOK_SECRET).update(`${t}.${payload}`).digest('hex');
  const res = await fetch(`${base}/api/stripe/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': `t=${t},v1=${v1}` },
    body: payload,
  });
  return res.status;
}
