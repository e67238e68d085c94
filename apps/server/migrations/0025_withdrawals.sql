CREATE TABLE "signer_nonces" (
	"chain" text NOT NULL,
	"address" text NOT NULL,
	"next_nonce" bigint NOT NULL,
	CONSTRAINT "signer_nonces_chain_address_pk" PRIMARY KEY("chain","address")
);
--> statement-breakpoint
CREATE TABLE "withdraw_approvals" (
	"withdrawal_id" bigint NOT NULL,
	"operator_id" bigint NOT NULL,
	"approved_at" timestamp with time zone NOT NULL,
	CONSTRAINT "withdraw_approvals_withdrawal_id_operator_id_pk" PRIMARY KEY("withdrawal_id","operator_id")
);
--> statement-breakpoint
CREATE TABLE "withdraw_broadcasts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "withdraw_broadcasts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"withdrawal_id" bigint NOT NULL,
	"chain" text NOT NULL,
	"from_address" text NOT NULL,
	"nonce" bigint NOT NULL,
	"attempt" integer NOT NULL,
	"raw_tx" text NOT NULL,
	"tx_hash" text NOT NULL,
	"max_fee_per_gas" numeric(78, 0) NOT NULL,
	"max_priority_fee_per_gas" numeric(78, 0) NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "withdraw_freeze_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"address_id" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "withdraw_quotes" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"address_id" bigint NOT NULL,
	"symbol" text NOT NULL,
	"chain" text NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"fee" numeric(78, 0) NOT NULL,
	"fee_waived" boolean NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "withdraw_settings" (
	"symbol" text NOT NULL,
	"chain" text NOT NULL,
	"fee" numeric(78, 0) NOT NULL,
	"min_amount" numeric(78, 0) NOT NULL,
	"max_amount" numeric(78, 0) NOT NULL,
	"daily_limit" numeric(78, 0) NOT NULL,
	"enabled" boolean NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" bigint,
	CONSTRAINT "withdraw_settings_symbol_chain_pk" PRIMARY KEY("symbol","chain"),
	CONSTRAINT "withdraw_settings_amounts" CHECK ("withdraw_settings"."fee" >= 0 AND "withdraw_settings"."fee" < "withdraw_settings"."min_amount" AND "withdraw_settings"."min_amount" <= "withdraw_settings"."max_amount" AND "withdraw_settings"."max_amount" <= "withdraw_settings"."daily_limit")
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "withdrawals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"public_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"user_id" bigint NOT NULL,
	"quote_id" text NOT NULL,
	"address_id" bigint NOT NULL,
	"symbol" text NOT NULL,
	"chain" text NOT NULL,
	"address" text NOT NULL,
	"nickname" text NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"fee" numeric(78, 0) NOT NULL,
	"value_usdt" numeric(78, 0) NOT NULL,
	"state" text NOT NULL,
	"review" text NOT NULL,
	"risk_flags" jsonb NOT NULL,
	"approvals_needed" smallint NOT NULL,
	"reject_reason" text,
	"note" text,
	"escrow_tx_id" bigint NOT NULL,
	"final_tx_id" bigint,
	"tx_hash" text,
	"confirmations" integer,
	"required_confirmations" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" bigint,
	"completed_at" timestamp with time zone,
	CONSTRAINT "withdrawals_state_known" CHECK ("withdrawals"."state" IN ('processing', 'approved', 'broadcast', 'completed', 'rejected', 'failed', 'cancelled')),
	CONSTRAINT "withdrawals_amounts" CHECK ("withdrawals"."fee" >= 0 AND "withdrawals"."amount" > "withdrawals"."fee")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "security_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "security_change" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "withdrawals_frozen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "withdraw_addresses" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "withdraw_approvals" ADD CONSTRAINT "withdraw_approvals_withdrawal_id_withdrawals_id_fk" FOREIGN KEY ("withdrawal_id") REFERENCES "public"."withdrawals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdraw_broadcasts" ADD CONSTRAINT "withdraw_broadcasts_withdrawal_id_withdrawals_id_fk" FOREIGN KEY ("withdrawal_id") REFERENCES "public"."withdrawals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdraw_freeze_tokens" ADD CONSTRAINT "withdraw_freeze_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdraw_freeze_tokens" ADD CONSTRAINT "withdraw_freeze_tokens_address_id_withdraw_addresses_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."withdraw_addresses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdraw_quotes" ADD CONSTRAINT "withdraw_quotes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdraw_quotes" ADD CONSTRAINT "withdraw_quotes_address_id_withdraw_addresses_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."withdraw_addresses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_quote_id_withdraw_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."withdraw_quotes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_address_id_withdraw_addresses_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."withdraw_addresses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "withdraw_broadcasts_hash" ON "withdraw_broadcasts" USING btree ("tx_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "withdraw_broadcasts_attempt" ON "withdraw_broadcasts" USING btree ("chain","from_address","nonce","attempt");--> statement-breakpoint
CREATE INDEX "withdraw_broadcasts_withdrawal" ON "withdraw_broadcasts" USING btree ("withdrawal_id","attempt");--> statement-breakpoint
CREATE INDEX "withdraw_quotes_expires" ON "withdraw_quotes" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_public_id" ON "withdrawals" USING btree ("public_id");--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_quote" ON "withdrawals" USING btree ("quote_id");--> statement-breakpoint
CREATE INDEX "withdrawals_user" ON "withdrawals" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "withdrawals_state" ON "withdrawals" USING btree ("state","id");--> statement-breakpoint
CREATE INDEX "withdrawals_user_symbol_created" ON "withdrawals" USING btree ("user_id","symbol","created_at");