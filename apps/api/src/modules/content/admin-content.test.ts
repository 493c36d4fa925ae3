import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog, contentPages, enrollments, waiverVersions } from '@kikstart/db';
import { CONTENT_LIMITS, CONTENT_MESSAGES } from '@kikstart/contract/admin-content';
import type { ContentPage, LandingData } from '@kikstart/contract/content';
import { body, useTestApp } from '../../../test/test-app.ts';
import { createUserWithSession, demoSession } from '../../../test/user-fixtures.ts';

const t = useTestApp();

const admin = () => demoSession(t, 'admin');
const page = async (key: string) => (await t.db.select().from(contentPages).where(eq(contentPages.key, key)))[0]!;
const publicPage = async <D = Record<string, unknown>>(path: string) => {
  const res = await t.app.inject({ url: `/api/cms/${path}` });
  return { res, page: body<ContentPage<D>>(res).data };
};
const put = async (url: string, payload: unknown, headers: Record<string, string>) =>
  t.app.inject({ method: 'PUT', url, payload: payload as object, headers });

describe('admin content: Markdown pages', () => {
  it('an admin saves the about page and the public page answers the new text at once, uncached', async () => {
    const { headers, userId } = await admin();
    const before = await page('about-us');
    const res = await put(
      '/api/admin/content/pages/about-us',
      { version: before.version, title: 'About us', description: 'Who we are.', body: '## Our story\n\nNew **text**.' },
      headers,
    );
    expect(res.statusCode).toBe(200);
    expect(body(res).message).toBe(CONTENT_MESSAGES.saved);
    const after = await publicPage('about-us');
    expect(after.res.headers['cache-control']).toBe('no-store');
    expect(after.page).toMatchObject({
      title: 'About us',
      body: '## Our story\n\nNew **text**.',
      version: before.version + 1,
    });
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.actorId, userId));
    expect(entries).toContainEqual(
      expect.objectContaining({
        action: 'PUT /api/admin/content/pages/:key',
        subjectIds: { key: 'about-us' },
        status: 200,
      }),
    );
  });

  it('a save based on an older version is refused (409) and changes nothing', async () => {
    const { headers } = await admin();
    const current = await page('privacy-policy');
    const first = { version: current.version, title: 'Privacy', description: 'Ours.', body: 'First editor' };
    expect((await put('/api/admin/content/pages/privacy-policy', first, headers)).statusCode).toBe(200);
    const res = await put('/api/admin/content/pages/privacy-policy', { ...first, body: 'Second editor' }, headers);
    expect(res.statusCode).toBe(409);
    expect(body(res)).toMatchObject({ code: 'CONFLICT', message: CONTENT_MESSAGES.conflict });
    expect((await page('privacy-policy')).body).toBe('First editor');
  });

  it('lists the pages and reads one, 404 for an unknown, hostile or non-Markdown key', async () => {
    const { headers } = await admin();
    const list = await t.app.inject({ url: '/api/admin/content/pages', headers });
    expect(body<{ key: string }[]>(list).data.map((p) => p.key)).toEqual(
      expect.arrayContaining(['about-us', 'waiver-data']),
    );
    const one = await t.app.inject({ url: '/api/admin/content/pages/faq-data', headers });
    expect(body<ContentPage>(one).data.key).toBe('faq-data');
    for (const key of ['nope', "about-us' or '1'='1", '..%2fabout-us', 'x'.repeat(65)]) {
      const res = await t.app.inject({ url: `/api/admin/content/pages/${key}`, headers });
      expect(res.statusCode, key).toBe(key.length > 64 ? 400 : 404);
    }
    // The waiver changes only by publishing a version; the landing page and footer through their editors.
    for (const key of ['waiver-data', 'landing-page', 'settings-data', 'nope']) {
      const res = await put(
        `/api/admin/content/pages/${key}`,
        { version: 1, title: 'T', description: 'D', body: 'B' },
        headers,
      );
      expect(res.statusCode, key).toBe(404);
      expect(body(res).code).toBe('NOT_FOUND');
    }
  });

  it('refuses missing, malformed, oversized and hostile input with a field message, storing nothing', async () => {
    const { headers } = await admin();
    const before = await page('about-us');
    const valid = { version: before.version, title: 'About', description: 'Who we are.', body: 'Fine' };
    const cases: [unknown, string, string][] = [
      [{}, 'title', 'Title is required'],
      [{ ...valid, title: '   ' }, 'title', 'Title is required'],
      [{ ...valid, body: 'Hi <script>alert(1)</script>' }, 'body', CONTENT_MESSAGES.noHtml],
      [{ ...valid, body: '<img src=x onerror=alert(1)>' }, 'body', CONTENT_MESSAGES.noHtml],
      [{ ...valid, body: '[click](javascript:alert(1))' }, 'body', CONTENT_MESSAGES.unsafeLink],
      [{ ...valid, body: '[x]: data:text/html;base64,PHNjcmlwdD4=' }, 'body', CONTENT_MESSAGES.unsafeLink],
      [
        { ...valid, body: 'a'.repeat(CONTENT_LIMITS.body + 1) },
        'body',
        `Must be at most ${CONTENT_LIMITS.body} characters`,
      ],
      [{ ...valid, title: 'Nul\u0000byte' }, 'title', 'Must not contain invalid characters'],
      [{ ...valid, version: 'one' }, 'version', 'Reload the page: the version you edited is missing'],
      [{ ...valid, body: 42 }, 'body', 'Text is required'],
    ];
    for (const [payload, field, message] of cases) {
      const res = await put('/api/admin/content/pages/about-us', payload, headers);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
      expect(body(res).code).toBe('VALIDATION_FAILED');
      expect(body(res).errors?.[field]).toBe(message);
    }
    const huge = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/content/pages/about-us',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ ...valid, body: 'a'.repeat(300 * 1024) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(await page('about-us')).toEqual(before);
  });

  it('signed-out callers get 401 and parents or coaches 403 on reads and writes, storing nothing', async () => {
    const parent = await createUserWithSession(t);
    const coach = await createUserWithSession(t, { role: 'coach' });
    const before = await page('about-us');
    const edit = { version: before.version, title: 'Hacked', description: 'Hacked page', body: 'Hacked' };
    for (const [headers, status] of [
      [{}, 401],
      [parent.headers, 403],
      [coach.headers, 403],
    ] as const) {
      expect((await put('/api/admin/content/pages/about-us', edit, headers)).statusCode).toBe(status);
      expect((await put('/api/admin/content/faq', { version: 1, items: [] }, headers)).statusCode).toBe(status);
      expect((await t.app.inject({ url: '/api/admin/content/waiver/versions', headers })).statusCode).toBe(status);
    }
    expect(await page('about-us')).toEqual(before);
  });
});

