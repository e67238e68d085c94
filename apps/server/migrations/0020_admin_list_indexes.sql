DROP INDEX "operator_approvals_pending";--> statement-breakpoint
CREATE INDEX "operator_approvals_decided" ON "operator_approvals" USING btree ("decision","decided_at","id") WHERE "operator_approvals"."decision" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "operator_approvals_pending" ON "operator_approvals" USING btree ("requested_at","id") WHERE "operator_approvals"."decision" IS NULL;