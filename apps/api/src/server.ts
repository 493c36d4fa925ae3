import { DataDirLockedError } from '@kikstart/db';
import { DEMO_ACCOUNTS } from '@kikstart/db/seed/index';
import { ConfigError, loadConfig } from './config/env.ts';
import { buildApp } from './app.ts';
import type { FastifyBaseLogger } from 'fastify';
import { CREATE_ADMIN_OUTCOMES } from '@kikstart/contract/create-admin';
import { NO_ADMIN_HELP, prepareDatabase, type StartReport } from './bootstrap.ts';
import { redactUrl } from './lib/log-redaction.ts';
import { handleShutdown } from './lib/shutdown.ts';
import { closeErrorMonitoring, initErrorMonitoring } from './lib/error-monitoring.ts';
import { startEnrollmentSweeper } from './modules/enrollments/enrollment-sweeper.ts';
import { startGalleryRetention } from './modules/gallery/gallery-retention.ts';
import { startCvRetention } from './modules/leads/cv-retention.ts';
import { startMailWorker, type MailWorker } from './modules/mail/mail.worker.ts';
import { startPaymentsWorker } from './modules/payments/payments-worker.ts';
import { startMembershipsWorker } from './modules/memberships/memberships-worker.ts';
import { SANDBOX_TEST_CARDS } from '@kikstart/contract/payments';
import { createMailTransport } from './modules/mail/mail.transport.ts';
import { startChatUnreadMail } from './modules/chat/chat-unread-mail.ts';

/** Connections the kernel may queue before the server accepts them (see `listen` below). */
const ACCEPT_BACKLOG = 4096;

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`\nThe API cannot start. ${err.message}\n\nSee .env.example for every variable.\n`);
      process.exit(1);
    }
    throw err;
  }

  await initErrorMonitoring(config);
  const database = await prepareDatabase(config).catch((err: unknown) => {
    // A second process on the same embedded database: say who holds it, no stack trace.
    if (err instanceof DataDirLockedError) {
      console.error(`\nThe API cannot start. ${err.message}\n`);
      process.exit(1);
    }
    throw err;
  });
  const app = await buildApp({
    config,
    db: database.db,
    listen: database.listen,
    pool: database.pool,
    logger: {
      level: config.logLevel,
      // People read a terminal; machines read JSON (production, or output piped to a collector).
      ...(!config.isProduction && process.stdout.isTTY
        ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } } }
        : {}),
      redact: ['req.headers["x-access-token"]', 'req.headers.cookie', 'req.headers.authorization'],
      serializers: {
        req: (req: { method: string; url: string; ip?: string }) => ({
          method: req.method,
          url: redactUrl(req.url),
          remoteAddress: req.ip,
        }),
      },
    },
  });
  reportAdmin(app.log, database.report.admin, config.firstAdmin?.email);
  // Ends lapsed seat holds and waitlist offers, and offers freed seats to the waitlist.
  const enrollmentSweeper = startEnrollmentSweeper({
    db: database.db,
    clock: app.clock,
    publicUrl: config.publicUrl,
    log: app.log,
  });
  app.addHook('onClose', () => enrollmentSweeper.stop());
  // Ends open checkouts past their expiry and sends pending refunds to the gateway.
  const gatewayJobs = {
    db: database.db,
    clock: app.clock,
    gateway: app.paymentGateway,
    publicUrl: config.publicUrl,
    log: app.log,
  };
  const paymentsWorker = startPaymentsWorker(gatewayJobs);
  app.addHook('onClose', () => paymentsWorker.stop());
  const membershipsWorker = startMembershipsWorker(gatewayJobs);
  app.addHook('onClose', () => membershipsWorker.stop());
  // Hourly: deletes CVs of coach applicants not hired, 180 days after they applied.
  const cvRetention = startCvRetention({ db: database.db, clock: app.clock, config, log: app.log });
  app.addHook('onClose', () => cvRetention.stop());
  // Hourly: gallery photos are deleted two years after their session (the photo policy).
  const galleryRetention = startGalleryRetention({
    db: database.db,
    clock: app.clock,
    filesDir: app.files.dir,
    log: app.log,
  });
  app.addHook('onClose', () => galleryRetention.stop());
  // Every minute: one mail per conversation to a member who left a message unread for 15 minutes.
  const chatMail = startChatUnreadMail({
    db: database.db,
    clock: app.clock,
    publicUrl: config.publicUrl,
    log: app.log,
  });
  app.addHook('onClose', () => chatMail.stop());
  app.metrics.watchJobs([
    enrollmentSweeper,
    paymentsWorker,
    membershipsWorker,
    cvRetention,
    galleryRetention,
    chatMail,
  ]);
  // The mail worker starts after listen (below). On close, the database closes last: after the
  // in-flight requests, every plugin's own onClose (the chat socket's LISTEN connection, the jobs)
  // and the mail being sent have finished. An onClose hook here would run before some plugins'.
  const mail: { worker?: MailWorker } = {};

  // Readiness turns false while the server still serves (the drain); then app.close() tells chat
  // sockets to reconnect, waits for in-flight requests and stops the jobs; then the mail worker,
  // then the database.
  handleShutdown({
    graceMs: config.shutdownGraceMs,
    log: app.log,
    close: async () => {
      app.shutdown.started = true;
      await new Promise((resolve) => setTimeout(resolve, Math.min(config.shutdownDrainMs, config.shutdownGraceMs / 2)));
      // Connections that go idle after close() began are closed too, not left to their timeout.
      const idle = setInterval(() => app.server.closeIdleConnections(), 100);
      await app.close().finally(() => clearInterval(idle));
      await mail.worker?.stop();
      await database.close();
      // Sends what is still queued, the report of an uncaught error that began this shutdown too.
      await closeErrorMonitoring();
    },
  });

  // Node's default queue of connections not yet accepted is 511. On registration day a thousand
  // parents connect at once: past the queue the kernel drops their handshakes, and each waits
  // about a second to try again. The kernel caps this at net.core.somaxconn (4096 by default).
  await app.listen({ port: config.port, host: config.host, backlog: ACCEPT_BACKLOG });
  // Sends the mail_outbox (SMTP, or the dev mailbox log); safe to run in every API process.
  // Woken by NOTIFY when a transaction that queued mail commits, in this or another process.
  mail.worker = await startMailWorker({
    db: database.db,
    listen: database.listen,
    transport: createMailTransport(config, app.log),
    log: app.log,
  });
  printWelcome(
    config.publicUrl,
    database.driver,
    config.seedDemoAccounts,
    config.devMailbox,
    config.paymentGateway === 'sandbox',
    database.report.admin === 'missing',
  );
}

