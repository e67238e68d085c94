-- The desktop dashboard's arrangement per user (issue 15; docs/decisions/0047-dashboard-arrangement-stored-per-user.md).
CREATE TABLE "user_dashboard_layouts" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"layout" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_dashboard_layouts" ADD CONSTRAINT "user_dashboard_layouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;