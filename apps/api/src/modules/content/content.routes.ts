import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CMS_PAGES,
  bringToSchoolPageSchema,
  contentPageSchema,
  landingPageSchema,
  offerSchema,
  schoolSchema,
  testimonialSchema,
} from '@kikstart/contract/content';
import { ok, okResponse } from '../../lib/envelope.ts';
import * as content from './content.service.ts';

/** Public, read-only site content (spec §7 Content). */
export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['content'];
  for (const [path, key] of Object.entries(CMS_PAGES)) {
    if (key === 'landing-page') continue;
    app.get(
      `/cms/${path}`,
      { schema: { tags, summary: `Content page: ${key}`, response: okResponse(contentPageSchema) } },
      async () => ok(await content.getContentPage(app.db, key)),
    );
  }
  app.get(
    '/cms/landing-page',
    { schema: { tags, summary: 'Home page content', response: okResponse(landingPageSchema) } },
    async () => ok(await content.getLandingPage(app.db)),
  );
  app.get(
    '/bringKikStartToMySchool/list',
    {
      schema: {
        tags,
        summary: 'Bring the programs to your school: copy and partner schools',
        response: okResponse(bringToSchoolPageSchema),
      },
    },
    async () => ok(await content.getBringToSchoolPage(app.db)),
  );
  app.get(
    '/testimonial/list',
    { schema: { tags, summary: 'Published testimonials', response: okResponse(z.array(testimonialSchema)) } },
    async () => ok(await content.listTestimonials(app.db)),
  );
  app.get(
    '/offer/all-list',
    { schema: { tags, summary: 'Current offers', response: okResponse(z.array(offerSchema)) } },
    async () => ok(await content.listOffers(app.db)),
  );
  app.get(
    '/school/all-list',
    { schema: { tags, summary: 'All schools', response: okResponse(z.array(schoolSchema)) } },
    async () => ok(await content.listSchools(app.db)),
  );
};
