CREATE TABLE "engine_epochs" (
	"epoch" bigint PRIMARY KEY NOT NULL,
	"node" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "engine_leader" (
	"id" integer PRIMARY KEY NOT NULL,
	"epoch" bigint NOT NULL,
	"node" text NOT NULL,
	"since" timestamp with time zone NOT NULL,
	CONSTRAINT "engine_leader_one_row" CHECK ("engine_leader"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "file_blobs" (
	"name" text PRIMARY KEY NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_event_outbox" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "user_event_outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"event" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"published_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "contract_settlements" ADD COLUMN "engine_epoch" bigint;--> statement-breakpoint
ALTER TABLE "user_event_outbox" ADD CONSTRAINT "user_event_outbox_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_event_outbox_unpublished" ON "user_event_outbox" USING btree ("created_at") WHERE "user_event_outbox"."published_at" IS NULL;--> statement-breakpoint
CREATE INDEX "user_event_outbox_user" ON "user_event_outbox" USING btree ("user_id","id");--> statement-breakpoint
INSERT INTO "engine_leader" ("id", "epoch", "node", "since") VALUES (1, 0, '', now());
