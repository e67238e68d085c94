-- Public ids: a random UUID v4 per row. ADD COLUMN with a volatile default fills every existing row with its own value (the backfill).
ALTER TABLE "transfers" ADD COLUMN "public_id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "otc_trades" ADD COLUMN "public_id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "public_id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "spot_orders" ADD COLUMN "public_id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "transfers_public_id" ON "transfers" USING btree ("public_id");--> statement-breakpoint
CREATE UNIQUE INDEX "otc_trades_public_id" ON "otc_trades" USING btree ("public_id");--> statement-breakpoint
CREATE UNIQUE INDEX "contracts_public_id" ON "contracts" USING btree ("public_id");--> statement-breakpoint
CREATE UNIQUE INDEX "spot_orders_public_id" ON "spot_orders" USING btree ("public_id");