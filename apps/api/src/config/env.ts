import { resolve } from 'node:path';
import { z } from 'zod';
import { DEFAULT_ADMIN_NAME, createAdminSchema } from '@kikstart/contract/create-admin';

/** An empty string in the environment means "unset" (GUIDE.md §1). */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());

const timeoutMs = z.coerce
  .number()
  .int('must be a whole number of milliseconds')
  .min(100, 'must be at least 100 (milliseconds)')
  .max(3_600_000, 'must be at most 3600000 (one hour)');

const envSchema = z.object({
  NODE_ENV: optional(z.enum(['development', 'test', 'production'])).default('development'),
  PORT: optional(z.coerce.number().int().min(0).max(65535)).default(3000),
  HOST: optional(z.string()).default('0.0.0.0'),
  DATA_DIR: optional(z.string()).default('./data'),
  DATABASE_URL: optional(z.string().regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')),
  DATABASE_POOL_SIZE: optional(
    z.coerce.number().int('must be a whole number').min(1, 'must be at least 1').max(100, 'must be at most 100'),
  ),
  DATABASE_PREPARED_STATEMENTS: optional(z.enum(['true', 'false'])),
  PUBLIC_URL: optional(z.url('must be a full URL such as https://www.example.com')),
  CORS_ORIGINS: optional(z.string()),
  TRUST_PROXY: optional(
    z
      .string()
      .regex(
        /^(true|false|\d{1,2}|[\d.:a-fA-F/, ]+)$/,
        'must be true, false, a hop count, or proxy addresses separated by commas',
      ),
  ),
  UPLOAD_DIR: optional(z.string()),
  WEB_DIST_DIR: optional(z.string()),
  LOG_LEVEL: optional(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])).default('info'),
  SMTP_URL: optional(z.string().regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')),
  MAIL_FROM: optional(z.string()).default('KikStart <no-reply@kikstart.example>'),
  STAFF_EMAIL: optional(z.email('must be an email address')).default('staff@kikstart.example'),
  SEED_DEMO_ACCOUNTS: optional(z.enum(['true', 'false'])),
  MIGRATE_ON_START: optional(z.enum(['true', 'false'])),
  E2E_FIXTURES: optional(z.enum(['true', 'false'])),
  PAYMENT_GATEWAY: optional(z.enum(['sandbox', 'stripe', 'manual'])),
  STRIPE_SECRET_KEY: optional(z.string()),
  STRIPE_WEBHOOK_SECRET: optional(z.string()),
  // Tests point the SDK at a local stand-in; production talks to api.stripe.com.
  STRIPE_API_HOST: optional(z.string()),
  STRIPE_API_PORT: optional(z.coerce.number().int().min(1).max(65535)),
  STRIPE_API_PROTOCOL: optional(z.enum(['http', 'https'])),
  MANUAL_PAYMENTS_ALLOWED: optional(z.enum(['true', 'false'])),
  MANUAL_HOLD_DAYS: optional(z.coerce.number().int().min(1).max(60)).default(7),
  CV_QUOTA_MB: optional(z.coerce.number().int().min(0).max(1_000_000)).default(500),
  SENTRY_DSN: optional(
    z.url({ protocol: /^https?$/, error: 'must be a Sentry DSN such as https://key@o1.ingest.sentry.io/2' }),
  ),
  // What a scraper sends as `Authorization: Bearer …`, so only the characters a bearer token may have.
  METRICS_TOKEN: optional(
    z
      .string()
      .regex(
        /^[A-Za-z0-9._~+/-]{16,256}$/,
        'must be 16 to 256 letters, digits or - . _ ~ + / (e.g. openssl rand -hex 32)',
      ),
  ),
  HTTP_HEADERS_TIMEOUT_MS: optional(timeoutMs).default(15_000),
  HTTP_REQUEST_TIMEOUT_MS: optional(timeoutMs).default(60_000),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: optional(timeoutMs).default(65_000),
  HTTP_IDLE_TIMEOUT_MS: optional(timeoutMs).default(75_000),
  SHUTDOWN_GRACE_MS: optional(timeoutMs).default(10_000),
  SHUTDOWN_DRAIN_MS: optional(z.coerce.number().int().min(0).max(60_000)).default(1_000),
  PROVIDER_NAME: optional(z.string().trim().max(200, 'must be at most 200 characters')),
  PROVIDER_ADDRESS: optional(z.string().trim().max(300, 'must be at most 300 characters')),
  PROVIDER_TAX_ID: optional(
    z
      .string()
      .trim()
      .regex(/^\d{2}-?\d{7}$/, 'must be a US employer identification number (EIN) such as 12-3456789'),
  ),
  FILE_URL_SECRET: optional(z.string().min(32, 'must be at least 32 characters (e.g. openssl rand -hex 32)')),
  // Checked with the sign-up rules in firstAdminFrom (below), which names the variable at fault.
  ADMIN_EMAIL: optional(z.string()),
  ADMIN_PASSWORD: optional(z.string()),
  ADMIN_FIRST_NAME: optional(z.string()),
  ADMIN_LAST_NAME: optional(z.string()),
});

