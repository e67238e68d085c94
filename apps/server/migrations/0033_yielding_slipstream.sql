CREATE TABLE "home_shortcuts" (
	"key" text PRIMARY KEY NOT NULL,
	"visible" boolean NOT NULL,
	"position" integer NOT NULL,
	"labels" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"target" text NOT NULL,
	"updated_at" timestamp with time zone,
	"updated_by" bigint,
	CONSTRAINT "home_shortcuts_position" CHECK ("home_shortcuts"."position" BETWEEN 0 AND 99)
);
--> statement-breakpoint
CREATE TABLE "vip_tiers" (
	"level" integer PRIMARY KEY NOT NULL,
	"min_volume" numeric(78, 0) NOT NULL,
	"min_balance" numeric(78, 0) NOT NULL,
	"withdraw_fee_discount_bps" integer NOT NULL,
	"otc_spread_discount_bps" integer NOT NULL,
	"withdraw_limit_bps" integer NOT NULL,
	"updated_at" timestamp with time zone,
	"updated_by" bigint,
	CONSTRAINT "vip_tiers_level" CHECK ("vip_tiers"."level" BETWEEN 1 AND 10),
	CONSTRAINT "vip_tiers_thresholds" CHECK ("vip_tiers"."min_volume" > 0 AND "vip_tiers"."min_balance" > 0),
	CONSTRAINT "vip_tiers_benefits" CHECK ("vip_tiers"."withdraw_fee_discount_bps" BETWEEN 0 AND 10000 AND "vip_tiers"."otc_spread_discount_bps" BETWEEN 0 AND 10000 AND "vip_tiers"."withdraw_limit_bps" BETWEEN 10000 AND 100000)
);
--> statement-breakpoint
ALTER TABLE "otc_trades" ADD COLUMN "volume_usdt" numeric(78, 0) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "home_shortcuts" ADD CONSTRAINT "home_shortcuts_updated_by_operators_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vip_tiers" ADD CONSTRAINT "vip_tiers_updated_by_operators_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;