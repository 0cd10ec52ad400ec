-- insight_expiry_add: the current definition (history: migrations, last 0031_insights_memo.sql).
-- Called by: insight_apply_activations (trigger on activations).
-- Why SQL: part of the roll-up kept inside the writing transaction (see insight_add).
--
CREATE OR REPLACE FUNCTION insight_expiry_add(p_account integer, p_day date, p_ending integer, p_renewed integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO public.insight_expiry_daily AS d (reseller_id, scope, day, shard, ending, renewed)
  SELECT s.account_id, s.scope, p_day, s.shard, p_ending, p_renewed FROM public.insight_scopes(p_account) s
  ON CONFLICT (reseller_id, scope, day, shard) DO UPDATE SET ending = d.ending + excluded.ending, renewed = d.renewed + excluded.renewed;
END $$;
