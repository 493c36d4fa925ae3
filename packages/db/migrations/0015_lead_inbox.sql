-- The staff leads inbox: every lead kind gets a status (new, contacted, won, lost), an owner and
-- notes. Nothing in the product ever set 'closed'; a closed lead had no outcome on record, so it
-- reads as lost.
ALTER TYPE "public"."lead_status" RENAME VALUE 'closed' TO 'lost';--> statement-breakpoint
ALTER TYPE "public"."lead_status" ADD VALUE 'won' BEFORE 'lost';--> statement-breakpoint
ALTER TABLE "demo_requests" ADD COLUMN "owner_id" uuid;--> statement-breakpoint
ALTER TABLE "call_bookings" ADD COLUMN "owner_id" uuid;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "owner_id" uuid;--> statement-breakpoint
ALTER TABLE "school_requests" ADD COLUMN "owner_id" uuid;--> statement-breakpoint
ALTER TABLE "coach_applications" ADD COLUMN "owner_id" uuid;--> statement-breakpoint
ALTER TABLE "coach_applications" ADD COLUMN "rejected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "coach_role_requests" ADD COLUMN "lead_status" "lead_status" DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "coach_role_requests" ADD COLUMN "owner_id" uuid;--> statement-breakpoint
ALTER TABLE "coach_role_requests" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "coach_role_requests" ADD COLUMN "decided_by" uuid;--> statement-breakpoint
ALTER TABLE "coach_role_requests" ADD COLUMN "decline_reason" text;--> statement-breakpoint
ALTER TABLE "demo_requests" ADD CONSTRAINT "demo_requests_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_bookings" ADD CONSTRAINT "call_bookings_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiries" ADD CONSTRAINT "enquiries_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_requests" ADD CONSTRAINT "school_requests_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_applications" ADD CONSTRAINT "coach_applications_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_role_requests" ADD CONSTRAINT "coach_role_requests_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_role_requests" ADD CONSTRAINT "coach_role_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "lead_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"demo_request_id" uuid,
	"call_booking_id" uuid,
	"enquiry_id" uuid,
	"school_request_id" uuid,
	"coach_application_id" uuid,
	"coach_role_request_id" uuid,
	"author_id" uuid,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lead_notes_one_lead" CHECK (num_nonnulls("lead_notes"."demo_request_id", "lead_notes"."call_booking_id", "lead_notes"."enquiry_id", "lead_notes"."school_request_id", "lead_notes"."coach_application_id", "lead_notes"."coach_role_request_id") = 1)
);--> statement-breakpoint
ALTER TABLE "lead_notes" ADD CONSTRAINT "lead_notes_demo_request_id_demo_requests_id_fk" FOREIGN KEY ("demo_request_id") REFERENCES "public"."demo_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_notes" ADD CONSTRAINT "lead_notes_call_booking_id_call_bookings_id_fk" FOREIGN KEY ("call_booking_id") REFERENCES "public"."call_bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_notes" ADD CONSTRAINT "lead_notes_enquiry_id_enquiries_id_fk" FOREIGN KEY ("enquiry_id") REFERENCES "public"."enquiries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_notes" ADD CONSTRAINT "lead_notes_school_request_id_school_requests_id_fk" FOREIGN KEY ("school_request_id") REFERENCES "public"."school_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_notes" ADD CONSTRAINT "lead_notes_coach_application_id_coach_applications_id_fk" FOREIGN KEY ("coach_application_id") REFERENCES "public"."coach_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_notes" ADD CONSTRAINT "lead_notes_coach_role_request_id_coach_role_requests_id_fk" FOREIGN KEY ("coach_role_request_id") REFERENCES "public"."coach_role_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_notes" ADD CONSTRAINT "lead_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_notes_demo_request_idx" ON "lead_notes" USING btree ("demo_request_id");--> statement-breakpoint
CREATE INDEX "lead_notes_call_booking_idx" ON "lead_notes" USING btree ("call_booking_id");--> statement-breakpoint
CREATE INDEX "lead_notes_enquiry_idx" ON "lead_notes" USING btree ("enquiry_id");--> statement-breakpoint
CREATE INDEX "lead_notes_school_request_idx" ON "lead_notes" USING btree ("school_request_id");--> statement-breakpoint
CREATE INDEX "lead_notes_coach_application_idx" ON "lead_notes" USING btree ("coach_application_id");--> statement-breakpoint
CREATE INDEX "lead_notes_coach_role_request_idx" ON "lead_notes" USING btree ("coach_role_request_id");
