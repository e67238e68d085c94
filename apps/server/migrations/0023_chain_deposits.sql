ALTER TABLE "deposits" ADD COLUMN "chain_key" text;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "block_number" bigint;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "block_hash" text;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "confirmations_required" integer;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "fail_reason" text;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "flagged_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "deposits_chain_key" ON "deposits" USING btree ("chain","chain_key") WHERE "deposits"."chain_key" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "deposits_in_progress" ON "deposits" USING btree ("chain","block_number") WHERE "deposits"."status" = 'in_progress' AND "deposits"."chain_key" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "deposits_flagged" ON "deposits" USING btree ("flagged_at") WHERE "deposits"."flagged_at" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_fail_reason" CHECK ("deposits"."fail_reason" IS NULL OR "deposits"."fail_reason" IN ('below_minimum', 'dropped'));