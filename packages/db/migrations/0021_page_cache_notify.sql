-- Each API process keeps the server-rendered public pages it served (apps/api/src/plugins/page-cache.ts).
-- A committed change to a table those pages read tells every process, through NOTIFY, to drop them,
-- so a staff edit shows on the next page load everywhere. One notice per statement, not per row
-- (and PostgreSQL sends a transaction's identical notices once). Not here: enrollments, which move
-- seats left on every sign-up of a busy morning (pages showing seats expire within seconds
-- instead), and membership plans, coupons and settings, which no server-rendered page reads.
CREATE FUNCTION "notify_page_cache"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('page_cache', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "content_pages_page_cache" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "content_pages"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_page_cache"();--> statement-breakpoint
CREATE TRIGGER "offers_page_cache" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "offers"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_page_cache"();--> statement-breakpoint
CREATE TRIGGER "testimonials_page_cache" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "testimonials"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_page_cache"();--> statement-breakpoint
CREATE TRIGGER "schools_page_cache" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "schools"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_page_cache"();--> statement-breakpoint
CREATE TRIGGER "programs_page_cache" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "programs"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_page_cache"();--> statement-breakpoint
CREATE TRIGGER "program_activities_page_cache" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "program_activities"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_page_cache"();--> statement-breakpoint
CREATE TRIGGER "coach_profiles_page_cache" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "coach_profiles"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_page_cache"();--> statement-breakpoint
-- Of an account, a program page shows the coach's name only: new accounts and their other columns
-- come with every sign-up, and a coach cannot be deleted while a program points at them.
CREATE TRIGGER "users_page_cache" AFTER UPDATE OF "first_name", "last_name" ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_page_cache"();
