import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { ERROR_CODES } from '@kikstart/contract/errors';
import { TEST_PUBLIC_URL, createTestApp, useTestApp, type TestApp } from '../../test/test-app.ts';
import { guardedRoutes } from './auth.ts';
import { operationIdFor } from './docs.ts';

interface Operation {
  operationId?: string;
  security?: Record<string, string[]>[];
  responses: Record<string, { $ref?: string }>;
  requestBody?: { content: Record<string, { schema: Schema }> };
}
interface Schema {
  type?: string;
  format?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
}
interface Document {
  servers?: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema>; responses: Record<string, unknown> };
}
interface LintProblem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location?: { pointer?: string }[];
}

const REDOCLY_CLI = join(dirname(createRequire(import.meta.url).resolve('@redocly/cli/package.json')), 'bin/cli.js');

/** Runs `redocly lint` with its recommended rules on the document; the problems it reports. */
async function lintOpenapi(document: unknown) {
  const dir = mkdtempSync(join(tmpdir(), 'kikstart-openapi-'));
  const file = join(dir, 'openapi.json');
  writeFileSync(file, JSON.stringify(document));
  try {
    const args = [
      REDOCLY_CLI,
      'lint',
      file,
      '--extends',
      'recommended',
      '--format',
      'json',
      '--max-problems',
      '100000',
    ];
    // Telemetry and update checks off: the lint runs offline and sends nothing anywhere.
    const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
    const { stdout, stderr } = await run(process.execPath, args, env);
    try {
      return JSON.parse(stdout) as { problems: LintProblem[] };
    } catch {
      throw new Error(`redocly lint did not answer JSON:\n${stderr}`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** stdout and stderr of a process; lint exits 1 when it finds errors, which the test reports itself. */
function run(command: string, args: string[], env: NodeJS.ProcessEnv) {
  return new Promise<{ stdout: string; stderr: string }>((resolvePromise, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', () => resolvePromise({ stdout, stderr }));
  });
}

const getDocument = async (t: TestApp) => {
  const res = await t.app.inject({ url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  return res.json() as Document;
};

const operations = (doc: Document) =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ key: `${method.toUpperCase()} ${path}`, operation })),
  );

/** `/api/admin/programs/:id` as OpenAPI writes it: `/api/admin/programs/{id}`. */
const openapiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

const t = useTestApp();
let doc: Document;
beforeAll(async () => {
  doc = await getDocument(t);
});

describe('OpenAPI document', () => {
  it('passes redocly lint with the recommended rules: no errors (warnings are counted, not refused)', async () => {
    const { problems } = await lintOpenapi(doc);
    const errors = problems.filter((p) => p.severity === 'error');
    const warnings = problems.filter((p) => p.severity === 'warn');
    const byRule = new Map<string, number>();
    for (const p of warnings) byRule.set(p.ruleId, (byRule.get(p.ruleId) ?? 0) + 1);
    const rules = [...byRule].map(([rule, n]) => `${rule} ${n}`).join(', ');
    console.log(`OpenAPI lint (redocly recommended): ${errors.length} errors, ${warnings.length} warnings (${rules})`);
    expect(errors.map((p) => `${p.ruleId}: ${p.message} at ${p.location?.[0]?.pointer}`)).toEqual([]);
  });

  it('names this deployment as its server', () => {
    expect(doc.servers).toEqual([expect.objectContaining({ url: TEST_PUBLIC_URL })]);
  });

  it('gives every operation a unique operationId and a security requirement', () => {
    const ops = operations(doc);
    expect(ops.length).toBeGreaterThan(100);
    const ids = ops.map(({ operation }) => operation.operationId);
    expect(ids.filter((id) => !id)).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ops.filter(({ operation }) => !operation.security).map(({ key }) => key)).toEqual([]);
    expect(operationIdFor('POST', '/api/admin/programs/:id/image')).toBe('postAdminProgramsByIdImage');
    expect(operationIdFor('GET', '/api/admin/leads/export.csv')).toBe('getAdminLeadsExportCsv');
  });

  it('marks each guarded route as needing the token, with its 401; public routes need none', () => {
    // HEAD routes Fastify adds beside each GET are not described.
    const guarded = new Set(
      guardedRoutes(t.app)
        .filter((r) => r.method !== 'HEAD')
        .map((r) => `${r.method} ${openapiPath(r.url)}`),
    );
    expect(guarded.size).toBeGreaterThan(50);
    for (const { key, operation } of operations(doc)) {
      if (guarded.has(key)) {
        expect(operation.security, key).toEqual([{ accessToken: [] }]);
        expect(operation.responses['401']?.$ref, key).toBe('#/components/responses/Unauthorized');
      } else {
        // Public, or the token is one way in beside another (signed links, signing out).
        const anonymous = !operation.security?.length || operation.security.some((s) => !Object.keys(s).length);
        expect(anonymous, key).toBe(true);
      }
    }
    for (const key of guarded) {
      const [method, path] = key.split(' ') as [string, string];
      if (!path.startsWith('/api/e2e-fixtures/')) expect(doc.paths[path]?.[method.toLowerCase()], key).toBeDefined();
    }
    expect(doc.paths['/api/programs/all-list']?.get?.security).toEqual([]);
    expect(doc.paths['/api/user/logout']?.post?.security).toEqual([{ accessToken: [] }, {}]);
    expect(doc.paths['/api/files/{folder}/{name}']?.get?.security).toEqual([{ accessToken: [] }, {}]);
    expect(doc.paths['/api/gallary/photos/{photoId}/{size}']?.get?.security).toEqual([]);
  });

  it('lists the error answers with the shared envelope and its codes (decision 0014)', () => {
    const envelope = doc.components.schemas.ErrorEnvelope!;
    expect(envelope.required).toEqual(['status', 'message', 'code', 'data']);
    expect(envelope.properties?.code?.enum).toEqual(Object.keys(ERROR_CODES));
    const statuses = (path: string, method: string) => Object.keys(doc.paths[path]?.[method]?.responses ?? {});
    expect(statuses('/api/enrollments/create', 'post')).toEqual(
      expect.arrayContaining(['400', '401', '403', '404', '409', '413', '415', '422', '500', '503']),
    );
    expect(statuses('/api/user/signin', 'post')).toEqual(expect.arrayContaining(['400', '401', '403', '429']));
    expect(statuses('/api/stripe-subscription/upgrade', 'post')).toContain('402');
    expect(statuses('/api/admin/programs/{id}', 'get')).toEqual(expect.arrayContaining(['401', '403', '404']));
    expect(statuses('/api/health', 'get')).toEqual(['200', '500', '503']);
    // Every referenced response exists, and none is left unused.
    const refs = new Set(
      operations(doc).flatMap(({ operation }) =>
        Object.values(operation.responses).flatMap((r) => (r.$ref ? [r.$ref.split('/').pop()!] : [])),
      ),
    );
    expect([...refs].sort()).toEqual(Object.keys(doc.components.responses).sort());
  });

  it('documents multipart upload bodies: text fields and files as binary', () => {
    const photo = doc.paths['/api/children/photo']?.post?.requestBody?.content['multipart/form-data']?.schema;
    expect(photo?.properties?.photo).toMatchObject({ type: 'string', format: 'binary' });
    expect(photo?.required).toEqual(expect.arrayContaining(['childId', 'photo']));
    const gallery =
      doc.paths['/api/gallary/staff/programs/{programId}/sessions/{date}/photos']?.post?.requestBody?.content[
        'multipart/form-data'
      ]?.schema;
    expect(gallery?.properties?.photos).toMatchObject({ type: 'array', items: { type: 'string', format: 'binary' } });
    const profile = doc.paths['/api/user/profile-update']?.post?.requestBody?.content;
    expect(Object.keys(profile ?? {}).sort()).toEqual(['application/json', 'multipart/form-data']);
    expect(profile?.['multipart/form-data']?.schema.properties?.avatar).toMatchObject({ format: 'binary' });
    const uploads = operations(doc).filter(({ operation }) => operation.requestBody?.content['multipart/form-data']);
    expect(uploads.length).toBeGreaterThanOrEqual(8);
  });

  it('describes the dev mailbox only while it is on, and the e2e fixtures only with E2E_FIXTURES', () => {
    const paths = Object.keys(doc.paths);
    expect(t.config.devMailbox).toBe(true);
    expect(paths).toContain('/api/dev/mailbox');
    expect(paths.filter((p) => p.startsWith('/api/e2e-fixtures/'))).toEqual([]);
  });
});

// The routes the first app leaves out: Stripe's webhook (no sandbox gateway) and the e2e fixtures.
describe('OpenAPI document with SMTP, Stripe and the e2e fixtures on', () => {
  let other: TestApp;
  let otherDoc: Document;
  beforeAll(async () => {
    other = await createTestApp({
      SMTP_URL: 'smtp://127.0.0.1:2525',
      E2E_FIXTURES: 'true',
      PAYMENT_GATEWAY: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_openapi',
      STRIPE_WEBHOOK_SECRET: 'whsec_openapi',
    });
    otherDoc = await getDocument(other);
  });
  afterAll(() => other?.close());

  it('leaves the dev mailbox out and describes the fixtures and the webhook', () => {
    const paths = Object.keys(otherDoc.paths);
    expect(paths.filter((p) => p.startsWith('/api/dev/'))).toEqual([]);
    expect(paths).toContain('/api/e2e-fixtures/program');
    expect(Object.keys(otherDoc.paths['/api/stripe/webhook']?.post?.responses ?? {})).toEqual(
      expect.arrayContaining(['400', '413', '415']),
    );
  });

  it('passes redocly lint too', async () => {
    const { problems } = await lintOpenapi(otherDoc);
    const errors = problems.filter((p) => p.severity === 'error');
    expect(errors.map((p) => `${p.ruleId}: ${p.message} at ${p.location?.[0]?.pointer}`)).toEqual([]);
  });
});
