CREATE TABLE "operator_approvals" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "operator_approvals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"payload" jsonb NOT NULL,
	"requested_by" bigint NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"decided_by" bigint,
	"decided_at" timestamp with time zone,
	"decision" text,
	CONSTRAINT "operator_approvals_four_eyes" CHECK ("operator_approvals"."decided_by" IS NULL OR "operator_approvals"."decided_by" <> "operator_approvals"."requested_by"),
	CONSTRAINT "operator_approvals_decision" CHECK ("operator_approvals"."decision" IS NULL OR "operator_approvals"."decision" IN ('approved', 'rejected')),
	CONSTRAINT "operator_approvals_decided_whole" CHECK (("operator_approvals"."decision" IS NULL) = ("operator_approvals"."decided_by" IS NULL) AND ("operator_approvals"."decision" IS NULL) = ("operator_approvals"."decided_at" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "operator_approvals" ADD CONSTRAINT "operator_approvals_requested_by_operators_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_approvals" ADD CONSTRAINT "operator_approvals_decided_by_operators_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "operator_approvals_pending" ON "operator_approvals" USING btree ("requested_at") WHERE "operator_approvals"."decision" IS NULL;--> statement-breakpoint
-- A request is decided once: after its decision nothing of it changes, and before it only the
-- decision's three columns may be set. Requests are never deleted.
CREATE FUNCTION operator_approvals_decided_once() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'operator_approvals rows are never deleted' USING ERRCODE = 'AU003';
  END IF;
  IF OLD.decision IS NOT NULL THEN
    RAISE EXCEPTION 'operator approval % is already decided', OLD.id USING ERRCODE = 'AU003';
  END IF;
  IF (NEW.action, NEW.target_type, NEW.target_id, NEW.payload, NEW.requested_by, NEW.requested_at)
     IS DISTINCT FROM (OLD.action, OLD.target_type, OLD.target_id, OLD.payload, OLD.requested_by, OLD.requested_at) THEN
    RAISE EXCEPTION 'operator approval % may only be decided, not changed', OLD.id USING ERRCODE = 'AU003';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER operator_approvals_decided_once BEFORE UPDATE OR DELETE ON operator_approvals FOR EACH ROW EXECUTE FUNCTION operator_approvals_decided_once();
