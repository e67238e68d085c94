CREATE TABLE "financing_products" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "financing_products_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"public_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"currency" text NOT NULL,
	"min_amount" numeric(78, 0) NOT NULL,
	"max_amount" numeric(78, 0) NOT NULL,
	"quota" numeric(78, 0) NOT NULL,
	"sold" numeric(78, 0) DEFAULT 0 NOT NULL,
	"sale_start" timestamp with time zone NOT NULL,
	"sale_end" timestamp with time zone NOT NULL,
	"early_redemption" text NOT NULL,
	"enabled" boolean NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" bigint,
	CONSTRAINT "financing_products_sold" CHECK ("financing_products"."sold" >= 0 AND "financing_products"."sold" <= "financing_products"."quota"),
	CONSTRAINT "financing_products_limits" CHECK ("financing_products"."min_amount" > 0 AND "financing_products"."min_amount" <= "financing_products"."max_amount"),
	CONSTRAINT "financing_products_early" CHECK ("financing_products"."early_redemption" IN ('none', 'forfeit', 'keep'))
);
--> statement-breakpoint
CREATE TABLE "financing_subscriptions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "financing_subscriptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"public_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"user_id" bigint NOT NULL,
	"mode" text NOT NULL,
	"product_id" bigint NOT NULL,
	"product_name" text NOT NULL,
	"currency" text NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"days" integer NOT NULL,
	"annual_rate" bigint NOT NULL,
	"interest" numeric(78, 0) NOT NULL,
	"early_redemption" text NOT NULL,
	"subscribed_at" timestamp with time zone NOT NULL,
	"accrual_start" timestamp with time zone NOT NULL,
	"matures_at" timestamp with time zone NOT NULL,
	"state" text NOT NULL,
	"ended_at" timestamp with time zone,
	"paid_interest" numeric(78, 0),
	"subscribe_tx_id" bigint NOT NULL,
	"end_tx_id" bigint,
	CONSTRAINT "financing_subscriptions_state" CHECK ("financing_subscriptions"."state" IN ('during', 'expired', 'canceled')),
	CONSTRAINT "financing_subscriptions_ended" CHECK (("financing_subscriptions"."state" = 'during') = ("financing_subscriptions"."ended_at" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "financing_terms" (
	"product_id" bigint NOT NULL,
	"days" integer NOT NULL,
	"annual_rate" bigint NOT NULL,
	CONSTRAINT "financing_terms_product_id_days_pk" PRIMARY KEY("product_id","days"),
	CONSTRAINT "financing_terms_positive" CHECK ("financing_terms"."days" > 0 AND "financing_terms"."annual_rate" >= 0)
);
--> statement-breakpoint
CREATE TABLE "financing_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"mode" text NOT NULL,
	"product_id" bigint NOT NULL,
	"days" integer NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"annual_rate" bigint NOT NULL,
	"interest" numeric(78, 0) NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "loan_approvals" (
	"loan_id" bigint NOT NULL,
	"operator_id" bigint NOT NULL,
	"approved_at" timestamp with time zone NOT NULL,
	CONSTRAINT "loan_approvals_loan_id_operator_id_pk" PRIMARY KEY("loan_id","operator_id")
);
--> statement-breakpoint
CREATE TABLE "loan_payments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "loan_payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"loan_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"quote_id" text NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"interest_paid" numeric(78, 0) NOT NULL,
	"principal_paid" numeric(78, 0) NOT NULL,
	"regular_days" integer NOT NULL,
	"late_days" integer NOT NULL,
	"tx_id" bigint NOT NULL,
	"paid_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loan_products" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "loan_products_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"public_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"currency" text NOT NULL,
	"min_amount" numeric(78, 0) NOT NULL,
	"max_amount" numeric(78, 0) NOT NULL,
	"period_days" integer NOT NULL,
	"daily_rate" bigint NOT NULL,
	"late_daily_rate" bigint NOT NULL,
	"rules" jsonb NOT NULL,
	"enabled" boolean NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" bigint,
	CONSTRAINT "loan_products_limits" CHECK ("loan_products"."min_amount" > 0 AND "loan_products"."min_amount" <= "loan_products"."max_amount" AND "loan_products"."period_days" > 0 AND "loan_products"."daily_rate" >= 0 AND "loan_products"."late_daily_rate" >= 0)
);
--> statement-breakpoint
CREATE TABLE "loan_quotes" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"currency" text NOT NULL,
	"items" jsonb NOT NULL,
	"total" numeric(78, 0) NOT NULL,
	"day" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "loans" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "loans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"public_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"user_id" bigint NOT NULL,
	"product_id" bigint NOT NULL,
	"product_name" text NOT NULL,
	"currency" text NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"period_days" integer NOT NULL,
	"daily_rate" bigint NOT NULL,
	"late_daily_rate" bigint NOT NULL,
	"value_usdt" numeric(78, 0) NOT NULL,
	"photos" jsonb NOT NULL,
	"review" text NOT NULL,
	"approvals_needed" smallint NOT NULL,
	"state" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"approved_at" timestamp with time zone,
	"rejected_at" timestamp with time zone,
	"reject_reason" text,
	"reject_note" text,
	"decided_by" bigint,
	"disburse_tx_id" bigint,
	"start_day" integer,
	"due_at" timestamp with time zone,
	"principal" numeric(78, 0) NOT NULL,
	"interest_carried" numeric(78, 0) DEFAULT 0 NOT NULL,
	"accrued_through_day" integer,
	"amount_paid" numeric(78, 0) DEFAULT 0 NOT NULL,
	"interest_paid" numeric(78, 0) DEFAULT 0 NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "loans_state_known" CHECK ("loans"."state" IN ('pending', 'approved', 'rejected', 'partially_settled', 'settled')),
	CONSTRAINT "loans_amounts" CHECK ("loans"."amount" > 0 AND "loans"."principal" >= 0 AND "loans"."principal" <= "loans"."amount" AND "loans"."interest_carried" >= 0 AND "loans"."amount_paid" >= 0)
);
--> statement-breakpoint
ALTER TABLE "financing_subscriptions" ADD CONSTRAINT "financing_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financing_subscriptions" ADD CONSTRAINT "financing_subscriptions_product_id_financing_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."financing_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financing_terms" ADD CONSTRAINT "financing_terms_product_id_financing_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."financing_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financing_tokens" ADD CONSTRAINT "financing_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financing_tokens" ADD CONSTRAINT "financing_tokens_product_id_financing_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."financing_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_approvals" ADD CONSTRAINT "loan_approvals_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_payments" ADD CONSTRAINT "loan_payments_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_payments" ADD CONSTRAINT "loan_payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_quotes" ADD CONSTRAINT "loan_quotes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_product_id_loan_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."loan_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "financing_products_public_id" ON "financing_products" USING btree ("public_id");--> statement-breakpoint
CREATE UNIQUE INDEX "financing_subscriptions_public_id" ON "financing_subscriptions" USING btree ("public_id");--> statement-breakpoint
CREATE INDEX "financing_subscriptions_user" ON "financing_subscriptions" USING btree ("user_id","mode","id");--> statement-breakpoint
CREATE INDEX "financing_subscriptions_due" ON "financing_subscriptions" USING btree ("matures_at") WHERE "financing_subscriptions"."state" = 'during';--> statement-breakpoint
CREATE INDEX "financing_tokens_expires" ON "financing_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "loan_payments_loan" ON "loan_payments" USING btree ("loan_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "loan_payments_quote_loan" ON "loan_payments" USING btree ("quote_id","loan_id");--> statement-breakpoint
CREATE UNIQUE INDEX "loan_products_public_id" ON "loan_products" USING btree ("public_id");--> statement-breakpoint
CREATE INDEX "loan_quotes_expires" ON "loan_quotes" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "loans_public_id" ON "loans" USING btree ("public_id");--> statement-breakpoint
CREATE UNIQUE INDEX "loans_one_pending" ON "loans" USING btree ("user_id") WHERE "loans"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "loans_user" ON "loans" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "loans_state" ON "loans" USING btree ("state","id");