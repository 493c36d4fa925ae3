import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config/env.ts';
import { createPaymentGateways } from '../modules/payments/gateway.ts';

/**
 * The payment gateway, made once from the config: the payments and memberships routes, the Stripe
 * webhook and the background jobs (server.ts) all use `app.paymentGateway`, so there is one Stripe
 * client (one connection pool, one set of retries) per process. `app.officeGateway` is the
 * "pay at the office or by check" choice when offered; `app.stripe` the SDK client the webhook
 * verifies signatures and reads saved cards with (null unless PAYMENT_GATEWAY=stripe with keys).
 */
export function registerPaymentGateways(app: FastifyInstance, config: AppConfig) {
  const { gateway, office, stripe } = createPaymentGateways({ config, db: app.db });
  app.decorate('paymentGateway', gateway);
  app.decorate('officeGateway', office);
  app.decorate('stripe', stripe);
}
