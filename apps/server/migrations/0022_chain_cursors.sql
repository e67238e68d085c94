CREATE TABLE "chain_blocks" (
	"chain" text NOT NULL,
	"block_number" bigint NOT NULL,
	"block_hash" text NOT NULL,
	"parent_hash" text NOT NULL,
	"transfers" integer NOT NULL,
	CONSTRAINT "chain_blocks_chain_block_number_pk" PRIMARY KEY("chain","block_number")
);
--> statement-breakpoint
CREATE TABLE "chain_cursors" (
	"chain" text PRIMARY KEY NOT NULL,
	"block_number" bigint NOT NULL,
	"block_hash" text,
	"updated_at" timestamp with time zone NOT NULL
);