describe('admin content: structured parts', () => {
  it('landing stats and steps keep the order given; hidden items stay off the public answer', async () => {
    const { headers } = await admin();
    const current = await page('landing-page');
    const data = current.data as LandingData;
    const res = await put(
      '/api/admin/content/landing',
      {
        version: current.version,
        hero: { ...data.hero, title: 'Play more, worry less' },
        stats: [
          { value: '40', label: 'coaches', hidden: false },
          { value: '6', label: 'partner schools', hidden: true },
          { value: '18', label: 'programs open for enrollment' },
        ],
        steps: [...data.steps].reverse(),
      },
      headers,
    );
    expect(res.statusCode).toBe(200);
    const { page: shown } = await publicPage<LandingData>('landing-page');
    expect(shown.data.hero.title).toBe('Play more, worry less');
    expect(shown.data.stats).toEqual([
      { value: '40', label: 'coaches' },
      { value: '18', label: 'programs open for enrollment' },
    ]);
    expect(shown.data.steps.map((s) => s.title)).toEqual(data.steps.map((s) => s.title).reverse());
    const staff = await t.app.inject({ url: '/api/admin/content/pages/landing-page', headers });
    expect(body<ContentPage<LandingData>>(staff).data.data.stats).toHaveLength(3);
  });

  it('FAQ, why-us, contact and footer save; the public pages show what is not hidden', async () => {
    const { headers } = await admin();
    const faq = await page('faq-data');
    const faqRes = await put(
      '/api/admin/content/faq',
      {
        version: faq.version,
        items: [
          { question: 'Do you run summer camps?', answer: 'Yes, in July.' },
          { question: 'Secret?', answer: 'Not yet announced.', hidden: true },
        ],
      },
      headers,
    );
    expect(faqRes.statusCode).toBe(200);
    expect((await publicPage<{ items: unknown[] }>('faq-data')).page.data.items).toEqual([
      { question: 'Do you run summer camps?', answer: 'Yes, in July.' },
    ]);

    const why = await page('why-us-data');
    const whyRes = await put(
      '/api/admin/content/why-us',
      { version: why.version, reasons: [{ title: 'Small groups', text: 'Eight kids per coach.' }] },
      headers,
    );
    expect(whyRes.statusCode).toBe(200);

    const contact = await page('contact-us-data');
    const contactEdit = {
      version: contact.version,
      phone: '415-555-0199',
      email: 'Team@KikStart.example',
      address: '1 Main Street, Oakland, CA 94607',
      hours: 'Weekdays 9 to 5',
    };
    expect((await put('/api/admin/content/contact', contactEdit, headers)).statusCode).toBe(200);
    expect((await publicPage('contact-us-data')).page.data).toMatchObject({
      phone: '415-555-0199',
      email: 'team@kikstart.example',
    });

    const footer = await page('settings-data');
    const footerEdit = {
      ...contactEdit,
      version: footer.version,
      companyName: 'KikStart',
      tagline: 'Kids love it.',
      social: [{ name: 'Instagram', url: 'https://instagram.com/kikstart' }],
    };
    expect((await put('/api/admin/content/footer', footerEdit, headers)).statusCode).toBe(200);
    expect((await publicPage('settings-data')).page.data).toMatchObject({
      companyName: 'KikStart',
      tagline: 'Kids love it.',
    });
  });

  it('refuses bad structured input with field messages and leaves the page as it was', async () => {
    const { headers } = await admin();
    const footer = await page('settings-data');
    const valid = {
      version: footer.version,
      phone: '415-555-0142',
      email: 'hello@kikstart.example',
      address: 'Somewhere',
      hours: 'Always',
      companyName: 'KikStart',
      tagline: 'Hi',
      social: [],
    };
    const cases: [string, unknown, string][] = [
      ['/api/admin/content/footer', { ...valid, social: [{ name: 'X', url: 'javascript:alert(1)' }] }, 'social.0.url'],
      ['/api/admin/content/footer', { ...valid, social: [{ name: 'X', url: 'http://x.example' }] }, 'social.0.url'],
      ['/api/admin/content/footer', { ...valid, phone: '123' }, 'phone'],
      ['/api/admin/content/footer', { ...valid, email: 'not-an-email' }, 'email'],
      ['/api/admin/content/footer', { ...valid, companyName: 'x'.repeat(121) }, 'companyName'],
      [
        '/api/admin/content/faq',
        { version: 1, items: Array.from({ length: 41 }, () => ({ question: 'Q', answer: 'A' })) },
        'items',
      ],
      ['/api/admin/content/faq', { version: 1, items: [{ question: '', answer: 'A' }] }, 'items.0.question'],
      [
        '/api/admin/content/faq',
        { version: 1, items: [{ question: 'Q', answer: 'A', hidden: 'yes' }] },
        'items.0.hidden',
      ],
      ['/api/admin/content/landing', { version: 1, hero: {}, stats: [], steps: [] }, 'hero.title'],
      ['/api/admin/content/why-us', { version: 1, reasons: 'all of them' }, 'reasons'],
    ];
    for (const [url, payload, field] of cases) {
      const res = await put(url, payload, headers);
      expect(res.statusCode, `${url} ${field}`).toBe(400);
      expect(Object.keys(body(res).errors ?? {}), `${url} ${field}`).toContain(field);
    }
    expect(await page('settings-data')).toEqual(footer);
  });
});

