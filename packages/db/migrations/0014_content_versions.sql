-- Waiver versions (issue 15): a new waiver text is a new version; signatures keep pointing at theirs.
CREATE TABLE "waiver_versions" (
	"version" integer PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_by" uuid
);--> statement-breakpoint
-- The text in use today becomes the first kept version (earlier texts were never stored).
INSERT INTO "waiver_versions" ("version", "title", "body", "published_at")
  SELECT "version", "title", "body", "updated_at" FROM "content_pages" WHERE "key" = 'waiver-data';--> statement-breakpoint
-- A signed text must never change or disappear under its signatures.
CREATE FUNCTION "waiver_versions_are_kept"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'waiver_versions is append-only';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "waiver_versions_append_only" BEFORE UPDATE OR DELETE ON "waiver_versions"
  FOR EACH ROW EXECUTE FUNCTION "waiver_versions_are_kept"();
