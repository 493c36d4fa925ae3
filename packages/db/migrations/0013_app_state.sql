-- Facts about the installation itself, one row per key (docs: README "Production"). The first is
-- `demo_seeded`: the demo content was written once, so a deleted seeded row is never written back.
CREATE TABLE "app_state" (
	"key" text PRIMARY KEY NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
-- Databases seeded before this marker existed: their content is the seed's, so it counts as done.
INSERT INTO "app_state" ("key") SELECT 'demo_seeded' WHERE EXISTS (SELECT 1 FROM "content_pages") OR EXISTS (SELECT 1 FROM "programs");
