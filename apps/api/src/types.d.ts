import type Stripe from 'stripe';
import type { Db } from '@kikstart/db';
import type { AppConfig } from './config/env.ts';
import type { Clock } from './lib/clock.ts';
import type { PrivateFiles } from './plugins/files.ts';
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
  }
}
