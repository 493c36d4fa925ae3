CREATE TYPE "public"."enrollment_status" AS ENUM('pending_payment', 'confirmed', 'waitlisted', 'offered', 'dropped', 'expired', 'declined');--> statement-breakpoint
CREATE TABLE "calendar_feeds" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "enrollments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"family_id" uuid NOT NULL,
	"child_id" uuid NOT NULL,
	"program_id" uuid NOT NULL,
	"status" "enrollment_status" NOT NULL,
	"created_by" uuid,
	"price_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"covered_by_membership" boolean NOT NULL,
	"waiver_name" text NOT NULL,
	"waiver_signed_at" timestamp with time zone NOT NULL,
	"waiver_version" integer NOT NULL,
	"clash_acknowledged" boolean DEFAULT false NOT NULL,
	"hold_expires_at" timestamp with time zone,
	"waitlisted_at" timestamp with time zone,
	"offered_at" timestamp with time zone,
	"offer_expires_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"dropped_at" timestamp with time zone,
	"drop_reason" text,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "one_time_tokens" ADD COLUMN "family_id" uuid;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_family_id_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_token_unique" ON "calendar_feeds" USING btree ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "enrollments_child_program_active_unique" ON "enrollments" USING btree ("child_id","program_id") WHERE "enrollments"."status" in ('pending_payment', 'confirmed', 'waitlisted', 'offered');--> statement-breakpoint
CREATE INDEX "enrollments_program_status_idx" ON "enrollments" USING btree ("program_id","status");--> statement-breakpoint
CREATE INDEX "enrollments_family_idx" ON "enrollments" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "enrollments_child_idx" ON "enrollments" USING btree ("child_id");--> statement-breakpoint
CREATE INDEX "enrollments_waitlist_idx" ON "enrollments" USING btree ("program_id","waitlisted_at") WHERE "enrollments"."status" = 'waitlisted';--> statement-breakpoint
ALTER TABLE "one_time_tokens" ADD CONSTRAINT "one_time_tokens_family_id_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE cascade ON UPDATE no action;