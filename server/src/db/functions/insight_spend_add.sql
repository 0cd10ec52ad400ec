-- insight_spend_add: the current definition (history: migrations, last 0031_insights_memo.sql).
-- Called by: insight_apply_activations, insight_ledger_inserted, insight_code_refunded (triggers).
-- Why SQL: part of the roll-up kept inside the writing transaction (see insight_add).
--
CREATE OR REPLACE FUNCTION insight_spend_add(p_account integer, p_day date, p_credits bigint) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO public.insight_runway AS r (reseller_id, as_of, weighted, last_spend)
  VALUES (p_account, p_day, p_credits, CASE WHEN p_credits > 0 THEN p_day END)
  ON CONFLICT (reseller_id) DO UPDATE SET
    weighted = r.weighted * power(27.0::float8 / 29, greatest(excluded.as_of - r.as_of, 0))
             + excluded.weighted * power(27.0::float8 / 29, greatest(r.as_of - excluded.as_of, 0)),
    as_of = greatest(r.as_of, excluded.as_of),
    last_spend = greatest(r.last_spend, excluded.last_spend);
END $$;
