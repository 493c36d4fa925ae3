-- Coach profiles (issue 15): bio, credentials and photo shown beside the coach's name on a
-- program page. Keyed by the coach's account; gone with the account.
CREATE TABLE "coach_profiles" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"bio" text DEFAULT '' NOT NULL,
	"credentials" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"photo_path" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "coach_profiles" ADD CONSTRAINT "coach_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
