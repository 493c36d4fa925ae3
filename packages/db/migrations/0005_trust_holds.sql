ALTER TABLE "enrollments" ADD COLUMN "reminder_sent_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "enrollments_hold_idx" ON "enrollments" USING btree ("hold_expires_at") WHERE "enrollments"."status" = 'pending_payment';--> statement-breakpoint
ALTER TABLE "coach_applications" ALTER COLUMN "cv_path" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "coach_applications" ALTER COLUMN "cv_original_name" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "coach_applications" ALTER COLUMN "cv_mime_type" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "coach_applications" ADD COLUMN "cv_size_bytes" integer;--> statement-breakpoint
ALTER TABLE "coach_applications" ADD COLUMN "cv_deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "coach_applications" ADD COLUMN "hired_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "coach_applications_cv_idx" ON "coach_applications" USING btree ("created_at") WHERE "coach_applications"."cv_path" is not null;
