CREATE TABLE "contract_products" (
	"market" text NOT NULL,
	"duration_seconds" integer NOT NULL,
	"payout_bps" integer NOT NULL,
	"min_stake" numeric(78, 0) NOT NULL,
	"max_stake" numeric(78, 0) NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	CONSTRAINT "contract_products_market_duration_seconds_pk" PRIMARY KEY("market","duration_seconds"),
	CONSTRAINT "contract_products_payout" CHECK ("contract_products"."payout_bps" > 0 AND "contract_products"."payout_bps" <= 100000),
	CONSTRAINT "contract_products_stakes" CHECK ("contract_products"."min_stake" > 0 AND "contract_products"."max_stake" >= "contract_products"."min_stake")
);
--> statement-breakpoint
CREATE TABLE "contracts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contracts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"mode" text NOT NULL,
	"market" text NOT NULL,
	"symbol" text NOT NULL,
	"direction" text NOT NULL,
	"duration_seconds" integer NOT NULL,
	"payout_bps" integer NOT NULL,
	"asset" text NOT NULL,
	"stake" numeric(78, 0) NOT NULL,
	"status" text NOT NULL,
	"result" text,
	"open_time" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"open_tick_time" timestamp with time zone NOT NULL,
	"open_price" bigint NOT NULL,
	"open_source" text NOT NULL,
	"close_tick_time" timestamp with time zone,
	"close_price" bigint,
	"close_source" text,
	"payout" numeric(78, 0),
	"settled_at" timestamp with time zone,
	"open_transaction_id" bigint,
	"settle_transaction_id" bigint,
	CONSTRAINT "contracts_direction" CHECK ("contracts"."direction" IN ('up', 'down')),
	CONSTRAINT "contracts_status" CHECK ("contracts"."status" IN ('open', 'settled')),
	CONSTRAINT "contracts_result" CHECK (("contracts"."status" = 'open' AND "contracts"."result" IS NULL) OR ("contracts"."status" = 'settled' AND "contracts"."result" IN ('win', 'loss', 'tie'))),
	CONSTRAINT "contracts_stake" CHECK ("contracts"."stake" > 0)
);
--> statement-breakpoint
CREATE TABLE "spot_orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "spot_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"mode" text NOT NULL,
	"symbol" text NOT NULL,
	"side" text NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"price" bigint,
	"amount" numeric(78, 0) NOT NULL,
	"reserved_asset" text,
	"reserved" numeric(78, 0) DEFAULT 0 NOT NULL,
	"fill_price" bigint,
	"total" numeric(78, 0),
	"fee" numeric(78, 0),
	"fee_bps" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"open_transaction_id" bigint,
	"close_transaction_id" bigint,
	CONSTRAINT "spot_orders_side" CHECK ("spot_orders"."side" IN ('buy', 'sell')),
	CONSTRAINT "spot_orders_type" CHECK ("spot_orders"."type" IN ('market', 'limit')),
	CONSTRAINT "spot_orders_status" CHECK ("spot_orders"."status" IN ('open', 'filled', 'cancelled')),
	CONSTRAINT "spot_orders_amount" CHECK ("spot_orders"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_open_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("open_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_settle_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("settle_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spot_orders" ADD CONSTRAINT "spot_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spot_orders" ADD CONSTRAINT "spot_orders_open_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("open_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spot_orders" ADD CONSTRAINT "spot_orders_close_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("close_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contracts_user" ON "contracts" USING btree ("user_id","mode","id");--> statement-breakpoint
CREATE INDEX "contracts_due" ON "contracts" USING btree ("expires_at") WHERE "contracts"."status" = 'open';--> statement-breakpoint
CREATE INDEX "spot_orders_user" ON "spot_orders" USING btree ("user_id","mode","status","id");--> statement-breakpoint
CREATE INDEX "spot_orders_book" ON "spot_orders" USING btree ("symbol","side","price") WHERE "spot_orders"."status" = 'open';--> statement-breakpoint
-- Default products (docs/trading.md): operators change them with `npm run ops -- product`.
INSERT INTO "contract_products" ("market", "duration_seconds", "payout_bps", "min_stake", "max_stake") VALUES
  ('CRYPTO', 30, 8000, 10000000, 5000000000),
  ('CRYPTO', 60, 8200, 10000000, 10000000000),
  ('CRYPTO', 120, 8500, 10000000, 50000000000),
  ('CRYPTO', 300, 8500, 10000000, 50000000000),
  ('CRYPTO', 600, 8800, 10000000, 50000000000),
  ('CRYPTO', 1800, 9000, 10000000, 50000000000),
  ('CRYPTO', 3600, 9000, 10000000, 50000000000),
  ('FOREX', 30, 8000, 10000000, 5000000000),
  ('FOREX', 60, 8200, 10000000, 10000000000),
  ('FOREX', 120, 8500, 10000000, 50000000000),
  ('FOREX', 300, 8500, 10000000, 50000000000),
  ('FOREX', 600, 8800, 10000000, 50000000000),
  ('FOREX', 1800, 9000, 10000000, 50000000000),
  ('FOREX', 3600, 9000, 10000000, 50000000000),
  ('CFD', 30, 8000, 10000000, 5000000000),
  ('CFD', 60, 8200, 10000000, 10000000000),
  ('CFD', 120, 8500, 10000000, 50000000000),
  ('CFD', 300, 8500, 10000000, 50000000000),
  ('CFD', 600, 8800, 10000000, 50000000000),
  ('CFD', 1800, 9000, 10000000, 50000000000),
  ('CFD', 3600, 9000, 10000000, 50000000000),
  ('INDIES', 30, 8000, 10000000, 5000000000),
  ('INDIES', 60, 8200, 10000000, 10000000000),
  ('INDIES', 120, 8500, 10000000, 50000000000),
  ('INDIES', 300, 8500, 10000000, 50000000000),
  ('INDIES', 600, 8800, 10000000, 50000000000),
  ('INDIES', 1800, 9000, 10000000, 50000000000),
  ('INDIES', 3600, 9000, 10000000, 50000000000),
  ('STOCK', 30, 8000, 10000000, 5000000000),
  ('STOCK', 60, 8200, 10000000, 10000000000),
  ('STOCK', 120, 8500, 10000000, 50000000000),
  ('STOCK', 300, 8500, 10000000, 50000000000),
  ('STOCK', 600, 8800, 10000000, 50000000000),
  ('STOCK', 1800, 9000, 10000000, 50000000000),
  ('STOCK', 3600, 9000, 10000000, 50000000000);
