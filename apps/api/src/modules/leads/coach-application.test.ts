import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { coachApplications } from '@kikstart/db';
import { LEAD_MESSAGES, LEAD_SUCCESS } from '@kikstart/contract/leads';
import { UPLOAD_KINDS } from '@kikstart/contract/uploads';
import { body, useTestApp } from '../../../test/test-app.ts';
import { FORM_RATE_LIMIT } from './lead-limits.ts';
import { assertPrivateDirNotPublic, privateFilesDir } from './coach-application.ts';
import { UNREADABLE_FORM } from '../../lib/multipart.ts';
import { HOSTILE, countRows, mailsFor, postJson } from '../../../test/lead-fixtures.ts';
import { nextIp } from '../../../test/client-ip.ts';
import { multipartForm } from '../../../test/multipart.ts';

const t = useTestApp();

const URL_ = '/api/become-a-coach/submit';

/** A real, minimal one-page PDF. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n' +
    '3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>\nendobj\nxref\n0 4\n0000000000 65535 f \n' +
    '0000000009 00000 n \n0000000058 00000 n \n0000000115 00000 n \ntrailer\n<< /Size 4 /Root 1 0 R >>\nstartxref\n186\n%%EOF\n',
);
/** An old-style .doc is an OLE compound file. */
const DOC = (() => {
  const b = Buffer.alloc(4096);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(b);
  return b;
})();
const WINDOWS_EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(512, 0x90)]);
const LINUX_ELF = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1]), Buffer.alloc(512)]);
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4f40000000049454e44ae426082',
  'hex',
);

const validFields = () => ({
  name: 'Marcus Johnson',
  email: 'Marcus.Johnson@example.com',
  phone: '(415) 555-0142',
  experience: 'Six years coaching U8-U12 soccer; USSF grassroots licence; first aid and CPR certified.',
  sports: 'Soccer, Basketball',
});

interface CvPart {
  field?: string;
  bytes: Buffer;
  name?: string;
  type?: string;
}

/** Submits the form as a browser would; a file without a type goes as application/octet-stream. */
function submit(
  fields: Record<string, string>,
  files: CvPart[] = [{ bytes: PDF, name: 'marcus-cv.pdf', type: 'application/pdf' }],
  remoteAddress = nextIp(),
) {
  const parts = files.map((f) => ({
    field: f.field ?? 'cv',
    filename: f.name ?? 'cv.pdf',
    type: f.type ?? 'application/octet-stream',
    bytes: f.bytes,
  }));
  const form = multipartForm(fields, parts);
  return t.app.inject({ method: 'POST', url: URL_, payload: form.payload, remoteAddress, headers: form.headers });
}

/** Every file under a folder, recursively. */
const filesUnder = (dir: string): string[] =>
  existsSync(dir)
    ? readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((d) => d.isFile())
        .map((d) => join(d.parentPath, d.name))
    : [];
const cvFiles = () => filesUnder(privateFilesDir(t.config));

async function application(id: string) {
  const [row] = await t.db.select().from(coachApplications).where(eq(coachApplications.id, id));
  return row;
}

