-- Gallery (issue 18): photos of a session (program + day), the children tagged in them, and the
-- photos each family kept. Families see a photo once staff mark its tags complete; photo consent
-- is checked when a photo is read, never copied here. delete_after = session day + 2 years.
CREATE TABLE "gallery_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"program_id" uuid NOT NULL,
	"session_day" date NOT NULL,
	"web_path" text NOT NULL,
	"thumb_path" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"original_name" text NOT NULL,
	"uploaded_by" uuid,
	"uploaded_at" timestamp with time zone NOT NULL,
	"tags_completed_at" timestamp with time zone,
	"delete_after" date NOT NULL
);--> statement-breakpoint
CREATE TABLE "gallery_photo_children" (
	"photo_id" uuid NOT NULL,
	"child_id" uuid NOT NULL,
	CONSTRAINT "gallery_photo_children_pk" PRIMARY KEY("photo_id","child_id")
);--> statement-breakpoint
CREATE TABLE "gallery_kept" (
	"family_id" uuid NOT NULL,
	"photo_id" uuid NOT NULL,
	"kept_at" timestamp with time zone NOT NULL,
	CONSTRAINT "gallery_kept_pk" PRIMARY KEY("family_id","photo_id")
);--> statement-breakpoint
ALTER TABLE "gallery_photos" ADD CONSTRAINT "gallery_photos_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gallery_photos" ADD CONSTRAINT "gallery_photos_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gallery_photo_children" ADD CONSTRAINT "gallery_photo_children_photo_id_gallery_photos_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."gallery_photos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gallery_photo_children" ADD CONSTRAINT "gallery_photo_children_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gallery_kept" ADD CONSTRAINT "gallery_kept_family_id_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gallery_kept" ADD CONSTRAINT "gallery_kept_photo_id_gallery_photos_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."gallery_photos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gallery_photos_session_idx" ON "gallery_photos" USING btree ("program_id","session_day");--> statement-breakpoint
CREATE INDEX "gallery_photos_delete_after_idx" ON "gallery_photos" USING btree ("delete_after");--> statement-breakpoint
CREATE INDEX "gallery_photo_children_child_idx" ON "gallery_photo_children" USING btree ("child_id");--> statement-breakpoint
CREATE INDEX "gallery_kept_photo_idx" ON "gallery_kept" USING btree ("photo_id");
