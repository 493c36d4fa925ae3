import { describe, expect, it } from 'vitest';
import { CMS_PAGES } from '@kikstart/contract/content';
import { DEFAULT_SIBLING_DISCOUNT_PERCENT } from '@kikstart/db/seed/payments-data';
import { body, useTestApp } from '../../../test/test-app.ts';

const t = useTestApp();

describe('content endpoints', () => {
  it.each(Object.keys(CMS_PAGES))('GET /api/cms/%s returns the seeded page', async (path) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/cms/${path}` });
    expect(res.statusCode).toBe(200);
    const page = body<{ title: string; description: string }>(res).data;
    expect(page.title.length).toBeGreaterThan(3);
    expect(page.description.length).toBeGreaterThan(10);
  });

  it('the landing page carries its content (featured programs come from the program list)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/cms/landing-page' });
    const data = body<{ data: { hero: { title: string } }; featuredPrograms?: unknown }>(res).data;
    expect(data.data.hero.title).toBeTruthy();
    expect(data.featuredPrograms).toBeUndefined();
  });

  it('offers expose _id for the demo form and what their button does', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/offer/all-list' });
    const offers = body<{ _id: string; title: string; description: string; action: string }[]>(res).data;
    expect(offers.length).toBeGreaterThan(0);
    expect(offers[0]!._id).toMatch(/^[0-9a-f-]{36}$/);
    // The sibling discount is applied at the checkout: it leads to the programs and states the
    // checkout's rule and percentage; no offer promises a free class nothing gives.
    const sibling = offers.find((o) => o.title === 'Sibling discount');
    expect(sibling?.action).toBe('browse_programs');
    expect(sibling?.description).toContain(`${DEFAULT_SIBLING_DISCOUNT_PERCENT}% off`);
    expect(sibling?.description).toMatch(/same term/);
    expect(offers.map((o) => o.title)).not.toContain('First class free');
    expect(offers.filter((o) => o.action === 'request_demo').length).toBeGreaterThan(0);
  });

  it('lists testimonials, schools and the bring-to-school page', async () => {
    for (const url of ['/api/testimonial/list', '/api/school/all-list']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(body<unknown[]>(res).data.length).toBeGreaterThan(0);
    }
    const res = await t.app.inject({ method: 'GET', url: '/api/bringKikStartToMySchool/list' });
    expect(body<{ schools: unknown[] }>(res).data.schools.length).toBeGreaterThan(0);
  });

  it('a hostile query string changes nothing; a hostile page name is a 404 envelope, not another page', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/cms/about-us' });
    const hostile = await t.app.inject({
      method: 'GET',
      url: `/api/cms/about-us?key=${encodeURIComponent("' or 1=1 --")}&path=privacy-policy`,
    });
    expect(hostile.statusCode).toBe(200);
    expect(hostile.json()).toEqual(plain.json());
    for (const name of ["about-us' or '1'='1", 'about-us%00', '..%2fprivacy-policy', 'ABOUT-US']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/cms/${name.includes('%') ? name : encodeURIComponent(name)}`,
      });
      expect(res.statusCode, name).toBe(404);
      expect(res.json(), name).toMatchObject({ status: 404, data: null });
    }
  });
});
