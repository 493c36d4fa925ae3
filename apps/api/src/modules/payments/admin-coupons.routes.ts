import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { uuidParam } from '@kikstart/contract/common';
import {
  ADMIN_MONEY_MESSAGES,
  adminCouponInputSchema,
  adminCouponPageSchema,
  adminCouponQuerySchema,
  adminCouponSchema,
  couponUsePageSchema,
  couponUseQuerySchema,
  emptyStrictBody,
  siblingDiscountSchema,
} from '@kikstart/contract/admin-money';
import { ok, okResponse } from '../../lib/envelope.ts';
import { requireUser } from '../../plugins/auth.ts';
import {
  createCoupon,
  getSiblingDiscount,
  listAdminCoupons,
  listCouponUses,
  setCouponActive,
  setSiblingDiscount,
  updateCoupon,
} from './admin-coupons.service.ts';

const idParams = z.object({ id: uuidParam });

/** Pricing rules staff set: coupons (with who used them) and the sibling discount. */
export const adminCouponsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];
  const onRequest = requireUser('admin');

  app.get(
    '/admin/coupons',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Coupons with their usage counts',
        querystring: adminCouponQuerySchema,
        response: okResponse(adminCouponPageSchema),
      },
    },
    async (request) => ok(await listAdminCoupons(app.db, request.query)),
  );

  app.post(
    '/admin/coupons',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Create a coupon (percent or amount off, validity days, limits)',
        body: adminCouponInputSchema,
        response: okResponse(adminCouponSchema),
      },
    },
    async (request) =>
      ok(await createCoupon(app.db, request.body, app.clock.now()), ADMIN_MONEY_MESSAGES.couponCreated),
  );

  app.put(
    '/admin/coupons/:id',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Edit a coupon; checkouts already started keep the price they were given',
        params: idParams,
        body: adminCouponInputSchema,
        response: okResponse(adminCouponSchema),
      },
    },
    async (request) =>
      ok(await updateCoupon(app.db, request.params.id, request.body), ADMIN_MONEY_MESSAGES.couponSaved),
  );

  for (const [action, active] of [
    ['deactivate', false],
    ['activate', true],
  ] as const)
    app.post(
      `/admin/coupons/:id/${action}`,
      {
        onRequest,
        schema: {
          tags,
          summary: active ? 'Offer a deactivated coupon again' : 'Deactivate a coupon: new checkouts refuse it',
          params: idParams,
          body: emptyStrictBody,
          response: okResponse(adminCouponSchema),
        },
      },
      async (request) =>
        ok(
          await setCouponActive(app.db, request.params.id, active),
          active ? ADMIN_MONEY_MESSAGES.couponSaved : ADMIN_MONEY_MESSAGES.couponDeactivated,
        ),
    );

  app.get(
    '/admin/coupons/:id/uses',
    {
      onRequest,
      schema: {
        tags,
        summary: 'The checkouts that used a coupon',
        params: idParams,
        querystring: couponUseQuerySchema,
        response: okResponse(couponUsePageSchema),
      },
    },
    async (request) => ok(await listCouponUses(app.db, request.params.id, request.query)),
  );

  app.get(
    '/admin/settings/sibling-discount',
    {
      onRequest,
      schema: { tags, summary: 'The sibling discount percentage', response: okResponse(siblingDiscountSchema) },
    },
    async () => ok(await getSiblingDiscount(app.db)),
  );

  app.put(
    '/admin/settings/sibling-discount',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Set the sibling discount percentage (0 to 50); applies to checkouts started from now on',
        body: siblingDiscountSchema,
        response: okResponse(siblingDiscountSchema),
      },
    },
    async (request) =>
      ok(await setSiblingDiscount(app.db, request.body.percent, app.clock.now()), ADMIN_MONEY_MESSAGES.siblingSaved),
  );
};
