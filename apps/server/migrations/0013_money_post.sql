-- A user's money command in one statement (issue 14; docs/decisions/0030-money-command-in-one-statement.md).
-- `MoneyCommands.single` sends, for a command that posts one ledger transaction and
-- writes its own rows with it (a transfer, a contract's opening):
--
--   WITH c AS MATERIALIZED (SELECT money_post(user, key, hash, at, answer, batch) AS r),
--        posted AS MATERIALIZED (SELECT (r->>'t')::bigint AS transaction_id FROM c WHERE r ? 't'),
--        <the command's rows: INSERT … SELECT … FROM posted>
--   SELECT r FROM c
--
-- as its own (autocommit) transaction at the database's isolation level, READ COMMITTED as every
-- money command: the key, the postings and the rows commit together or not at all.
--
--   money_post(user, key, hash, at, answer, batch) → {"t": transaction id} when it posted,
--                                                    {"replay": the first answer} on a replay
--
-- The key (when there is one) is written first, with the command's answer (known before it runs:
-- nothing in it comes from the database), as `lib/idempotency.ts` `once` does in a transaction:
-- a concurrent request with the same key waits on it until this one commits (then reads its
-- answer: each statement of a VOLATILE function takes a new snapshot in READ COMMITTED) or rolls
-- back (then does the work itself). The same key with another request raises SQLSTATE 'IK001'
-- (IDEMPOTENCY_KEY_REUSED). Then `ledger_post` (0012) posts the batch; a user account that would
-- go below zero raises 'LB001' and the whole statement, key included, is rolled back.
CREATE FUNCTION money_post(p_user bigint, p_key text, p_hash text, p_at timestamptz, p_answer jsonb, p_batch jsonb)
RETURNS jsonb
LANGUAGE plpgsql
AS $$
DECLARE
  v_hash text;
  v_answer jsonb;
BEGIN
  IF p_key IS NOT NULL THEN
    INSERT INTO idempotency_keys (user_id, key, request_hash, response, created_at)
    VALUES (p_user, p_key, p_hash, coalesce(p_answer, 'null'::jsonb), p_at)
    ON CONFLICT DO NOTHING;
    IF NOT FOUND THEN
      SELECT request_hash, response INTO v_hash, v_answer FROM idempotency_keys WHERE user_id = p_user AND key = p_key;
      IF v_hash IS DISTINCT FROM p_hash THEN
        RAISE EXCEPTION 'money_post: idempotency key reused with another request' USING ERRCODE = 'IK001';
      END IF;
      RETURN jsonb_build_object('replay', v_answer);
    END IF;
  END IF;
  RETURN jsonb_build_object('t', (ledger_post(p_batch, p_at))[1]);
END
$$;
