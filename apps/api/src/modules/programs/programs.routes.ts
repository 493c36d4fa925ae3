import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pagedSchema } from '@kikstart/contract/common';
import {
  activityIdQuery,
  activityListQuery,
  programActivitySchema,
  programActivityWithTitleSchema,
  programDetailsSchema,
  programIdQuery,
  programListQuery,
  programSummarySchema,
} from '@kikstart/contract/programs';
import { ok, okResponse } from '../../lib/envelope.ts';
import * as programsService from './programs.service.ts';

/** Public program browsing (spec §7 Programs): visitors look before they sign up. */
export const programsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['programs'];

  app.get(
    '/programs/all-list',
    {
      schema: {
        tags,
        summary: 'Search and filter open programs (paginated)',
        querystring: programListQuery,
        response: okResponse(pagedSchema(programSummarySchema)),
      },
    },
    async (request) => ok(await programsService.listPrograms(app.db, request.query)),
  );

  app.get(
    '/programs/details',
    {
      schema: {
        tags,
        summary: 'One program with schedule, seats, coach and activities',
        querystring: programIdQuery,
        response: okResponse(programDetailsSchema),
      },
    },
    async (request) => ok(await programsService.getProgramDetails(app.db, request.query.id)),
  );

  app.get(
    '/program/activity',
    {
      schema: {
        tags,
        summary: 'One session activity',
        querystring: activityIdQuery,
        response: okResponse(programActivityWithTitleSchema),
      },
    },
    async (request) => ok(await programsService.getActivity(app.db, request.query.id)),
  );

  app.get(
    '/program/activity/allList',
    {
      schema: {
        tags,
        summary: "A program's activities, session by session",
        querystring: activityListQuery,
        response: okResponse(z.array(programActivitySchema)),
      },
    },
    async (request) => ok(await programsService.listActivities(app.db, request.query.programId)),
  );
};
