-- Coach portal (issue 16): a session is a program on one of its schedule's days, minus the days an
-- admin skips; attendance and pickups are kept per child per session; a refused pickup is kept for
-- the admin's list (the audit log also records the refused request).
CREATE TYPE "public"."attendance_status" AS ENUM('present', 'absent', 'late');--> statement-breakpoint
CREATE TYPE "public"."pickup_kind" AS ENUM('guardian', 'pickup_person');--> statement-breakpoint
CREATE TABLE "program_skipped_dates" (
	"program_id" uuid NOT NULL,
	"day" date NOT NULL,
	"reason" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "program_skipped_dates_pk" PRIMARY KEY("program_id","day")
);--> statement-breakpoint
CREATE TABLE "session_attendance" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"program_id" uuid NOT NULL,
	"child_id" uuid NOT NULL,
	"day" date NOT NULL,
	"status" "attendance_status" NOT NULL,
	"note" text,
	"marked_by" uuid,
	"marked_at" timestamp with time zone NOT NULL,
	"picked_up_kind" "pickup_kind",
	"picked_up_by_name" text,
	"picked_up_by_relation" text,
	"picked_up_at" timestamp with time zone,
	"pickup_recorded_by" uuid
);--> statement-breakpoint
CREATE TABLE "pickup_refusals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"program_id" uuid NOT NULL,
	"child_id" uuid NOT NULL,
	"day" date NOT NULL,
	"person_id" text NOT NULL,
	"recorded_by" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL
);--> statement-breakpoint
ALTER TABLE "program_skipped_dates" ADD CONSTRAINT "program_skipped_dates_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_skipped_dates" ADD CONSTRAINT "program_skipped_dates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_attendance" ADD CONSTRAINT "session_attendance_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_attendance" ADD CONSTRAINT "session_attendance_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_attendance" ADD CONSTRAINT "session_attendance_marked_by_users_id_fk" FOREIGN KEY ("marked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_attendance" ADD CONSTRAINT "session_attendance_pickup_recorded_by_users_id_fk" FOREIGN KEY ("pickup_recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pickup_refusals" ADD CONSTRAINT "pickup_refusals_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pickup_refusals" ADD CONSTRAINT "pickup_refusals_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "session_attendance_child_day_unique" ON "session_attendance" USING btree ("program_id","day","child_id");--> statement-breakpoint
CREATE INDEX "session_attendance_child_idx" ON "session_attendance" USING btree ("child_id","day");--> statement-breakpoint
CREATE INDEX "pickup_refusals_at_idx" ON "pickup_refusals" USING btree ("at");
