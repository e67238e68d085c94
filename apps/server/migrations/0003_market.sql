CREATE TABLE "market_candles" (
	"symbol" text NOT NULL,
	"interval" text NOT NULL,
	"open_time" timestamp (3) with time zone NOT NULL,
	"open" bigint NOT NULL,
	"high" bigint NOT NULL,
	"low" bigint NOT NULL,
	"close" bigint NOT NULL,
	"volume" bigint NOT NULL,
	"quote_volume" numeric(38, 0) NOT NULL,
	"trades" integer NOT NULL,
	"source" text NOT NULL,
	"gen_ref" bigint,
	"gen_version" integer,
	CONSTRAINT "market_candles_symbol_interval_open_time_pk" PRIMARY KEY("symbol","interval","open_time"),
	CONSTRAINT "market_candles_interval" CHECK ("market_candles"."interval" IN ('1m', '5m', '15m', '30m', '1h', '4h', '1d', '1w')),
	CONSTRAINT "market_candles_prices" CHECK ("market_candles"."low" <= "market_candles"."open" AND "market_candles"."low" <= "market_candles"."close" AND "market_candles"."high" >= "market_candles"."open" AND "market_candles"."high" >= "market_candles"."close" AND "market_candles"."low" > 0)
);
--> statement-breakpoint
CREATE TABLE "market_favorites" (
	"user_id" bigint NOT NULL,
	"symbol" text NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "market_favorites_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"created_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "market_favorites_user_id_symbol_pk" PRIMARY KEY("user_id","symbol")
);
--> statement-breakpoint
CREATE TABLE "market_sim_state" (
	"id" integer PRIMARY KEY NOT NULL,
	"seed" bigint NOT NULL,
	"started_at" timestamp (3) with time zone NOT NULL,
	"backfill_done_at" timestamp (3) with time zone,
	"live_minute" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "market_ticks" (
	"symbol" text NOT NULL,
	"time" timestamp (3) with time zone NOT NULL,
	"seq" integer NOT NULL,
	"price" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"bid" bigint,
	"ask" bigint,
	"source" text NOT NULL,
	"external_id" text,
	CONSTRAINT "market_ticks_symbol_time_seq_pk" PRIMARY KEY("symbol","time","seq")
);
--> statement-breakpoint
ALTER TABLE "market_favorites" ADD CONSTRAINT "market_favorites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "market_ticks_time" ON "market_ticks" USING btree ("time");