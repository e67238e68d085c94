-- The ledger's posting path in one round trip (issue 14; docs/ledger.md "Concurrency").
-- `LedgerService.postMany` checks and nets the transactions in Node, then calls this function
-- once (twice when the caller has writes between the user and the system accounts):
--
--   ledger_post(batch, at, side, ids) → the transaction ids, in the order of batch.t
--
--   batch.t  the transactions, in order: {m: mode, k: kind, r: reference, o: memo, v: reverses}
--   batch.p  their postings, netted per account, in order: {i: index into batch.t (from 0),
--            u: user id or null, m: mode, k: kind, a: asset, s: shard (0 for a user's account),
--            n: signed amount (a decimal string)}
--   side     'all': users' accounts, then the transactions, then the system accounts;
--            'users': the users' accounts and the transactions only; 'system': the system
--            accounts only, of the transactions `ids` that a 'users' call returned.
--
-- Steps, in the one global lock order (users' accounts by id, then system accounts by id):
--   1. every account is found, or created when missing (before any lock is taken);
--   2. per account of the side: what the batch adds to it, and the lowest point of its running
--      sum over the postings in input order. A user's account stays at or above zero at every
--      posting exactly when its balance plus that lowest point is at least zero;
--   3. the side's accounts are locked and moved in id order by a conditional update (a user's
--      account only if it stays at or above zero): an account it does not move raises SQLSTATE
--      'LB001', which Node answers as BALANCE_NOT_ENOUGH. In READ COMMITTED a waiting update
--      re-checks the condition on the balance the lock holder committed. A few accounts are
--      updated one by one in id order; many are first locked by one `SELECT … ORDER BY id FOR NO
--      KEY UPDATE` (a multi-row update does not promise an order), then updated by one statement;
--   4. the transactions are inserted (once; ids drawn in input order, after the users' accounts
--      are locked, so an account's postings come in the order of their transactions), then the
--      side's postings, each with the balance after it, in input order.
-- The CHECK constraint on ledger_accounts backs step 3 up.
CREATE FUNCTION ledger_post(p_batch jsonb, p_at timestamptz, p_side text DEFAULT 'all', p_ids bigint[] DEFAULT NULL)
RETURNS bigint[]
LANGUAGE plpgsql
AS $$
DECLARE
  v_ids bigint[] := p_ids;
  -- Per posting, in input order: its transaction (index from 0), account, asset, amount, and whether the account is a user's.
  v_tx int[];
  v_account bigint[];
  v_asset text[];
  v_amount numeric[];
  v_user boolean[];
  -- Per account of the side, in id order: the sum of its postings, the lowest running sum, its balance after the batch.
  v_moved bigint[];
  v_total numeric[];
  v_low numeric[];
  v_after numeric[];
  v_balance numeric;
  v_side boolean;
BEGIN
  IF p_side NOT IN ('all', 'users', 'system') OR (p_side = 'system') <> (p_ids IS NOT NULL) THEN
    RAISE EXCEPTION 'ledger_post: side % with ids %', p_side, p_ids;
  END IF;

  -- 1. The accounts, created on first use.
  FOR attempt IN 1..2 LOOP
    SELECT array_agg(p.i ORDER BY p.ord), array_agg(a.id ORDER BY p.ord), array_agg(p.a ORDER BY p.ord),
           array_agg(p.n ORDER BY p.ord), array_agg(p.u IS NOT NULL ORDER BY p.ord)
      INTO v_tx, v_account, v_asset, v_amount, v_user
      FROM ROWS FROM (jsonb_to_recordset(p_batch->'p') AS (i int, u bigint, m text, k text, a text, s smallint, n numeric))
             WITH ORDINALITY AS p(i, u, m, k, a, s, n, ord)
      -- One index lookup per posting (ledger_accounts_key), whatever the planner guesses of the
      -- batch's size: LIMIT keeps it from turning this into a join over the whole table.
      LEFT JOIN LATERAL (SELECT a.id FROM ledger_accounts a
                          WHERE coalesce(a.user_id, 0) = coalesce(p.u, 0) AND a.mode = p.m AND a.kind = p.k AND a.asset = p.a
                            AND a.shard = p.s
                          LIMIT 1) a ON true;
    EXIT WHEN array_position(v_account, NULL) IS NULL;
    IF attempt = 2 THEN RAISE EXCEPTION 'ledger_post: an account could not be created'; END IF;
    INSERT INTO ledger_accounts (user_id, mode, kind, asset, shard, balance, created_at)
    SELECT DISTINCT p.u, p.m, p.k, p.a, p.s, 0, p_at
      FROM jsonb_to_recordset(p_batch->'p') AS p(u bigint, m text, k text, a text, s smallint)
     WHERE NOT EXISTS (SELECT 1 FROM ledger_accounts a
                        WHERE coalesce(a.user_id, 0) = coalesce(p.u, 0) AND a.mode = p.m AND a.kind = p.k AND a.asset = p.a
                          AND a.shard = p.s)
    ON CONFLICT DO NOTHING;
  END LOOP;

  FOREACH v_side IN ARRAY CASE p_side WHEN 'users' THEN ARRAY[true] WHEN 'system' THEN ARRAY[false] ELSE ARRAY[true, false] END LOOP
    IF v_side = ANY(v_user) THEN
      -- 2. Per account of the side, in id order: its total and the lowest point of its running sum.
      SELECT array_agg(r.account ORDER BY r.account), array_agg(r.total ORDER BY r.account), array_agg(r.low ORDER BY r.account)
        INTO v_moved, v_total, v_low
        FROM (SELECT x.account, sum(x.n) AS total, min(x.run) AS low
                FROM (SELECT p.account, p.n, sum(p.n) OVER (PARTITION BY p.account ORDER BY p.ord) AS run
                        FROM unnest(v_account, v_amount, v_user) WITH ORDINALITY AS p(account, n, usr, ord) WHERE p.usr = v_side) x
               GROUP BY x.account) r;
      -- 3. Lock and move them in id order; a user's account only if it never goes below zero.
      IF array_length(v_moved, 1) <= 8 THEN
        v_after := '{}';
        FOR k IN 1..array_length(v_moved, 1) LOOP
          UPDATE ledger_accounts SET balance = balance + v_total[k]
           WHERE id = v_moved[k] AND (NOT v_side OR balance + v_low[k] >= 0)
          RETURNING balance INTO v_balance;
          IF NOT FOUND THEN
            RAISE EXCEPTION 'ledger: a user account would go below zero' USING ERRCODE = 'LB001';
          END IF;
          v_after[k] := v_balance;
        END LOOP;
      ELSE
        -- The lock an update takes (a foreign key check of another transaction's posting need not wait for it).
        PERFORM 1 FROM ledger_accounts WHERE id = ANY(v_moved) ORDER BY id FOR NO KEY UPDATE;
        WITH moved AS (
          UPDATE ledger_accounts a SET balance = a.balance + d.total
            FROM unnest(v_moved, v_total, v_low) AS d(id, total, low)
           WHERE a.id = d.id AND (NOT v_side OR a.balance + d.low >= 0)
          RETURNING a.id, a.balance)
        SELECT array_agg(m.balance ORDER BY m.id) INTO v_after FROM moved m;
        IF coalesce(array_length(v_after, 1), 0) < array_length(v_moved, 1) THEN
          RAISE EXCEPTION 'ledger: a user account would go below zero' USING ERRCODE = 'LB001';
        END IF;
      END IF;
    END IF;

    -- 4. The transactions (once), then the side's postings with the balance after each.
    IF v_ids IS NULL THEN
      WITH t AS (
        INSERT INTO ledger_transactions (mode, kind, reference, memo, reverses, created_at)
        SELECT t.m, t.k, t.r, t.o, t.v, p_at
          FROM ROWS FROM (jsonb_to_recordset(p_batch->'t') AS (m text, k text, r text, o text, v bigint)) WITH ORDINALITY AS t(m, k, r, o, v, ord)
         ORDER BY t.ord
        RETURNING id)
      -- Identity values are drawn in insertion order: sorted, they line up with batch.t.
      SELECT array_agg(id ORDER BY id) INTO v_ids FROM t;
    END IF;
    IF v_side = ANY(v_user) THEN
      INSERT INTO ledger_postings (transaction_id, account_id, asset, amount, balance_after, created_at)
      SELECT v_ids[p.i + 1], p.account, p.asset, p.n,
             m.after - m.total + sum(p.n) OVER (PARTITION BY p.account ORDER BY p.ord), p_at
        FROM unnest(v_tx, v_account, v_asset, v_amount, v_user) WITH ORDINALITY AS p(i, account, asset, n, usr, ord)
        JOIN unnest(v_moved, v_total, v_after) AS m(account, total, after) ON m.account = p.account
       WHERE p.usr = v_side
       ORDER BY p.ord;
    END IF;
  END LOOP;
  RETURN v_ids;
END
$$;
