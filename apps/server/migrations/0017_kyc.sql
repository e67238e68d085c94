CREATE TABLE "kyc_profiles" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"state" text NOT NULL,
	"document_type" text NOT NULL,
	"nationality" text NOT NULL,
	"real_name" text NOT NULL,
	"id_number" text NOT NULL,
	"id_number_key" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "kyc_profiles_state" CHECK ("kyc_profiles"."state" IN ('primary', 'pending', 'verified', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "kyc_submissions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "kyc_submissions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"document_type" text NOT NULL,
	"nationality" text NOT NULL,
	"real_name" text NOT NULL,
	"id_number" text NOT NULL,
	"id_number_key" text NOT NULL,
	"front_image" text NOT NULL,
	"back_image" text NOT NULL,
	"selfie_image" text NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	"decision" text,
	"reject_reason" text,
	"reject_note" text,
	"decided_at" timestamp with time zone,
	CONSTRAINT "kyc_submissions_decision" CHECK ("kyc_submissions"."decision" IS NULL OR "kyc_submissions"."decision" IN ('verified', 'rejected')),
	CONSTRAINT "kyc_submissions_reject" CHECK (("kyc_submissions"."decision" IS NOT DISTINCT FROM 'rejected') = ("kyc_submissions"."reject_reason" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "kyc_profiles" ADD CONSTRAINT "kyc_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_submissions" ADD CONSTRAINT "kyc_submissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kyc_profiles_id_number" ON "kyc_profiles" USING btree ("nationality","id_number_key");--> statement-breakpoint
CREATE UNIQUE INDEX "kyc_submissions_one_pending" ON "kyc_submissions" USING btree ("user_id") WHERE "kyc_submissions"."decision" IS NULL;--> statement-breakpoint
CREATE INDEX "kyc_submissions_user" ON "kyc_submissions" USING btree ("user_id","id");