-- refusal_add: the current definition (history: migrations, last 0029_insights.sql).
-- Called by: insights.repository.ts `addRefusal` (insights/refusals.ts), after a refused
-- activation rolled back, as its own short statement.
-- Why SQL: one upsert per key of insight_scopes in one round trip.
--
-- A refused activation, counted by the server after the refusal rolled back (its own short statement).
CREATE OR REPLACE FUNCTION refusal_add(p_account integer, p_reason text) RETURNS void LANGUAGE sql AS $$
  INSERT INTO public.refusal_daily AS d (user_id, scope, day, reason, count)
  SELECT s.account_id, s.scope, (now() AT TIME ZONE 'UTC')::date, p_reason, 1 FROM public.insight_scopes(p_account) s
  ON CONFLICT (user_id, scope, day, reason) DO UPDATE SET count = d.count + 1
$$;
