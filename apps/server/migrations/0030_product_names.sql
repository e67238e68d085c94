ALTER TABLE "financing_products" ADD COLUMN "names" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "financing_subscriptions" ADD COLUMN "product_names" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "loan_products" ADD COLUMN "names" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "product_names" jsonb DEFAULT '{}'::jsonb NOT NULL;