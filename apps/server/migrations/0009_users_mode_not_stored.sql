ALTER TABLE "users" DROP CONSTRAINT "users_type_user";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "type_user";