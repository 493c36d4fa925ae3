import type Stripe from 'stripe';
import type { Db } from '@kikstart/db';
import type { AppConfig } from './config/env.ts';
import type { Clock } from './lib/clock.ts';
import type { PrivateFiles } from './plugins/files.ts';
import type { AppMetrics } from './plugins/metrics.ts';
import type { PaymentGateway } from './modules/payments/gateway.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: AppConfig;
    /** Where every service reads the time (injected by tests). */
    clock: Clock;
    /** Private pictures: folder, link signing (plugins/files.ts). */
    files: PrivateFiles;
    /** The configured payment gateway, one per app (plugins/payment-gateways.ts). */
    paymentGateway: PaymentGateway;
    /** "Pay at the office or by check", when the operator offers it (or is the gateway). */
    officeGateway: PaymentGateway | null;
    /** The Stripe SDK client the gateway uses; null unless PAYMENT_GATEWAY=stripe with keys. */
    stripe: Stripe | null;
    /** Set when a shutdown starts (lib/shutdown.ts): readiness answers 503 from then on. */
    shutdown: { started: boolean };
    /** Prometheus metrics at /metrics (plugins/metrics.ts); its methods do nothing while they are off. */
    metrics: AppMetrics;
  }
}
