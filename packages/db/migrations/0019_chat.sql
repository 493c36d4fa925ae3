-- Chat (issue 17): a conversation is a family's with one coach (coach_id set) or with the office
-- (coach_id null, every admin answers). Messages carry the sender's side so "unread" means "from the
-- other side"; a program-wide message from a coach is copied into each family's own conversation
-- (program_id names where it came from). Read state and the 15-minute unread mail are per member.
CREATE TABLE "chat_conversations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"family_id" uuid NOT NULL,
	"coach_id" uuid,
	"last_message_id" bigint,
	"last_message_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "chat_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"conversation_id" uuid NOT NULL,
	"sender_id" uuid,
	"sender_name" text NOT NULL,
	"sender_side" text NOT NULL,
	"body" text NOT NULL,
	"program_id" uuid,
	"attachment_path" text,
	"attachment_name" text,
	"attachment_mime" text,
	"attachment_bytes" integer,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "chat_messages_side_check" CHECK ("chat_messages"."sender_side" in ('family', 'staff'))
);--> statement-breakpoint
CREATE TABLE "chat_reads" (
	"conversation_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"last_read_id" bigint DEFAULT 0 NOT NULL,
	"mailed_at" timestamp with time zone,
	CONSTRAINT "chat_reads_pk" PRIMARY KEY("conversation_id","user_id")
);--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD CONSTRAINT "chat_conversations_family_id_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD CONSTRAINT "chat_conversations_coach_id_users_id_fk" FOREIGN KEY ("coach_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_conversation_id_chat_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."chat_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_reads" ADD CONSTRAINT "chat_reads_conversation_id_chat_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."chat_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_reads" ADD CONSTRAINT "chat_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_conversations_coach_unique" ON "chat_conversations" USING btree ("family_id","coach_id") WHERE "chat_conversations"."coach_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_conversations_office_unique" ON "chat_conversations" USING btree ("family_id") WHERE "chat_conversations"."coach_id" is null;--> statement-breakpoint
CREATE INDEX "chat_conversations_coach_idx" ON "chat_conversations" USING btree ("coach_id");--> statement-breakpoint
CREATE INDEX "chat_messages_conversation_idx" ON "chat_messages" USING btree ("conversation_id","id");--> statement-breakpoint
CREATE INDEX "chat_messages_attachment_idx" ON "chat_messages" USING btree ("attachment_path") WHERE "chat_messages"."attachment_path" is not null;--> statement-breakpoint
CREATE INDEX "chat_reads_user_idx" ON "chat_reads" USING btree ("user_id");
