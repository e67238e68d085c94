-- One sign-in throttle for users and operators (module signin-throttle): login_attempts gains the realm, the operators' attempts move in, operator_login_attempts goes. Existing rows are users' (the default, dropped once they have it); the operators' keep their order (ids are compared within a realm only).
ALTER TABLE "login_attempts" ADD COLUMN "realm" text DEFAULT 'user' NOT NULL;--> statement-breakpoint
ALTER TABLE "login_attempts" ALTER COLUMN "realm" DROP DEFAULT;--> statement-breakpoint
INSERT INTO "login_attempts" ("realm", "account_key", "ip", "success", "at") SELECT 'operator', "email", "ip", "success", "at" FROM "operator_login_attempts" ORDER BY "id";--> statement-breakpoint
DROP TABLE "operator_login_attempts";--> statement-breakpoint
DROP INDEX "login_attempts_account";--> statement-breakpoint
DROP INDEX "login_attempts_ip";--> statement-breakpoint
CREATE INDEX "login_attempts_account" ON "login_attempts" USING btree ("realm","account_key","at");--> statement-breakpoint
CREATE INDEX "login_attempts_ip" ON "login_attempts" USING btree ("realm","ip","at");--> statement-breakpoint
ALTER TABLE "login_attempts" ADD CONSTRAINT "login_attempts_realm" CHECK ("login_attempts"."realm" IN ('user', 'operator'));
