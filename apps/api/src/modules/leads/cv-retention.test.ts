import { existsSync } from 'node:fs';
import { unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { coachApplications, mailOutbox } from '@kikstart/db';
import { LEAD_SUCCESS, type CoachApplicationReceipt } from '@kikstart/contract/leads';
import { body, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { ManualClock } from '../../../test/manual-clock.ts';
import { privateFilesDir } from './coach-application.ts';
import { CV_RETENTION_DAYS, deleteExpiredCvs } from './cv-retention.ts';
import { nextIp } from '../../../test/client-ip.ts';
import { multipartForm } from '../../../test/multipart.ts';

let t: TestApp;
const clock = new ManualClock();
const KB = 1024;

beforeAll(async () => {
  // A 1 MB quota: two 400 KB CVs fit, a third does not.
  t = await createTestApp({ CV_QUOTA_MB: '1' }, undefined, { clock });
});
afterAll(() => t.close());

/** A PDF of about `size` bytes (a real header, padded with a comment). */
const pdf = (size: number) =>
  Buffer.concat([Buffer.from('%PDF-1.4\n%'), Buffer.alloc(size - 17, 0x61), Buffer.from('\n%%EOF\n')]);

async function apply(email: string, size = 400 * KB) {
  const fields = {
    name: 'Dana Brooks',
    email,
    phone: '415-555-0142',
    experience: 'Eight years of youth basketball.',
    sports: 'Basketball',
  };
  const form = multipartForm(fields, {
    field: 'cv',
    filename: 'dana-cv.pdf',
    type: 'application/pdf',
    bytes: pdf(size),
  });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/become-a-coach/submit',
    payload: form.payload,
    remoteAddress: nextIp(),
    headers: form.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return { message: body(res).message, receipt: body<CoachApplicationReceipt>(res).data };
}
const row = async (id: string) => (await t.db.select().from(coachApplications).where(eq(coachApplications.id, id)))[0]!;
const fileOf = (cvPath: string) => join(privateFilesDir(t.config), cvPath);
const mailTo = async (to: string, template: string) =>
  (await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, to))).find((m) => m.template === template)!;

describe('CV quota for unreviewed applications', () => {
  it('keeps CVs while they fit, then accepts applications without the CV and says so', async () => {
    const a = await apply('a@example.com');
    const b = await apply('b@example.com');
    expect(a).toMatchObject({ message: LEAD_SUCCESS.coachApplication, receipt: { cvKept: true } });
    expect(b.receipt.cvKept).toBe(true);
    expect((await row(a.receipt.id)).cvSizeBytes).toBe(400 * KB);

    const c = await apply('c@example.com');
    expect(c).toMatchObject({ message: LEAD_SUCCESS.coachApplicationWithoutCv, receipt: { cvKept: false } });
    expect(await row(c.receipt.id)).toMatchObject({
      name: 'Dana Brooks',
      email: 'c@example.com',
      cvPath: null,
      cvSizeBytes: null,
      cvOriginalName: null,
    });
    expect((await mailTo('c@example.com', 'coach-application-ack')).text).toContain('we could not keep your CV');
    const staff = (
      await t.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.template, 'coach-application-staff'))
        .orderBy(mailOutbox.seq)
    ).at(-1)!;
    expect(staff.text).toContain('Not kept: the CV store for unreviewed applications is full');

    // A reviewed application's CV no longer counts against the quota.
    await t.db.update(coachApplications).set({ status: 'contacted' }).where(eq(coachApplications.id, a.receipt.id));
    expect((await apply('d@example.com')).receipt.cvKept).toBe(true);
  });

  it('a CV larger than the room left is not kept, a smaller one still is', async () => {
    await t.db.update(coachApplications).set({ status: 'lost' });
    expect((await apply('e@example.com', 900 * KB)).receipt.cvKept).toBe(true);
    expect((await apply('f@example.com', 200 * KB)).receipt.cvKept).toBe(false);
    expect((await apply('g@example.com', 100 * KB)).receipt.cvKept).toBe(true);
  });
});

describe('CV retention', () => {
  it(`deletes the CV files of applicants not hired ${CV_RETENTION_DAYS} days after they applied, and marks the rows`, async () => {
    await t.db.update(coachApplications).set({ status: 'lost' });
    const start = clock.now().getTime();
    const notHired = (await apply('nothired@example.com', 10 * KB)).receipt.id;
    const hired = (await apply('hired@example.com', 10 * KB)).receipt.id;
    const gone = (await apply('gone@example.com', 10 * KB)).receipt.id;
    await t.db.update(coachApplications).set({ hiredAt: clock.now() }).where(eq(coachApplications.id, hired));
    clock.advance(86_400_000);
    const later = (await apply('later@example.com', 10 * KB)).receipt.id;
    const paths = Object.fromEntries(
      await Promise.all([notHired, hired, gone, later].map(async (id) => [id, (await row(id)).cvPath!])),
    );
    // A file already missing (deleted by hand) does not stop the job.
    await unlink(fileOf(paths[gone]!));

    clock.set(new Date(start + (CV_RETENTION_DAYS - 1) * 86_400_000));
    await deleteExpiredCvs({ db: t.db, config: t.config, now: clock.now() });
    expect(existsSync(fileOf(paths[notHired]!))).toBe(true);
    expect((await row(notHired)).cvDeletedAt).toBeNull();

    clock.set(new Date(start + CV_RETENTION_DAYS * 86_400_000));
    const deleted = await deleteExpiredCvs({ db: t.db, config: t.config, now: clock.now() });
    expect(deleted).toBeGreaterThanOrEqual(2);
    expect(existsSync(fileOf(paths[notHired]!))).toBe(false);
    expect(await row(notHired)).toMatchObject({
      cvPath: null,
      cvDeletedAt: clock.now(),
      email: 'nothired@example.com',
    });
    expect(await row(gone)).toMatchObject({ cvPath: null, cvDeletedAt: clock.now() });
    expect(existsSync(fileOf(paths[hired]!))).toBe(true);
    expect((await row(hired)).cvPath).toBe(paths[hired]);
    expect(existsSync(fileOf(paths[later]!))).toBe(true);

    expect(await deleteExpiredCvs({ db: t.db, config: t.config, now: clock.now() })).toBe(0);
    clock.advance(86_400_000);
    expect(await deleteExpiredCvs({ db: t.db, config: t.config, now: clock.now() })).toBe(1);
    expect(existsSync(fileOf(paths[later]!))).toBe(false);
  });
});
