-- insight_add: the current definition (history: migrations, last 0031_insights_memo.sql).
-- Called by: insight_apply_activations, insight_codes_inserted, insight_ledger_inserted,
-- insight_code_refunded (all inside triggers).
-- Why SQL: the insights roll-up is kept in the transaction that writes the sale, so the figures
-- commit or roll back with it (docs/decisions/0013-what-lives-in-sql.md).
--
-- Every write to the figures of a day before yesterday moves the generation on, in the writing
-- transaction: a memo row made before it (or by a read whose snapshot did not see it) is no longer
-- used. Such writes are rare (an undo after more than a day, a code refunded on an older sale's day,
-- a bulk load); today's and yesterday's sales never touch it. The memo keeps days up to three days
-- back, one day short of this line, so that a transaction running over midnight cannot slip past it.
--
-- The roll-up's functions that every sale calls are PL/pgSQL from here, whose plans a session
-- keeps: as SQL functions (0029, 0030) their statements were planned again at each call (5 ms for
-- the first plan of insight_scopes' walk up the tree, 0.5 to 1 ms a call after), inside the sale's
-- transaction, which holds its account's balance row: one reseller's purchases waited on it.
CREATE OR REPLACE FUNCTION insight_add(p_account integer, p_day date, p_app integer, p_package text, p_activations integer, p_credits bigint, p_refunds integer)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO public.insight_daily AS d (reseller_id, scope, grain, day, application_id, package, shard, activations, credits, refunds)
  SELECT s.account_id, s.scope, g.grain, g.start, p_app, p_package, s.shard, p_activations, p_credits, p_refunds
  FROM public.insight_scopes(p_account) s
  CROSS JOIN (VALUES ('day', p_day), ('week', p_day - ((p_day - date '2000-01-03') % 7)), ('month', date_trunc('month', p_day)::date)) g(grain, start)
  ORDER BY s.scope, s.account_id, g.grain
  ON CONFLICT (reseller_id, scope, grain, day, application_id, package, shard) DO UPDATE
    SET activations = d.activations + excluded.activations, credits = d.credits + excluded.credits, refunds = d.refunds + excluded.refunds;
  IF p_day < (now() AT TIME ZONE 'UTC')::date - 1 THEN
    UPDATE public.insight_generation SET generation = generation + 1;
  END IF;
END $$;