function reportAdmin(log: FastifyBaseLogger, admin: StartReport['admin'], envEmail: string | undefined) {
  if (admin === 'missing') log.warn(NO_ADMIN_HELP);
  else if (admin === 'present' && envEmail)
    log.info('An admin exists, so ADMIN_EMAIL and ADMIN_PASSWORD were ignored; remove them from the environment.');
  else if (admin !== 'present')
    log.info(
      { email: envEmail, outcome: admin },
      `First admin from ADMIN_EMAIL: ${CREATE_ADMIN_OUTCOMES[admin]} Remove ADMIN_PASSWORD from the environment now.`,
    );
}

function printWelcome(
  url: string,
  driver: string,
  withDemoAccounts: boolean,
  devMailbox: boolean,
  sandboxPayments: boolean,
  noAdmin: boolean,
) {
  const lines = [
    '',
    `  KikStart is running at ${url}`,
    `  API docs: ${url}/api/docs   Database: ${driver === 'pglite' ? 'embedded PGlite' : 'PostgreSQL'}`,
  ];
  if (withDemoAccounts) {
    lines.push('', '  Demo accounts (email / password):');
    for (const a of DEMO_ACCOUNTS) lines.push(`    ${a.role.padEnd(7)} ${a.email.padEnd(26)} ${a.password}`);
  }
  if (noAdmin) lines.push('', `  ${NO_ADMIN_HELP}`);
  if (devMailbox) lines.push('', `  Dev mailbox (mail is not sent anywhere): ${url}/dev/mailbox`);
  if (sandboxPayments) {
    lines.push('', '  Sandbox payments (no money moves); test cards, any future expiry and CVC:');
    for (const card of SANDBOX_TEST_CARDS) lines.push(`    ${card.number}  ${card.outcome}`);
  }
  console.log(lines.join('\n') + '\n');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
