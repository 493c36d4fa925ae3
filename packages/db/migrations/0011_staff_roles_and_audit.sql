-- Roles add, they do not swap (docs/decisions/0020-staff-roles-and-audit.md): a parent is anyone
-- in a family, and coach and admin are staff roles an account holds besides.
CREATE TYPE "public"."staff_role" AS ENUM('coach', 'admin');--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "staff_roles" "staff_role"[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
UPDATE "users" SET "staff_roles" = ARRAY["role"::text]::"staff_role"[] WHERE "role" IN ('coach', 'admin');--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "role";--> statement-breakpoint
DROP TYPE "public"."user_role";--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"actor_id" uuid NOT NULL,
	"action" text NOT NULL,
	"subject_ids" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" integer NOT NULL,
	"ip" text NOT NULL
);--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","at");--> statement-breakpoint
-- Nobody edits or deletes the audit log, not even the application's own database user by mistake.
CREATE FUNCTION "audit_log_is_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "audit_log_append_only" BEFORE UPDATE OR DELETE ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION "audit_log_is_append_only"();
