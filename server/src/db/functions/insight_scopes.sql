-- insight_scopes: the current definition (history: migrations, last 0030_insights_grains_shards.sql).
-- Called by: insight_add, insight_expiry_add, refusal_add (the keys one account's figures go to).
-- Why SQL: the roll-up is written by triggers inside the writing transaction (see insight_add).
--
CREATE OR REPLACE FUNCTION insight_scopes(p_account integer) RETURNS TABLE (account_id integer, scope text, shard smallint)
LANGUAGE sql STABLE AS $$
  WITH RECURSIVE up(id, parent_id, depth) AS (
    SELECT u.id, u.parent_reseller_id, 0 FROM public.users u WHERE u.id = p_account
    UNION ALL
    SELECT u.id, u.parent_reseller_id, up.depth + 1 FROM public.users u JOIN up ON u.id = up.parent_id WHERE up.depth < 100
  )
  SELECT s.account_id, s.scope, s.shard FROM (
    SELECT p_account AS account_id, 'own' AS scope, 0::smallint AS shard
    UNION ALL SELECT up.id, 'tree', (p_account % public.insight_shards())::smallint FROM up
    UNION ALL SELECT p_account % 4, 'all', 0::smallint
  ) s ORDER BY s.scope, s.account_id
$$;