describe('admin content: waiver versions', () => {
  it('publishing a new text makes a new version; earlier signatures keep theirs, still readable', async () => {
    const { headers, userId } = await admin();
    const current = await page('waiver-data');
    const signedBefore = await t.db.select().from(enrollments).where(eq(enrollments.waiverVersion, current.version));
    expect(signedBefore.length).toBeGreaterThan(0);

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/content/waiver/versions',
      headers,
      payload: { basedOn: current.version, body: 'I agree to the **new** terms.' },
    });
    expect(res.statusCode).toBe(200);
    const published = body<{ version: number; current: boolean; publishedBy: string }>(res).data;
    expect(published).toMatchObject({ version: current.version + 1, current: true, publishedBy: 'Alex Morgan' });

    const shown = await publicPage('waiver-data');
    expect(shown.page).toMatchObject({ body: 'I agree to the **new** terms.', version: current.version + 1 });

    const list = await t.app.inject({ url: '/api/admin/content/waiver/versions?sort=version', headers });
    const items = body<{ items: { version: number; signatures: number; current: boolean }[] }>(list).data.items;
    expect(items).toEqual([
      expect.objectContaining({ version: current.version, signatures: signedBefore.length, current: false }),
      expect.objectContaining({ version: current.version + 1, signatures: 0, current: true }),
    ]);
    const old = await t.app.inject({ url: `/api/admin/content/waiver/versions/${current.version}`, headers });
    expect(body<{ body: string }>(old).data.body).toBe(current.body);
    expect(await t.db.select().from(enrollments).where(eq(enrollments.waiverVersion, current.version))).toHaveLength(
      signedBefore.length,
    );

    const entries = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'POST /api/admin/content/waiver/versions'));
    expect(entries).toContainEqual(
      expect.objectContaining({ actorId: userId, subjectIds: { waiverVersion: String(current.version + 1) } }),
    );
  });

  it('a stale publish is 409, bad input 400 and an unknown version 404; kept texts cannot be changed', async () => {
    const { headers } = await admin();
    const current = await page('waiver-data');
    const post = (payload: unknown) =>
      t.app.inject({ method: 'POST', url: '/api/admin/content/waiver/versions', headers, payload: payload as object });
    const stale = await post({ basedOn: current.version - 1 || 999, body: 'Old edit' });
    expect(stale.statusCode).toBe(409);
    expect(body(stale).message).toBe(CONTENT_MESSAGES.waiverConflict);
    expect((await post({ basedOn: current.version, body: '   ' })).statusCode).toBe(400);
    expect((await post({ basedOn: current.version, body: '<script>x</script>' })).statusCode).toBe(400);
    expect((await post({ body: 'No version' })).statusCode).toBe(400);
    expect(await page('waiver-data')).toEqual(current);

    for (const [url, status] of [
      ['/api/admin/content/waiver/versions/9999', 404],
      ['/api/admin/content/waiver/versions/abc', 400],
      ['/api/admin/content/waiver/versions/-1', 400],
      ['/api/admin/content/waiver/versions?sort=body', 400],
      ['/api/admin/content/waiver/versions?pageSize=1000', 400],
    ] as const) {
      expect((await t.app.inject({ url, headers })).statusCode, url).toBe(status);
    }
    await expect(t.db.delete(waiverVersions)).rejects.toThrow();
    await expect(t.db.update(waiverVersions).set({ body: 'rewritten' })).rejects.toThrow();
  });
});
