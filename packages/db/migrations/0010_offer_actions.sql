CREATE TYPE "public"."offer_action" AS ENUM('request_demo', 'browse_programs');--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "action" "offer_action" DEFAULT 'request_demo' NOT NULL;--> statement-breakpoint
-- Demo databases seeded before offers had actions (production is never seeded): the sibling
-- discount leads to the programs, and "First class free", which nothing in the checkout gives,
-- is withdrawn.
UPDATE "offers" SET "action" = 'browse_programs' WHERE "title" = 'Sibling discount';--> statement-breakpoint
UPDATE "offers" SET "published" = false WHERE "title" = 'First class free';