/** Every variable the API reads, for the check that .env.example documents each. */
export const ENV_VARIABLES = Object.keys(envSchema.shape);

export interface AppConfig {
  env: 'development' | 'test' | 'production';
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** PostgreSQL connections per process (DEFAULT_POOL_SIZE when unset). */
  databasePoolSize?: number;
  /** Named statements on PostgreSQL, planned once per connection (DATABASE_PREPARED_STATEMENTS). */
  databasePreparedStatements: boolean;
  publicUrl: string;
  corsOrigins: string[];
  /**
   * Which X-Forwarded-For hops to believe for the client's IP (rate limits, stored lead IPs).
   * Off by default: otherwise any client could pick its own IP and dodge every per-IP limit.
   */
  trustProxy: boolean | number | string[];
  uploadDir: string;
  webDistDir: string;
  logLevel: string;
  smtpUrl?: string;
  mailFrom: string;
  staffEmail: string;
  seedDemoAccounts: boolean;
  /** false: the start only checks that every migration is applied (`npm run db:migrate` applies them). */
  migrateOnStart: boolean;
  /** POST /api/e2e-fixtures/*: end-to-end specs make the programs they change (never in production). */
  e2eFixtures: boolean;
  paymentGateway: 'sandbox' | 'stripe' | 'manual';
  stripeSecretKey?: string;
  stripeWebhookSecret?: string;
  /** Where the Stripe SDK sends its calls: unset in production (api.stripe.com), a stand-in in tests. */
  stripeApi?: { host?: string; port?: number; protocol?: 'http' | 'https' };
  /** "Pay at the office or by check" offered beside the card gateway, per checkout. */
  manualPaymentsAllowed: boolean;
  /** How long a seat waits for an office payment (manual gateway). */
  manualHoldDays: number;
  /** Total bytes of CVs kept for unreviewed coach applications; beyond it, applications come without the CV. */
  cvQuotaBytes: number;
  /**
   * Signs links to private pictures. Unset: a random key kept in `<DATA_DIR>/private`, beside
   * the files it protects (plugins/files.ts). Set it when API processes do not share DATA_DIR.
   */
  fileUrlSecret?: string;
  /**
   * The care provider as the yearly dependent-care statement names it (what an FSA claim or the
   * child-care credit asks for). Demo values outside production; required in production.
   */
  provider: { name: string; address: string; taxId: string };
  /**
   * ADMIN_EMAIL and ADMIN_PASSWORD (+ ADMIN_FIRST_NAME, ADMIN_LAST_NAME): the admin a start
   * creates while the database has none (bootstrap.ts); ignored once any admin exists.
   */
  firstAdmin?: { email: string; password: string; firstName: string; lastName: string };
  /** Dev mailbox and sandbox payments: never on in production. */
  devConveniences: boolean;
  /**
   * Mail stays in the outbox, readable at /dev/mailbox: only outside production and only when
   * no SMTP server is configured (with SMTP the mail really leaves, and the mailbox would be a
   * public copy of every reset code).
   */
  devMailbox: boolean;
  /**
   * Error monitoring (Sentry), set at run time: the API reports its unexpected errors there
   * (lib/error-monitoring.ts), and the origin is the only extra CSP connect-src for the pages.
   */
  monitoring?: { dsn: string; origin: string };
  /** GET /metrics answers only a scraper sending this bearer token; unset, it is off (404). */
  metricsToken?: string;
  /** Socket limits, so a client that drips bytes cannot hold a connection open (milliseconds). */
  http: {
    /** The request line and headers must arrive within this. */
    headersTimeoutMs: number;
    /** The whole request, body included (the largest upload on a slow uplink). */
    requestTimeoutMs: number;
    /** An idle kept-alive connection closes after this; longer than a load balancer's 60 s. */
    keepAliveTimeoutMs: number;
    /** A socket with no traffic either way closes after this (a client that stops reading). */
    idleTimeoutMs: number;
  };
  /** On SIGTERM or SIGINT, in-flight requests, jobs and the database close within this, or the process exits anyway. */
  shutdownGraceMs: number;
  /** How long a shutdown keeps serving with readiness false before it stops accepting connections. */
  shutdownDrainMs: number;
}

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

