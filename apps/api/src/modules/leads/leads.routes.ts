import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  LEAD_SUCCESS,
  callBookingSchema,
  demoRequestSchema,
  enquirySchema,
  leadReceiptSchema,
  schoolRequestSchema,
} from '@kikstart/contract/leads';
import { programToday } from '@kikstart/contract/schedule';
import { ok, okResponse } from '../../lib/envelope.ts';
import { FORM_RATE_LIMIT } from './lead-limits.ts';
import * as leads from './leads.service.ts';

/**
 * Public lead forms (spec §5, §7). Each is rate-limited per IP and has the `website` honeypot;
 * a valid submission is stored and reported to staff in one transaction.
 */
export const leadsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['leads'];
  // A filled honeypot is answered with the form's own success message (plugins/honeypot.ts).
  const config = (message: string) => ({ rateLimit: FORM_RATE_LIMIT, honeypot: { message } });
  const ctx = (ip: string): leads.LeadContext => ({ db: app.db, staffEmail: app.config.staffEmail, ip });

  app.post(
    '/demo/create',
    {
      config: config(LEAD_SUCCESS.demo),
      // "Today" is today where the programs run, read from the app's clock at each request.
      schema: {
        tags,
        summary: 'Request a free demo',
        body: demoRequestSchema(() => programToday(app.clock.now())),
        response: okResponse(leadReceiptSchema),
      },
    },
    async (request) => ok(await leads.createDemoRequest(ctx(request.ip), request.body), LEAD_SUCCESS.demo),
  );

  app.post(
    '/call-booking/submit',
    {
      config: config(LEAD_SUCCESS.callBooking),
      schema: { tags, summary: 'Book a call', body: callBookingSchema, response: okResponse(leadReceiptSchema) },
    },
    async (request) => ok(await leads.createCallBooking(ctx(request.ip), request.body), LEAD_SUCCESS.callBooking),
  );

  app.post(
    '/enquiry/create',
    {
      config: config(LEAD_SUCCESS.enquiry),
      schema: { tags, summary: 'Send an enquiry', body: enquirySchema, response: okResponse(leadReceiptSchema) },
    },
    async (request) => ok(await leads.createEnquiry(ctx(request.ip), 'enquiry', request.body), LEAD_SUCCESS.enquiry),
  );

  app.post(
    '/contact-us/submit',
    {
      config: config(LEAD_SUCCESS.contact),
      schema: { tags, summary: 'Send the contact form', body: enquirySchema, response: okResponse(leadReceiptSchema) },
    },
    async (request) => ok(await leads.createEnquiry(ctx(request.ip), 'contact', request.body), LEAD_SUCCESS.contact),
  );

  app.post(
    '/bringKikStartToMySchool/request',
    {
      config: config(LEAD_SUCCESS.schoolRequest),
      schema: {
        tags,
        summary: 'Ask to bring the programs to a school',
        body: schoolRequestSchema,
        response: okResponse(leadReceiptSchema),
      },
    },
    async (request) => ok(await leads.createSchoolRequest(ctx(request.ip), request.body), LEAD_SUCCESS.schoolRequest),
  );
};
