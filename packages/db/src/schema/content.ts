import { pgTable, pgEnum, uuid, text, timestamp, integer, boolean, jsonb, date } from 'drizzle-orm/pg-core';
import { OFFER_ACTIONS } from '@kikstart/contract/content';

/**
 * Editable site copy, one row per page key (about-us, faq-data, landing-page, …).
 * `body` is Markdown rendered without raw HTML; `data` holds structured parts
 * (FAQ items, hero text, footer contacts) whose shape the contract defines per key.
 */
export const contentPages = pgTable('content_pages', {
  key: text('key').primaryKey(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  body: text('body').notNull().default(''),
  data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
  /** Bumped on each edit; a waiver signature records the version it agreed to. */
  version: integer('version').notNull().default(1),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const testimonials = pgTable('testimonials', {
  id: uuid('id').primaryKey().defaultRandom(),
  authorName: text('author_name').notNull(),
  authorRole: text('author_role').notNull(),
  quote: text('quote').notNull(),
  rating: integer('rating').notNull().default(5),
  sortOrder: integer('sort_order').notNull().default(0),
  published: boolean('published').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const offerActionEnum = pgEnum('offer_action', OFFER_ACTIONS);

export const offers = pgTable('offers', {
  id: uuid('id').primaryKey().defaultRandom(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  badge: text('badge'),
  imagePath: text('image_path'),
  validUntil: date('valid_until'),
  /** Only `request_demo` offers can be attached to a demo request. */
  action: offerActionEnum('action').notNull().default('request_demo'),
  sortOrder: integer('sort_order').notNull().default(0),
  published: boolean('published').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every waiver text ever published, under its version: an enrollment's `waiver_version` points
 * here, so the text a guardian signed stays readable after a new one is published. Append-only
 * (a trigger refuses UPDATE and DELETE); `published_by` has no foreign key so deleting a staff
 * account keeps the record.
 */
export const waiverVersions = pgTable('waiver_versions', {
  version: integer('version').primaryKey(),
  title: text('title').notNull(),
  body: text('body').notNull(),
  publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  publishedBy: uuid('published_by'),
});
