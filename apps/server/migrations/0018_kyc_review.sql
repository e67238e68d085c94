CREATE TABLE "user_notifications" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "user_notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"params" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "user_notifications" ADD CONSTRAINT "user_notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_notifications_user" ON "user_notifications" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "kyc_submissions_pending" ON "kyc_submissions" USING btree ("submitted_at","id") WHERE "kyc_submissions"."decision" IS NULL;--> statement-breakpoint
CREATE INDEX "kyc_submissions_decided" ON "kyc_submissions" USING btree ("decision","decided_at","id") WHERE "kyc_submissions"."decision" IS NOT NULL;