CREATE TYPE "public"."subscription_status" AS ENUM('active', 'past_due', 'ended');--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"family_id" uuid,
	"created_by" uuid,
	"plan_id" uuid NOT NULL,
	"status" "subscription_status" DEFAULT 'active' NOT NULL,
	"gateway" text NOT NULL,
	"customer_ref" text,
	"payment_method_ref" text,
	"gateway_subscription_ref" text,
	"card_last4" text,
	"currency" text NOT NULL,
	"current_period_start" timestamp with time zone NOT NULL,
	"current_period_end" timestamp with time zone NOT NULL,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"canceled_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"end_reason" text,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"last_failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "covered_children" (
	"subscription_id" uuid NOT NULL,
	"child_id" uuid NOT NULL,
	"attached_at" timestamp with time zone NOT NULL,
	CONSTRAINT "covered_children_subscription_id_child_id_pk" PRIMARY KEY("subscription_id","child_id")
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_family_id_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_plan_id_membership_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."membership_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "covered_children" ADD CONSTRAINT "covered_children_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "covered_children" ADD CONSTRAINT "covered_children_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_family_live_unique" ON "subscriptions" USING btree ("family_id") WHERE "subscriptions"."status" in ('active', 'past_due');--> statement-breakpoint
CREATE INDEX "subscriptions_due_idx" ON "subscriptions" USING btree ("current_period_end") WHERE "subscriptions"."status" in ('active', 'past_due');--> statement-breakpoint
CREATE INDEX "covered_children_child_idx" ON "covered_children" USING btree ("child_id");--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "plan_id" uuid;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "subscription_id" uuid;--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_plan_id_membership_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."membership_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checkouts_subscription_idx" ON "checkouts" USING btree ("subscription_id");--> statement-breakpoint
ALTER TABLE "enrollments" ADD COLUMN "subscription_id" uuid;--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "enrollments_subscription_idx" ON "enrollments" USING btree ("subscription_id") WHERE "enrollments"."subscription_id" is not null;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "for_plans" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "plan_ids" uuid[];--> statement-breakpoint
-- The waitlist is first come, first served for everyone: no plan promises priority on it.
UPDATE "membership_plans" SET "features" = "features" - 'Priority on waitlists';--> statement-breakpoint
UPDATE "content_pages" SET "body" = replace("body", 'Memberships can be cancelled at any time and end at the close of the current billing period.', 'Memberships can be cancelled at any time and end at the close of the current billing period. When a membership ends, each enrollment it covered becomes a seat held for you with a Pay button, and we email you; a held seat that is not paid for within 7 days is released to other families.'), "version" = "version" + 1 WHERE "key" = 'terms-and-conditions' AND "body" NOT LIKE '%released to other families%';
