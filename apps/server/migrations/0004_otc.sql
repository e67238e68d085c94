CREATE TABLE "otc_quotes" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"mode" text NOT NULL,
	"rates" jsonb NOT NULL,
	"fee_bps" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "otc_trades" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "otc_trades_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"mode" text NOT NULL,
	"side" text NOT NULL,
	"from_asset" text NOT NULL,
	"to_asset" text NOT NULL,
	"from_amount" numeric(78, 0) NOT NULL,
	"to_amount" numeric(78, 0) NOT NULL,
	"price" text NOT NULL,
	"fee" numeric(78, 0) NOT NULL,
	"fee_asset" text NOT NULL,
	"quote_id" text NOT NULL,
	"transaction_id" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "otc_trades_side" CHECK ("otc_trades"."side" IN ('buy', 'sell', 'flash'))
);
--> statement-breakpoint
ALTER TABLE "otc_quotes" ADD CONSTRAINT "otc_quotes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "otc_trades" ADD CONSTRAINT "otc_trades_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "otc_trades" ADD CONSTRAINT "otc_trades_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "otc_quotes_user" ON "otc_quotes" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "otc_trades_user" ON "otc_trades" USING btree ("user_id","mode","id");