describe('become a coach: application with CV', () => {
  it('accepts a real PDF, keeps it privately, stores the application and mails staff and the applicant', async () => {
    const ip = nextIp();
    const res = await submit(validFields(), undefined, ip);
    expect(res.statusCode).toBe(200);
    const b = body<{ id: string }>(res);
    expect(b.message).toBe(LEAD_SUCCESS.coachApplication);
    const row = await application(b.data.id);
    expect(row).toMatchObject({
      name: 'Marcus Johnson',
      email: 'marcus.johnson@example.com',
      phone: '4155550142',
      sports: 'Soccer, Basketball',
      cvOriginalName: 'marcus-cv.pdf',
      cvMimeType: 'application/pdf',
      ip,
    });
    expect(row!.cvPath).toMatch(/^cv\/[0-9a-f]{32}\.pdf$/);
    const onDisk = join(privateFilesDir(t.config), row!.cvPath!);
    expect(readFileSync(onDisk).equals(PDF)).toBe(true);

    const [staff] = await mailsFor(t, 'coach-application-staff');
    expect(staff?.to).toBe(t.config.staffEmail);
    expect(staff?.text).toContain('marcus-cv.pdf');
    const [ack] = await mailsFor(t, 'coach-application-ack');
    expect(ack?.to).toBe('marcus.johnson@example.com');
  });

  it('the stored CV is not reachable under /uploads, and nothing lands in the public folder', async () => {
    const res = await submit(validFields());
    const row = await application(body<{ id: string }>(res).data.id);
    const name = row!.cvPath!.split('/').pop()!;
    for (const url of [
      `/uploads/${row!.cvPath}`,
      `/uploads/${name}`,
      `/uploads/private/${row!.cvPath}`,
      `/uploads/../private/${row!.cvPath}`,
      `/uploads/%2e%2e/private/${row!.cvPath}`,
      `/uploads/..%2fprivate%2f${row!.cvPath!.replace('/', '%2f')}`,
    ]) {
      const get = await t.app.inject({ method: 'GET', url });
      expect(get.statusCode, url).not.toBe(200);
      expect(get.body.startsWith('%PDF'), url).toBe(false);
    }
    expect(filesUnder(t.config.uploadDir).some((f) => f.endsWith(name))).toBe(false);
  });

  it('accepts a .doc (OLE) CV as well', async () => {
    const res = await submit(validFields(), [{ bytes: DOC, name: 'cv.doc', type: 'application/msword' }]);
    expect(res.statusCode).toBe(200);
    expect((await application(body<{ id: string }>(res).data.id))!.cvPath).toMatch(/\.doc$/);
  });

  it('refuses an executable named .pdf with 415 and a clear message, storing nothing', async () => {
    for (const bytes of [WINDOWS_EXE, LINUX_ELF, PNG, Buffer.from('just some text pretending to be a PDF')]) {
      const beforeRows = await countRows(t);
      const beforeFiles = cvFiles().length;
      const res = await submit(validFields(), [{ bytes, name: 'cv.pdf', type: 'application/pdf' }]);
      expect(res.statusCode).toBe(415);
      expect(body(res).message).toBe('The file must be a PDF, DOC, DOCX or XLSX document');
      expect(body(res).errors?.cv).toBe('The file must be a PDF, DOC, DOCX or XLSX document');
      expect(await countRows(t)).toEqual(beforeRows);
      expect(cvFiles()).toHaveLength(beforeFiles);
    }
  });

  it('refuses a file over the size limit with 413, storing nothing', async () => {
    const beforeRows = await countRows(t);
    const beforeFiles = cvFiles().length;
    const big = Buffer.concat([PDF, Buffer.alloc(UPLOAD_KINDS.document.maxBytes + 1 - PDF.length, 0x20)]);
    const res = await submit(validFields(), [{ bytes: big, name: 'big.pdf', type: 'application/pdf' }]);
    expect(res.statusCode).toBe(413);
    expect(body(res).status).toBe(413);
    expect(body(res).message).toMatch(/too large/);
    expect(await countRows(t)).toEqual(beforeRows);
    expect(cvFiles()).toHaveLength(beforeFiles);
  });

  it('a missing CV is 400 "Please attach your CV", alongside other field errors', async () => {
    const before = await countRows(t);
    const res = await submit(validFields(), []);
    expect(res.statusCode).toBe(400);
    expect(body(res).errors).toEqual({ cv: LEAD_MESSAGES.cv });
    expect(body(res).message).toBe(LEAD_MESSAGES.cv);
    const both = await submit({ ...validFields(), name: '' }, []);
    expect(body(both).errors).toEqual({ cv: LEAD_MESSAGES.cv, name: LEAD_MESSAGES.name });
    const empty = await submit(validFields(), [{ bytes: Buffer.alloc(0), name: 'cv.pdf' }]);
    expect(empty.statusCode).toBe(400);
    expect(body(empty).errors?.cv).toBe('The file is empty');
    expect(await countRows(t)).toEqual(before);
  });

  it('each missing or blank field gets its message, storing nothing', async () => {
    const required: Record<string, string> = {
      name: LEAD_MESSAGES.name,
      email: 'Email is required',
      phone: 'Phone is required',
      experience: LEAD_MESSAGES.experience,
      sports: LEAD_MESSAGES.sports,
    };
    const before = await countRows(t);
    const beforeFiles = cvFiles().length;
    for (const [field, message] of Object.entries(required)) {
      for (const blank of [undefined, '', '   ']) {
        const fields: Record<string, string> = validFields();
        if (blank === undefined) delete fields[field];
        else fields[field] = blank;
        const res = await submit(fields);
        expect(res.statusCode, `${field}=${JSON.stringify(blank)}`).toBe(400);
        expect(body(res).errors?.[field]).toBe(message);
      }
    }
    expect(body(await submit({ ...validFields(), email: 'not-an-email' })).errors?.email).toBe(
      'Enter a valid email address',
    );
    expect(body(await submit({ ...validFields(), phone: '555-0142' })).errors?.phone).toBe('Phone must be 10 digits');
    expect(await countRows(t)).toEqual(before);
    expect(cvFiles()).toHaveLength(beforeFiles);
  });

  it('refuses the NUL character in a text field with 400', async () => {
    const res = await submit({ ...validFields(), experience: 'ten\u0000years' });
    expect(res.statusCode).toBe(400);
    expect(body(res).errors?.experience).toBe('Must not contain invalid characters');
  });

  it('caps text lengths with "Must be at most … characters"', async () => {
    for (const [field, max] of Object.entries({ name: 200, sports: 500, experience: 5000 })) {
      const res = await submit({ ...validFields(), [field]: 'x'.repeat(max + 1) });
      expect(res.statusCode).toBe(400);
      expect(body(res).errors?.[field]).toBe(`Must be at most ${max} characters`);
    }
  });

  it('stores unicode, SQL and HTML verbatim and cleans a hostile file name', async () => {
    const res = await submit(
      { ...validFields(), name: HOSTILE.unicodeName, experience: `${HOSTILE.sql} ${HOSTILE.html}` },
      [{ bytes: PDF, name: '../../etc/passwd<script>.pdf', type: 'application/pdf' }],
    );
    expect(res.statusCode).toBe(200);
    const row = await application(body<{ id: string }>(res).data.id);
    expect(row!.name).toBe(HOSTILE.unicodeName);
    expect(row!.experience).toBe(`${HOSTILE.sql} ${HOSTILE.html}`);
    expect(row!.cvOriginalName).toBe('passwdscript.pdf');
    expect(row!.cvPath).toMatch(/^cv\/[0-9a-f]{32}\.pdf$/);
    const [staff] = await mailsFor(t, 'coach-application-staff');
    expect(staff!.html).not.toContain('<script>');
  });

  it('refuses a JSON body and unexpected file fields', async () => {
    const json = await postJson(t, URL_, { ...validFields(), cv: 'JVBERi0xLjQ=' });
    expect(json.statusCode).toBe(415);
    const extra = await submit(validFields(), [
      { bytes: PDF, name: 'cv.pdf' },
      { field: 'photo', bytes: PDF, name: 'x.pdf' },
    ]);
    expect(extra.statusCode).toBe(400);
  });

  it('answers malformed or truncated multipart bodies with 4xx, never 500', async () => {
    const before = await countRows(t);
    const part = (name: string, value: string, filename?: string) =>
      `--xyz\r\nContent-Disposition: form-data; name="${name}"${filename ? `; filename="${filename}"` : ''}\r\n\r\n${value}\r\n`;
    const cases: [string, string, number][] = [
      ['multipart/form-data', 'no boundary at all', 400],
      ['multipart/form-data; boundary=xyz', 'garbage without the boundary', 400],
      ['multipart/form-data; boundary=xyz', part('name', 'Ann'), 400],
      [
        'multipart/form-data; boundary=xyz',
        `--xyz\r\nContent-Disposition: form-data; name="cv"; filename="a.pdf"\r\n\r\n%PDF-1.4 cut off`,
        400,
      ],
      ['multipart/form-data; boundary=xyz', '--xyz--\r\n', 400],
      [
        'multipart/form-data; boundary=xyz',
        Array.from({ length: 60 }, (_, i) => part(`f${i}`, 'v')).join('') + '--xyz--\r\n',
        413,
      ],
      ['text/plain', 'hello', 415],
    ];
    for (const [contentType, payload, status] of cases) {
      const res = await t.app.inject({
        method: 'POST',
        url: URL_,
        payload,
        remoteAddress: nextIp(),
        headers: { 'content-type': contentType },
      });
      expect(res.statusCode, payload.slice(0, 40)).toBe(status);
      expect(body(res).status).toBe(status);
    }
    const cut = await t.app.inject({
      method: 'POST',
      url: URL_,
      payload: part('name', 'Ann'),
      remoteAddress: nextIp(),
      headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
    });
    expect(body(cut).message).toBe(UNREADABLE_FORM);
    expect(await countRows(t)).toEqual(before);
  });

  it('a filled honeypot gets the same 200 and nothing is stored, written or sent', async () => {
    const before = await countRows(t);
    const beforeFiles = cvFiles().length;
    const res = await submit({ ...validFields(), website: 'https://spam.example' });
    expect(res.statusCode).toBe(200);
    expect(body(res).message).toBe(LEAD_SUCCESS.coachApplication);
    expect(body<{ id: string; cvKept: boolean }>(res).data).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      cvKept: true,
    });
    expect(await countRows(t)).toEqual(before);
    expect(cvFiles()).toHaveLength(beforeFiles);
    // Checked first, as for a person: bad fields or a missing CV are still a 400.
    const invalid = await submit({ ...validFields(), name: '', website: 'https://spam.example' }, []);
    expect(invalid.statusCode).toBe(400);
    expect(body(invalid).errors).toMatchObject({ name: expect.any(String), cv: LEAD_MESSAGES.cv });
    expect(await countRows(t)).toEqual(before);
  });

  it(`rate-limits one IP to ${FORM_RATE_LIMIT.max} applications per window`, async () => {
    const ip = nextIp();
    for (let i = 0; i < FORM_RATE_LIMIT.max; i++)
      expect((await submit(validFields(), undefined, ip)).statusCode).toBe(200);
    const before = await countRows(t);
    const res = await submit(validFields(), undefined, ip);
    expect(res.statusCode).toBe(429);
    expect(body(res).message).toMatch(/^Too many requests/);
    expect(await countRows(t)).toEqual(before);
  });
});

describe('private CV folder', () => {
  it('refuses to start when UPLOAD_DIR would expose it', () => {
    expect(() => assertPrivateDirNotPublic({ dataDir: '/srv/kikstart', uploadDir: '/srv/kikstart' })).toThrow(
      /CVs would be public/,
    );
    expect(() => assertPrivateDirNotPublic({ dataDir: '/srv/kikstart', uploadDir: '/srv' })).toThrow(
      /CVs would be public/,
    );
    expect(() =>
      assertPrivateDirNotPublic({ dataDir: '/srv/kikstart', uploadDir: '/srv/kikstart/uploads' }),
    ).not.toThrow();
    expect(() =>
      assertPrivateDirNotPublic({ dataDir: '/srv/kikstart', uploadDir: '/srv/kikstart/private-uploads' }),
    ).not.toThrow();
  });
});
