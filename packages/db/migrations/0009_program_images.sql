-- Describes the program's picture for screen readers; an upload from the staff console replaces image_path and this together.
ALTER TABLE "programs" ADD COLUMN "image_alt" text;--> statement-breakpoint
-- The school's ZIP code completes its postal address (shown on program pages and used for the map search).
ALTER TABLE "schools" ADD COLUMN "postal_code" text;
