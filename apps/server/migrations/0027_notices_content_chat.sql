CREATE SEQUENCE "public"."notice_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "announcement_reads" (
	"user_id" bigint NOT NULL,
	"post_id" bigint NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	CONSTRAINT "announcement_reads_user_id_post_id_pk" PRIMARY KEY("user_id","post_id")
);
--> statement-breakpoint
CREATE TABLE "app_downloads" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "app_downloads_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"platform" text NOT NULL,
	"label" text NOT NULL,
	"url" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" bigint
);
--> statement-breakpoint
CREATE TABLE "app_versions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "app_versions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"platform" text NOT NULL,
	"version_no" text NOT NULL,
	"description" text NOT NULL,
	"link_update_hot" text NOT NULL,
	"link_update_full" text NOT NULL,
	"new_update_tag" text NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"created_by" bigint,
	CONSTRAINT "app_versions_platform" CHECK ("app_versions"."platform" IN ('ios', 'android')),
	CONSTRAINT "app_versions_tag" CHECK ("app_versions"."new_update_tag" IN ('must_update', 'choose_update'))
);
--> statement-breakpoint
CREATE TABLE "chat_canned_replies" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "chat_canned_replies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"lang" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" bigint
);
--> statement-breakpoint
CREATE TABLE "chat_conversations" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "chat_conversations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"public_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"user_id" bigint NOT NULL,
	"queue" text NOT NULL,
	"state" text NOT NULL,
	"assigned_to" bigint,
	"origin" text NOT NULL,
	"last_message_at" timestamp with time zone NOT NULL,
	"user_read_through" bigint DEFAULT 0 NOT NULL,
	"operator_read_through" bigint DEFAULT 0 NOT NULL,
	"user_notified_through" bigint DEFAULT 0 NOT NULL,
	"seq" bigint,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "chat_conversations_state" CHECK ("chat_conversations"."state" IN ('open', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "chat_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"conversation_id" bigint NOT NULL,
	"author" text NOT NULL,
	"operator_id" bigint,
	"body" text NOT NULL,
	"upload_id" bigint,
	"client_id" text,
	"seq" bigint,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "chat_messages_author" CHECK (("chat_messages"."author" = 'user' AND "chat_messages"."operator_id" IS NULL) OR ("chat_messages"."author" = 'operator' AND "chat_messages"."operator_id" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "content_posts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "content_posts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"public_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"translations" jsonb NOT NULL,
	"image" text,
	"link" text,
	"publish_at" timestamp with time zone NOT NULL,
	"withdrawn_at" timestamp with time zone,
	"seq" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	CONSTRAINT "content_posts_kind" CHECK ("content_posts"."kind" IN ('news', 'announcement'))
);
--> statement-breakpoint
CREATE TABLE "help_articles" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "help_articles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"public_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"category" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"translations" jsonb NOT NULL,
	"published" boolean NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" bigint
);
--> statement-breakpoint
CREATE TABLE "legal_acceptances" (
	"user_id" bigint NOT NULL,
	"document_id" bigint NOT NULL,
	"accepted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "legal_acceptances_user_id_document_id_pk" PRIMARY KEY("user_id","document_id")
);
--> statement-breakpoint
CREATE TABLE "legal_documents" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "legal_documents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"version" integer NOT NULL,
	"translations" jsonb NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"created_by" bigint,
	CONSTRAINT "legal_documents_kind" CHECK ("legal_documents"."kind" IN ('about', 'company', 'privacy', 'agreement'))
);
--> statement-breakpoint
CREATE TABLE "notice_states" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"announcements_read_through" bigint DEFAULT 0 NOT NULL,
	"seq" bigint,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_notifications" ADD COLUMN "seq" bigint;--> statement-breakpoint
ALTER TABLE "announcement_reads" ADD CONSTRAINT "announcement_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_reads" ADD CONSTRAINT "announcement_reads_post_id_content_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."content_posts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_downloads" ADD CONSTRAINT "app_downloads_updated_by_operators_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_versions" ADD CONSTRAINT "app_versions_created_by_operators_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_canned_replies" ADD CONSTRAINT "chat_canned_replies_updated_by_operators_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD CONSTRAINT "chat_conversations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD CONSTRAINT "chat_conversations_assigned_to_operators_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_conversation_id_chat_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."chat_conversations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_posts" ADD CONSTRAINT "content_posts_created_by_operators_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_posts" ADD CONSTRAINT "content_posts_updated_by_operators_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_articles" ADD CONSTRAINT "help_articles_updated_by_operators_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_acceptances" ADD CONSTRAINT "legal_acceptances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_acceptances" ADD CONSTRAINT "legal_acceptances_document_id_legal_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."legal_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_documents" ADD CONSTRAINT "legal_documents_created_by_operators_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_states" ADD CONSTRAINT "notice_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "app_versions_platform_version" ON "app_versions" USING btree ("platform","version_no");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_conversations_user" ON "chat_conversations" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_conversations_public_id" ON "chat_conversations" USING btree ("public_id");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_conversations_seq" ON "chat_conversations" USING btree ("seq");--> statement-breakpoint
CREATE INDEX "chat_conversations_inbox" ON "chat_conversations" USING btree ("state","queue","last_message_at");--> statement-breakpoint
CREATE INDEX "chat_conversations_unstamped" ON "chat_conversations" USING btree ("id") WHERE "chat_conversations"."seq" IS NULL;--> statement-breakpoint
CREATE INDEX "chat_messages_conversation" ON "chat_messages" USING btree ("conversation_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_messages_client" ON "chat_messages" USING btree ("conversation_id","client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_messages_seq" ON "chat_messages" USING btree ("seq");--> statement-breakpoint
CREATE INDEX "chat_messages_unstamped" ON "chat_messages" USING btree ("id") WHERE "chat_messages"."seq" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "content_posts_public_id" ON "content_posts" USING btree ("public_id");--> statement-breakpoint
CREATE UNIQUE INDEX "content_posts_seq" ON "content_posts" USING btree ("seq");--> statement-breakpoint
CREATE INDEX "content_posts_published" ON "content_posts" USING btree ("kind","publish_at","id");--> statement-breakpoint
CREATE INDEX "content_posts_unstamped" ON "content_posts" USING btree ("publish_at") WHERE "content_posts"."seq" IS NULL AND "content_posts"."kind" = 'announcement';--> statement-breakpoint
CREATE UNIQUE INDEX "help_articles_public_id" ON "help_articles" USING btree ("public_id");--> statement-breakpoint
CREATE INDEX "help_articles_category" ON "help_articles" USING btree ("category","sort","id");--> statement-breakpoint
CREATE UNIQUE INDEX "legal_documents_version" ON "legal_documents" USING btree ("kind","version");--> statement-breakpoint
CREATE UNIQUE INDEX "notice_states_seq" ON "notice_states" USING btree ("seq");--> statement-breakpoint
CREATE INDEX "notice_states_unstamped" ON "notice_states" USING btree ("user_id") WHERE "notice_states"."seq" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "user_notifications_seq" ON "user_notifications" USING btree ("seq");--> statement-breakpoint
CREATE INDEX "user_notifications_unstamped" ON "user_notifications" USING btree ("id") WHERE "user_notifications"."seq" IS NULL;--> statement-breakpoint
CREATE INDEX "user_notifications_unread" ON "user_notifications" USING btree ("user_id") WHERE "user_notifications"."read_at" IS NULL;