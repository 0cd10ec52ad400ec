-- insight_parent_changed: the current definition (history: migrations, last 0030_insights_grains_shards.sql).
-- Fired by: a change of users.parent_reseller_id (resellers.service.ts: switch, assign, promotion).
-- Why SQL: the subtree's 'tree' figures move in the same transaction as the parent change.
--
CREATE OR REPLACE FUNCTION insight_parent_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  CREATE TEMP TABLE IF NOT EXISTS insight_move (id integer, sign integer) ON COMMIT DROP;
  DELETE FROM insight_move;
  INSERT INTO insight_move
    WITH RECURSIVE old_up(id, parent_id, depth) AS (
      SELECT u.id, u.parent_reseller_id, 0 FROM public.users u WHERE u.id = OLD.parent_reseller_id
      UNION ALL SELECT u.id, u.parent_reseller_id, old_up.depth + 1 FROM public.users u JOIN old_up ON u.id = old_up.parent_id WHERE old_up.depth < 100
    ), new_up(id, parent_id, depth) AS (
      SELECT u.id, u.parent_reseller_id, 0 FROM public.users u WHERE u.id = NEW.parent_reseller_id
      UNION ALL SELECT u.id, u.parent_reseller_id, new_up.depth + 1 FROM public.users u JOIN new_up ON u.id = new_up.parent_id WHERE new_up.depth < 100
    )
    SELECT id, -1 FROM old_up UNION ALL SELECT id, 1 FROM new_up;
  CREATE TEMP TABLE IF NOT EXISTS insight_subtree (id integer) ON COMMIT DROP;
  DELETE FROM insight_subtree;
  INSERT INTO insight_subtree
    WITH RECURSIVE sub(id, depth) AS (
      SELECT NEW.id, 0 UNION ALL SELECT u.id, sub.depth + 1 FROM public.users u JOIN sub ON u.parent_reseller_id = sub.id WHERE sub.depth < 100
    ) SELECT id FROM sub;
  INSERT INTO public.insight_daily AS d (reseller_id, scope, grain, day, application_id, package, shard, activations, credits, refunds)
    SELECT m.id, 'tree', o.grain, o.day, o.application_id, o.package, (o.reseller_id % public.insight_shards())::smallint,
           sum(m.sign * o.activations), sum(m.sign * o.credits), sum(m.sign * o.refunds)
    FROM public.insight_daily o JOIN insight_subtree s ON s.id = o.reseller_id CROSS JOIN insight_move m
    WHERE o.scope = 'own' GROUP BY 1, 3, 4, 5, 6, 7 ORDER BY 1, 3, 4, 5, 6, 7
  ON CONFLICT (reseller_id, scope, grain, day, application_id, package, shard) DO UPDATE
    SET activations = d.activations + excluded.activations, credits = d.credits + excluded.credits, refunds = d.refunds + excluded.refunds;
  INSERT INTO public.insight_expiry_daily AS d (reseller_id, scope, day, shard, ending, renewed)
    SELECT m.id, 'tree', o.day, (o.reseller_id % public.insight_shards())::smallint, sum(m.sign * o.ending), sum(m.sign * o.renewed)
    FROM public.insight_expiry_daily o JOIN insight_subtree s ON s.id = o.reseller_id CROSS JOIN insight_move m
    WHERE o.scope = 'own' GROUP BY 1, 3, 4 ORDER BY 1, 3, 4
  ON CONFLICT (reseller_id, scope, day, shard) DO UPDATE SET ending = d.ending + excluded.ending, renewed = d.renewed + excluded.renewed;
  INSERT INTO public.refusal_daily AS d (user_id, scope, day, reason, count)
    SELECT m.id, 'tree', o.day, o.reason, sum(m.sign * o.count)
    FROM public.refusal_daily o JOIN insight_subtree s ON s.id = o.user_id CROSS JOIN insight_move m
    WHERE o.scope = 'own' GROUP BY 1, 2, 3, 4 ORDER BY 1, 3, 4
  ON CONFLICT (user_id, scope, day, reason) DO UPDATE SET count = d.count + excluded.count;
  RETURN NULL;
END $$;

DROP TRIGGER IF EXISTS users_insight_parent ON public.users;
CREATE TRIGGER users_insight_parent AFTER UPDATE OF parent_reseller_id ON public.users
  FOR EACH ROW WHEN (OLD.parent_reseller_id IS DISTINCT FROM NEW.parent_reseller_id) EXECUTE FUNCTION insight_parent_changed();
