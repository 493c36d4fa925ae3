import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  LEAD_SUCCESS,
  callBookingSchema,
  demoRequestSchema,
  earliestTodayAnywhere,
  enquirySchema,
  leadReceiptSchema,
  schoolRequestSchema,
} from '@kikstart/contract/leads';
import { ok, okResponse } from '../../lib/envelope.ts';
import { FORM_RATE_LIMIT } from './lead-limits.ts';
import { fakeReceipt, isHoneypotFilled } from './lead-mail.ts';
import * as leads from './leads.service.ts';

/**
 * Public lead forms (spec §5, §7). Each is rate-limited per IP and has the `website` honeypot;
 * a valid submission is stored and reported to staff in one transaction.
 */
export const leadsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['leads'];
  const config = { rateLimit: FORM_RATE_LIMIT };
  const ctx = (ip: string): leads.LeadContext => ({ db: app.db, staffEmail: app.config.staffEmail, ip });

  app.post(
    '/demo/create',
    {
      config,
      // "Today" is the earliest calendar day still running anywhere, so no visitor's today is refused.
      schema: { tags, summary: 'Request a free demo', body: demoRequestSchema(() => earliestTodayAnywhere()), response: okResponse(leadReceiptSchema) },
    },
    async (request) => {
      if (isHoneypotFilled(request.body.website)) return ok(fakeReceipt(), LEAD_SUCCESS.demo);
      return ok(await leads.createDemoRequest(ctx(request.ip), request.body), LEAD_SUCCESS.demo);
    },
  );

  app.post('/call-booking/submit', { config, schema: { tags, summary: 'Book a call', body: callBookingSchema, response: okResponse(leadReceiptSchema) } }, async (request) => {
    if (isHoneypotFilled(request.body.website)) return ok(fakeReceipt(), LEAD_SUCCESS.callBooking);
    return ok(await leads.createCallBooking(ctx(request.ip), request.body), LEAD_SUCCESS.callBooking);
  });

  app.post('/enquiry/create', { config, schema: { tags, summary: 'Send an enquiry', body: enquirySchema, response: okResponse(leadReceiptSchema) } }, async (request) => {
    if (isHoneypotFilled(request.body.website)) return ok(fakeReceipt(), LEAD_SUCCESS.enquiry);
    return ok(await leads.createEnquiry(ctx(request.ip), 'enquiry', request.body), LEAD_SUCCESS.enquiry);
  });

  app.post('/contact-us/submit', { config, schema: { tags, summary: 'Send the contact form', body: enquirySchema, response: okResponse(leadReceiptSchema) } }, async (request) => {
    if (isHoneypotFilled(request.body.website)) return ok(fakeReceipt(), LEAD_SUCCESS.contact);
    return ok(await leads.createEnquiry(ctx(request.ip), 'contact', request.body), LEAD_SUCCESS.contact);
  });

  app.post(
    '/bringKikStartToMySchool/request',
    { config, schema: { tags, summary: 'Ask to bring the programs to a school', body: schoolRequestSchema, response: okResponse(leadReceiptSchema) } },
    async (request) => {
      if (isHoneypotFilled(request.body.website)) return ok(fakeReceipt(), LEAD_SUCCESS.schoolRequest);
      return ok(await leads.createSchoolRequest(ctx(request.ip), request.body), LEAD_SUCCESS.schoolRequest);
    },
  );
};
