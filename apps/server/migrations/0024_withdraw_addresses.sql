CREATE TABLE "fund_password_attempts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fund_password_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"success" boolean NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "withdraw_addresses" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "withdraw_addresses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"public_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"user_id" bigint NOT NULL,
	"symbol" text NOT NULL,
	"chain" text NOT NULL,
	"address" text NOT NULL,
	"lookup" text NOT NULL,
	"nickname" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"usable_from" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "fund_password_attempts" ADD CONSTRAINT "fund_password_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdraw_addresses" ADD CONSTRAINT "withdraw_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fund_password_attempts_user" ON "fund_password_attempts" USING btree ("user_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "withdraw_addresses_public_id" ON "withdraw_addresses" USING btree ("public_id");--> statement-breakpoint
CREATE UNIQUE INDEX "withdraw_addresses_unique" ON "withdraw_addresses" USING btree ("user_id","symbol","chain","lookup") WHERE "withdraw_addresses"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "withdraw_addresses_user" ON "withdraw_addresses" USING btree ("user_id","symbol","id");