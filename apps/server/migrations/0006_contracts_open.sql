CREATE TABLE "contracts_open" (
	"contract_id" bigint PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"symbol" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contracts" DROP CONSTRAINT "contracts_settle_transaction_id_ledger_transactions_id_fk";
--> statement-breakpoint
DROP INDEX "contracts_due";--> statement-breakpoint
ALTER TABLE "contracts_open" ADD CONSTRAINT "contracts_open_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contracts_open_due" ON "contracts_open" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "contracts_open_user" ON "contracts_open" USING btree ("user_id","expires_at");--> statement-breakpoint
INSERT INTO "contracts_open" ("contract_id", "user_id", "symbol", "expires_at") SELECT "id", "user_id", "symbol", "expires_at" FROM "contracts" WHERE "status" = 'open';--> statement-breakpoint
-- Room on each page for the settling update to stay heap-only (see schema-trading.ts); applies to pages written from now on.
ALTER TABLE "contracts" SET (fillfactor = 50);