/** Outside production only; the 00 prefix is never issued as an EIN, so no statement can pass it off as real. */
export const DEMO_PROVIDER = {
  name: 'KikStart Demo Sports LLC',
  address: '100 Example Street, Springfield, CA 90000',
  taxId: '00-0000000',
} as const;

/** An EIN as the IRS prints it: 12-3456789. */
const formatEin = (ein: string) => (/^\d{9}$/.test(ein) ? `${ein.slice(0, 2)}-${ein.slice(2)}` : ein);

const repoRoot = resolve(import.meta.dirname, '../../../..');

/** Reads and checks the environment once at boot; names every bad or missing variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';
  const dataDir = resolve(e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const config: AppConfig = {
    env: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    databasePreparedStatements: e.DATABASE_PREPARED_STATEMENTS !== 'false',
    publicUrl,
    corsOrigins: (e.CORS_ORIGINS ?? '')
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean),
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    uploadDir: resolve(e.UPLOAD_DIR ?? `${dataDir}/uploads`),
    webDistDir: resolve(e.WEB_DIST_DIR ?? `${repoRoot}/apps/web/dist`),
    logLevel: e.LOG_LEVEL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    staffEmail: e.STAFF_EMAIL,
    seedDemoAccounts: e.SEED_DEMO_ACCOUNTS ? e.SEED_DEMO_ACCOUNTS === 'true' : !isProduction,
    migrateOnStart: e.MIGRATE_ON_START !== 'false',
    e2eFixtures: e.E2E_FIXTURES === 'true',
    paymentGateway: e.PAYMENT_GATEWAY ?? (isProduction ? 'stripe' : 'sandbox'),
    stripeSecretKey: e.STRIPE_SECRET_KEY,
    stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET,
    stripeApi: { host: e.STRIPE_API_HOST, port: e.STRIPE_API_PORT, protocol: e.STRIPE_API_PROTOCOL },
    manualPaymentsAllowed: e.MANUAL_PAYMENTS_ALLOWED === 'true',
    manualHoldDays: e.MANUAL_HOLD_DAYS,
    cvQuotaBytes: e.CV_QUOTA_MB * 1024 * 1024,
    fileUrlSecret: e.FILE_URL_SECRET,
    firstAdmin: firstAdminFrom(e),
    provider: {
      name: e.PROVIDER_NAME ?? (isProduction ? '' : DEMO_PROVIDER.name),
      address: e.PROVIDER_ADDRESS ?? (isProduction ? '' : DEMO_PROVIDER.address),
      taxId: formatEin(e.PROVIDER_TAX_ID ?? (isProduction ? '' : DEMO_PROVIDER.taxId)),
    },
    devConveniences: !isProduction,
    devMailbox: !isProduction && !e.SMTP_URL,
    monitoring: e.SENTRY_DSN ? { dsn: e.SENTRY_DSN, origin: new URL(e.SENTRY_DSN).origin } : undefined,
    metricsToken: e.METRICS_TOKEN,
    http: {
      headersTimeoutMs: e.HTTP_HEADERS_TIMEOUT_MS,
      requestTimeoutMs: e.HTTP_REQUEST_TIMEOUT_MS,
      keepAliveTimeoutMs: e.HTTP_KEEP_ALIVE_TIMEOUT_MS,
      idleTimeoutMs: e.HTTP_IDLE_TIMEOUT_MS,
    },
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS,
  };
  // Node refuses a server whose headers may take longer than the whole request.
  if (e.HTTP_HEADERS_TIMEOUT_MS > e.HTTP_REQUEST_TIMEOUT_MS) {
    throw new ConfigError([
      `HTTP_HEADERS_TIMEOUT_MS: must not be longer than HTTP_REQUEST_TIMEOUT_MS (${e.HTTP_REQUEST_TIMEOUT_MS})`,
    ]);
  }
  if (isProduction) assertProductionReady(config, e.PUBLIC_URL);
  return config;
}

const ADMIN_VARIABLES = {
  email: 'ADMIN_EMAIL',
  password: 'ADMIN_PASSWORD',
  firstName: 'ADMIN_FIRST_NAME',
  lastName: 'ADMIN_LAST_NAME',
} as const;

/** The first admin from the environment, checked with the sign-up rules; both or neither of email and password. */
function firstAdminFrom(e: z.infer<typeof envSchema>): AppConfig['firstAdmin'] {
  if (!e.ADMIN_EMAIL && !e.ADMIN_PASSWORD) {
    if (e.ADMIN_FIRST_NAME || e.ADMIN_LAST_NAME)
      throw new ConfigError(['ADMIN_EMAIL: required with ADMIN_FIRST_NAME / ADMIN_LAST_NAME (with ADMIN_PASSWORD)']);
    return undefined;
  }
  if (!e.ADMIN_EMAIL) throw new ConfigError(["ADMIN_EMAIL: required with ADMIN_PASSWORD (the first admin's sign-in)"]);
  if (!e.ADMIN_PASSWORD)
    throw new ConfigError(["ADMIN_PASSWORD: required with ADMIN_EMAIL (the first admin's password)"]);
  const parsed = createAdminSchema.safeParse({
    email: e.ADMIN_EMAIL,
    password: e.ADMIN_PASSWORD,
    firstName: e.ADMIN_FIRST_NAME ?? DEFAULT_ADMIN_NAME.firstName,
    lastName: e.ADMIN_LAST_NAME ?? DEFAULT_ADMIN_NAME.lastName,
  });
  if (!parsed.success) {
    // The message only, never the value: ADMIN_PASSWORD must not reach a log.
    throw new ConfigError(
      parsed.error.issues.map((i) => `${ADMIN_VARIABLES[i.path[0] as keyof typeof ADMIN_VARIABLES]}: ${i.message}`),
    );
  }
  return parsed.data;
}

