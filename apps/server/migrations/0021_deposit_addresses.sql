CREATE TABLE "deposit_address_counters" (
	"family" text PRIMARY KEY NOT NULL,
	"next_index" integer NOT NULL,
	CONSTRAINT "deposit_address_counters_next" CHECK ("deposit_address_counters"."next_index" >= 0)
);
--> statement-breakpoint
CREATE TABLE "deposit_addresses" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "deposit_addresses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"family" text NOT NULL,
	"derivation_index" integer NOT NULL,
	"address" text NOT NULL,
	"lookup" text NOT NULL,
	"key_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "deposit_addresses_family" CHECK ("deposit_addresses"."family" IN ('evm', 'tron', 'btc')),
	CONSTRAINT "deposit_addresses_derivation_index" CHECK ("deposit_addresses"."derivation_index" >= 0)
);
--> statement-breakpoint
CREATE TABLE "deposit_notices" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "deposit_notices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"public_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"user_id" bigint NOT NULL,
	"symbol" text NOT NULL,
	"chain" text NOT NULL,
	"tx_hash" text NOT NULL,
	"amount" numeric(78, 0),
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_addresses" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "saved_addresses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"public_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"user_id" bigint NOT NULL,
	"symbol" text NOT NULL,
	"chain" text NOT NULL,
	"address" text NOT NULL,
	"lookup" text NOT NULL,
	"label" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "public_id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "chain" text;--> statement-breakpoint
ALTER TABLE "deposit_addresses" ADD CONSTRAINT "deposit_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_notices" ADD CONSTRAINT "deposit_notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_addresses" ADD CONSTRAINT "saved_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_addresses_user" ON "deposit_addresses" USING btree ("user_id","family");--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_addresses_index" ON "deposit_addresses" USING btree ("family","derivation_index");--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_addresses_lookup" ON "deposit_addresses" USING btree ("family","lookup");--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_notices_public_id" ON "deposit_notices" USING btree ("public_id");--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_notices_unique" ON "deposit_notices" USING btree ("user_id","chain","tx_hash");--> statement-breakpoint
CREATE INDEX "deposit_notices_tx" ON "deposit_notices" USING btree ("chain","tx_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_addresses_public_id" ON "saved_addresses" USING btree ("public_id");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_addresses_unique" ON "saved_addresses" USING btree ("user_id","symbol","chain","lookup");--> statement-breakpoint
CREATE INDEX "saved_addresses_user" ON "saved_addresses" USING btree ("user_id","symbol","id");--> statement-breakpoint
CREATE UNIQUE INDEX "deposits_public_id" ON "deposits" USING btree ("public_id");