CREATE TABLE "audit_head" (
	"id" smallint PRIMARY KEY NOT NULL,
	"last_id" bigint NOT NULL,
	"last_hash" text NOT NULL,
	CONSTRAINT "audit_head_one_row" CHECK ("audit_head"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigint PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"operator_id" bigint,
	"operator_email" text NOT NULL,
	"role" text,
	"action" text NOT NULL,
	"target_type" text,
	"target_id" text,
	"before" jsonb,
	"after" jsonb,
	"request_id" text,
	"ip" text,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operator_login_attempts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "operator_login_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"email" text NOT NULL,
	"ip" text NOT NULL,
	"success" boolean NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operator_sessions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "operator_sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"operator_id" bigint NOT NULL,
	"token_hash" text NOT NULL,
	"ip" text NOT NULL,
	"user_agent" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "operator_sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "operators" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "operators_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"totp_secret" text NOT NULL,
	"totp_last_step" bigint DEFAULT 0 NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"created_by" bigint,
	"disabled_at" timestamp with time zone,
	CONSTRAINT "operators_email_unique" UNIQUE("email"),
	CONSTRAINT "operators_role" CHECK ("operators"."role" IN ('support', 'compliance', 'finance', 'admin'))
);
--> statement-breakpoint
ALTER TABLE "operator_sessions" ADD CONSTRAINT "operator_sessions_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_operator" ON "audit_log" USING btree ("operator_id","id");--> statement-breakpoint
CREATE INDEX "audit_log_action" ON "audit_log" USING btree ("action","id");--> statement-breakpoint
CREATE INDEX "audit_log_target" ON "audit_log" USING btree ("target_type","target_id","id");--> statement-breakpoint
CREATE INDEX "audit_log_at" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "operator_login_attempts_email" ON "operator_login_attempts" USING btree ("email","at");--> statement-breakpoint
CREATE INDEX "operator_login_attempts_ip" ON "operator_login_attempts" USING btree ("ip","at");--> statement-breakpoint
CREATE INDEX "operator_sessions_operator" ON "operator_sessions" USING btree ("operator_id");--> statement-breakpoint
-- The audit log's hash chain (issue 16; docs/security.md "Audit log"). Each row's hash is SHA-256
-- over a canonical text of the row: the jsonb text of an array of its fields in a fixed order,
-- with the time as epoch seconds in numeric text (independent of the session's time zone) and the
-- before/after documents as jsonb (whose text has one key order). The previous row's hash is part
-- of it. `npm run ops -- audit-verify` recomputes it with this same function.
CREATE FUNCTION audit_row_hash(r audit_log) RETURNS text
LANGUAGE sql STABLE
AS $$
  SELECT encode(sha256(convert_to(jsonb_build_array(
    r.id, r.prev_hash, extract(epoch FROM r.at)::text, r.operator_id, r.operator_email, r.role, r.action,
    r.target_type, r.target_id, r.before, r.after, r.request_id, r.ip
  )::text, 'UTF8')), 'hex')
$$;
--> statement-breakpoint
-- Every insert locks the head row first, so concurrent writers queue there and make one chain:
-- the id is the head's last id + 1 (gapless, in chain order), prev_hash the head's hash.
CREATE FUNCTION audit_log_chain() RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
  v_head audit_head;
BEGIN
  SELECT * INTO v_head FROM audit_head WHERE id = 1 FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'audit_head has no row' USING ERRCODE = 'AU002';
  END IF;
  NEW.id := v_head.last_id + 1;
  NEW.prev_hash := v_head.last_hash;
  NEW.hash := audit_row_hash(NEW);
  UPDATE audit_head SET last_id = NEW.id, last_hash = NEW.hash WHERE id = 1;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE FUNCTION audit_log_refuse() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP USING ERRCODE = 'AU001';
END
$$;
--> statement-breakpoint
CREATE TRIGGER audit_log_chain BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_chain();
--> statement-breakpoint
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_refuse();
--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log FOR EACH STATEMENT EXECUTE FUNCTION audit_log_refuse();
--> statement-breakpoint
CREATE TRIGGER audit_head_keep BEFORE DELETE ON audit_head FOR EACH ROW EXECUTE FUNCTION audit_log_refuse();
--> statement-breakpoint
CREATE TRIGGER audit_head_no_truncate BEFORE TRUNCATE ON audit_head FOR EACH STATEMENT EXECUTE FUNCTION audit_log_refuse();
--> statement-breakpoint
INSERT INTO audit_head (id, last_id, last_hash) VALUES (1, 0, repeat('0', 64));
