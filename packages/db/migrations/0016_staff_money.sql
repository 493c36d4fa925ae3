-- Staff console, money (issue 15). A membership keeps the price it was bought at: an admin's
-- new plan price applies to new memberships, not to the renewals of existing ones.
ALTER TABLE "subscriptions" ADD COLUMN "price_cents" integer;--> statement-breakpoint
UPDATE "subscriptions" SET "price_cents" = "membership_plans"."price_cents" FROM "membership_plans" WHERE "membership_plans"."id" = "subscriptions"."plan_id";--> statement-breakpoint
ALTER TABLE "subscriptions" ALTER COLUMN "price_cents" SET NOT NULL;--> statement-breakpoint
-- Staff decide a drop-out's refund request: who, and the reason mailed with a decline.
ALTER TABLE "refund_requests" ADD COLUMN "decided_by" uuid;--> statement-breakpoint
ALTER TABLE "refund_requests" ADD COLUMN "decision_reason" text;--> statement-breakpoint
ALTER TABLE "refund_requests" ADD CONSTRAINT "refund_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- A refund staff decided: who, and why (shown to the family and in the console).
ALTER TABLE "transactions" ADD COLUMN "refunded_by" uuid;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_refunded_by_users_id_fk" FOREIGN KEY ("refunded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "refund_reason" text;
