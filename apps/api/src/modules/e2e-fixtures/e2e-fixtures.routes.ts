import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requiredText, uuidParam } from '@kikstart/contract/common';
import { ok, okResponse } from '../../lib/envelope.ts';
import { AppError } from '../../lib/errors.ts';
import { copyProgram } from './e2e-fixtures.service.ts';
import { coachSessionFixture, gallerySessionFixture } from './coach-session-fixture.ts';
import { chatFixture } from '../chat/chat-e2e-fixture.ts';

const copyProgramBody = z.object({
  fromSlug: requiredText('Name the seeded program to copy', 200),
  title: requiredText('Give the program a title', 200),
  capacity: z.number().int().min(0).max(100),
});
const copiedProgram = z.object({ id: z.string(), slug: z.string(), title: z.string(), capacity: z.number().int() });

/**
 * End-to-end fixtures: only with E2E_FIXTURES=true (Playwright's server; refused in production).
 * Otherwise every route here answers 404 before any work, as if it did not exist.
 */
export const e2eFixtureRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['dev'];
  app.addHook('onRequest', async () => {
    if (!app.config.e2eFixtures) throw new AppError('NOT_FOUND', 'Not found');
  });

  app.post(
    '/e2e-fixtures/program',
    {
      schema: {
        tags,
        summary: 'End-to-end tests: a fresh program copied from a seeded one (E2E_FIXTURES only)',
        body: copyProgramBody,
        response: okResponse(copiedProgram),
      },
    },
    async (request) => ok(await copyProgram({ db: app.db, ...request.body })),
  );

  app.post(
    '/e2e-fixtures/coach-session',
    {
      schema: {
        tags,
        summary:
          'End-to-end tests: a program of the demo coach with a session today and a child with an allergy (E2E_FIXTURES only)',
        body: z.object({ title: requiredText('Give the program a title', 200) }),
        response: okResponse(
          z.object({
            programId: z.string(),
            title: z.string(),
            date: z.string(),
            childId: z.string(),
            childName: z.string(),
          }),
        ),
      },
    },
    async (request) => ok(await coachSessionFixture({ db: app.db, now: app.clock.now(), title: request.body.title })),
  );

  app.post(
    '/e2e-fixtures/gallery-session',
    {
      schema: {
        tags,
        summary:
          'End-to-end tests: the coach-session program with these children enrolled too (the gallery journey; E2E_FIXTURES only)',
        body: z.object({
          title: requiredText('Give the program a title', 200),
          childIds: z.array(uuidParam).min(1).max(10),
        }),
        response: okResponse(z.object({ programId: z.string(), title: z.string(), date: z.string() })),
      },
    },
    async (request) => ok(await gallerySessionFixture({ db: app.db, now: app.clock.now(), ...request.body })),
  );

  app.post(
    '/e2e-fixtures/chat',
    {
      schema: {
        tags,
        summary:
          'End-to-end tests: a coach with a program and two families enrolled in it, who can sign in (E2E_FIXTURES only)',
        response: okResponse(
          z.object({
            password: z.string(),
            coach: z.object({ email: z.string(), name: z.string() }),
            program: z.object({ id: z.string(), title: z.string() }),
            families: z.array(z.object({ email: z.string(), name: z.string() })),
          }),
        ),
      },
    },
    async () => ok(await chatFixture({ db: app.db, now: app.clock.now() })),
  );
};