function parseTrustProxy(value: string | undefined): boolean | number | string[] {
  if (!value || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
}

/** Production refuses to start on demo conveniences; each missing service is named. */
function assertProductionReady(config: AppConfig, explicitPublicUrl: string | undefined) {
  const problems: string[] = [];
  if (!explicitPublicUrl)
    problems.push('PUBLIC_URL: required in production (the address parents use, e.g. https://www.example.com)');
  else if (!isHttpsOrLoopback(config.publicUrl)) {
    problems.push(
      'PUBLIC_URL: must start with https:// in production (sign-in tokens and reset links would travel in clear text); http:// is allowed only for localhost',
    );
  }
  if (!config.smtpUrl)
    problems.push(
      'SMTP_URL: required in production (the dev mailbox is off), e.g. smtps://user:pass@smtp.example.com:465',
    );
  if (config.paymentGateway === 'sandbox')
    problems.push('PAYMENT_GATEWAY: the sandbox gateway is off in production; use stripe or manual');
  if (config.paymentGateway === 'stripe') {
    if (!config.stripeSecretKey) problems.push('STRIPE_SECRET_KEY: required when PAYMENT_GATEWAY=stripe');
    if (!config.stripeWebhookSecret) problems.push('STRIPE_WEBHOOK_SECRET: required when PAYMENT_GATEWAY=stripe');
  }
  if (!config.provider.name)
    problems.push('PROVIDER_NAME: required in production (the care provider named on yearly statements)');
  if (!config.provider.address)
    problems.push('PROVIDER_ADDRESS: required in production (the provider address printed on yearly statements)');
  if (!config.provider.taxId)
    problems.push(
      'PROVIDER_TAX_ID: required in production (the EIN parents claim dependent care with, e.g. 12-3456789)',
    );
  if (config.seedDemoAccounts)
    problems.push('SEED_DEMO_ACCOUNTS: demo accounts with published passwords cannot be seeded in production');
  if (config.e2eFixtures)
    problems.push('E2E_FIXTURES: the end-to-end test fixtures (anyone may add programs) cannot be on in production');
  if (problems.length) throw new ConfigError(problems);
}

/** https, or plain http to this machine only (a production build tried out locally). */
function isHttpsOrLoopback(publicUrl: string) {
  const url = new URL(publicUrl);
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}
