CREATE TABLE "contract_settlements" (
	"contract_id" bigint PRIMARY KEY NOT NULL,
	"result" text NOT NULL,
	"payout" numeric(78, 0) NOT NULL,
	"close_tick_time" timestamp with time zone NOT NULL,
	"close_price" bigint NOT NULL,
	"close_source" text NOT NULL,
	"settled_at" timestamp with time zone NOT NULL,
	"settle_transaction_id" bigint NOT NULL,
	CONSTRAINT "contract_settlements_result" CHECK ("contract_settlements"."result" IN ('win', 'loss', 'tie')),
	CONSTRAINT "contract_settlements_payout" CHECK ("contract_settlements"."payout" >= 0)
);
--> statement-breakpoint
-- What settled contracts hold moves to the settlements table before the columns go.
INSERT INTO "contract_settlements" ("contract_id", "result", "payout", "close_tick_time", "close_price", "close_source", "settled_at", "settle_transaction_id")
SELECT "id", "result", "payout", "close_tick_time", "close_price", "close_source", "settled_at", "settle_transaction_id" FROM "contracts" WHERE "status" = 'settled';--> statement-breakpoint
ALTER TABLE "contracts" DROP CONSTRAINT "contracts_status";--> statement-breakpoint
ALTER TABLE "contracts" DROP CONSTRAINT "contracts_result";--> statement-breakpoint
ALTER TABLE "contracts" DROP COLUMN "status";--> statement-breakpoint
ALTER TABLE "contracts" DROP COLUMN "result";--> statement-breakpoint
ALTER TABLE "contracts" DROP COLUMN "close_tick_time";--> statement-breakpoint
ALTER TABLE "contracts" DROP COLUMN "close_price";--> statement-breakpoint
ALTER TABLE "contracts" DROP COLUMN "close_source";--> statement-breakpoint
ALTER TABLE "contracts" DROP COLUMN "payout";--> statement-breakpoint
ALTER TABLE "contracts" DROP COLUMN "settled_at";--> statement-breakpoint
ALTER TABLE "contracts" DROP COLUMN "settle_transaction_id";--> statement-breakpoint
-- Contracts are no longer updated after they open: pages can be full again (new pages; VACUUM FULL compacts old ones).
ALTER TABLE "contracts" RESET (fillfactor);
