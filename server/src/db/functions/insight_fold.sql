-- insight_fold: the current definition (new in issue 45, with migration 0036_derived_outbox.sql).
-- Called by: src/modules/derived (the fold worker, after the commits that wrote insight_pending
-- rows) and insights.repository.ts `foldPending` (every Insights read folds what is left first).
-- Why SQL: the claim, the grouping and the upserts of every scope, grain and shard are one round
-- trip, in the one transaction that also deletes the rows it folded: a fold that fails or dies
-- leaves them pending, and a row is never folded twice.
--
-- Folds up to p_limit pending rows (all of them when null), oldest first, and answers how many.
-- The sales' triggers once did this work inside each sale's transaction, while the seller's
-- balance row was locked; now a batch of sales costs one upsert per key instead of one per sale.
-- Folds take turns (the advisory lock): two at once would upsert the same tree rows in different
-- orders and could deadlock, and a read that folds before it reads must wait for a fold in flight
-- to see its figures. The claim still skips locked rows, as the webhook deliveries' claim does.
CREATE OR REPLACE FUNCTION insight_fold(p_limit integer) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE v_n integer; v_sales jsonb; v_undone jsonb; v_codes jsonb; r record;
BEGIN
  PERFORM pg_advisory_xact_lock(4242045);
  WITH claimed AS (
    DELETE FROM public.insight_pending WHERE id IN (
      SELECT id FROM public.insight_pending ORDER BY id LIMIT p_limit FOR UPDATE SKIP LOCKED)
    RETURNING kind, rows, account_id, day, activations, credits, refunds
  )
  SELECT (SELECT count(*)::int FROM claimed),
         (SELECT jsonb_agg(e) FROM claimed c CROSS JOIN LATERAL jsonb_array_elements(c.rows) e WHERE c.kind = 'sales'),
         (SELECT jsonb_agg(e) FROM claimed c CROSS JOIN LATERAL jsonb_array_elements(c.rows) e WHERE c.kind = 'undone'),
         (SELECT jsonb_agg(g) FROM (
            SELECT c.account_id, c.day, sum(c.activations)::int AS activations, sum(c.credits)::bigint AS credits, sum(c.refunds)::int AS refunds
            FROM claimed c WHERE c.kind = 'code' GROUP BY 1, 2 ORDER BY 1, 2) g)
    INTO v_n, v_sales, v_undone, v_codes;
  IF v_undone IS NOT NULL THEN PERFORM public.insight_apply_activations(v_undone, -1); END IF;
  IF v_sales IS NOT NULL THEN PERFORM public.insight_apply_activations(v_sales, 1); END IF;
  FOR r IN SELECT * FROM jsonb_to_recordset(coalesce(v_codes, '[]')) AS g(account_id integer, day date, activations integer, credits bigint, refunds integer) LOOP
    PERFORM public.insight_add(r.account_id, r.day, 0, 'code', r.activations, r.credits, r.refunds);
    PERFORM public.insight_spend_add(r.account_id, r.day, r.credits);
  END LOOP;
  RETURN v_n;
END $$;
