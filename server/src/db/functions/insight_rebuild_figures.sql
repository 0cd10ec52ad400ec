-- insight_rebuild_figures: the current definition (history: migrations, last 0030_insights_grains_shards.sql).
-- Called by: insight_rebuild (migration 0031 renamed 0030's insight_rebuild to this name).
-- Why SQL: a set-based recount of the whole roll-up from the raw rows, in one transaction.
--
-- Each insert in key order, so that a key's rows lie together in the table (a read touches few pages).
-- Recomputes the sales and terms roll-up from the raw rows (a migration on an existing panel; the
-- tests' recount; the bench after a bulk load). Refusals have no raw rows and stay. Codes are
-- counted from their kept sales (deleted codes too), a refunded one on its sale's day; a code
-- refund from before migration 0030, linked to no sale, takes its credits back on its own day.
--
-- The sales not yet folded (insight_pending) are in the raw rows too: they are dropped, under a
-- lock that lets no sale write one until the recount commits (a sale in flight waits at its
-- trigger, and its row, written after, is folded later; its raw row is not in the recount).
CREATE OR REPLACE FUNCTION insight_rebuild_figures() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE public.insight_pending IN EXCLUSIVE MODE;
  DELETE FROM public.insight_pending;
  DELETE FROM public.insight_daily;
  DELETE FROM public.insight_runway;
  DELETE FROM public.insight_expiry_daily;
  CREATE TEMP TABLE IF NOT EXISTS insight_closure (id integer, ancestor integer) ON COMMIT DROP;
  DELETE FROM insight_closure;
  INSERT INTO insight_closure
    WITH RECURSIVE c(id, ancestor, parent_id, depth) AS (
      SELECT u.id, u.id, u.parent_reseller_id, 0 FROM public.users u
      UNION ALL SELECT c.id, u.id, u.parent_reseller_id, c.depth + 1 FROM c JOIN public.users u ON u.id = c.parent_id WHERE c.depth < 100
    ) SELECT id, ancestor FROM c;
  INSERT INTO public.insight_daily (reseller_id, scope, grain, day, application_id, package, shard, activations, credits, refunds)
    SELECT reseller_id, 'own', 'day', day, application_id, package, 0, sum(activations), sum(credits), sum(refunds) FROM (
      SELECT a.reseller_id, (a.created_at AT TIME ZONE 'UTC')::date AS day, a.application_id, a.package,
             (a.refunded_at IS NULL)::int AS activations, CASE WHEN a.refunded_at IS NULL THEN a.credit_point ELSE 0 END::bigint AS credits,
             (a.refunded_at IS NOT NULL)::int AS refunds
      FROM public.activations a
      UNION ALL
      SELECT s.account_id, s.day, 0, 'code', (s.refund_ledger_id IS NULL)::int, -coalesce(l.credit_point, 0), (s.refund_ledger_id IS NOT NULL)::int
      FROM public.insight_code_sales s LEFT JOIN public.credit_ledger l ON l.id = s.refund_ledger_id
      UNION ALL
      SELECT l.debitor_id, (l.created_at AT TIME ZONE 'UTC')::date, 0, 'code', 0, l.credit_point, 0
      FROM public.credit_ledger l WHERE l.tr_type = 'Activation Code' AND l.debitor_id IS NOT NULL
      UNION ALL
      SELECT l.creditor_id, (l.created_at AT TIME ZONE 'UTC')::date, 0, 'code', 0, -l.credit_point, 1
      FROM public.credit_ledger l WHERE l.tr_type = 'Refund' AND l.reason = 'code-refund' AND l.creditor_id IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM public.insight_code_sales s WHERE s.refund_ledger_id = l.id)
    ) t GROUP BY 1, 4, 5, 6 ORDER BY 1, 4, 5, 6;
  INSERT INTO public.insight_daily (reseller_id, scope, grain, day, application_id, package, shard, activations, credits, refunds)
    SELECT o.reseller_id, 'own', g.grain, g.start, o.application_id, o.package, 0, sum(o.activations), sum(o.credits), sum(o.refunds)
    FROM public.insight_daily o
    CROSS JOIN LATERAL (VALUES ('week', o.day - ((o.day - date '2000-01-03') % 7)), ('month', date_trunc('month', o.day)::date)) g(grain, start)
    WHERE o.scope = 'own' AND o.grain = 'day' GROUP BY 1, 3, 4, 5, 6 ORDER BY 1, 3, 4, 5, 6;
  INSERT INTO public.insight_daily (reseller_id, scope, grain, day, application_id, package, shard, activations, credits, refunds)
    SELECT c.ancestor, 'tree', o.grain, o.day, o.application_id, o.package, (o.reseller_id % public.insight_shards())::smallint, sum(o.activations), sum(o.credits), sum(o.refunds)
    FROM public.insight_daily o JOIN insight_closure c ON c.id = o.reseller_id WHERE o.scope = 'own' GROUP BY 1, 3, 4, 5, 6, 7 ORDER BY 1, 3, 4, 5, 6, 7;
  INSERT INTO public.insight_daily (reseller_id, scope, grain, day, application_id, package, shard, activations, credits, refunds)
    SELECT o.reseller_id % 4, 'all', o.grain, o.day, o.application_id, o.package, 0, sum(o.activations), sum(o.credits), sum(o.refunds)
    FROM public.insight_daily o WHERE o.scope = 'own' GROUP BY 1, 3, 4, 5, 6 ORDER BY 1, 3, 4, 5, 6;
  INSERT INTO public.insight_runway (reseller_id, as_of, weighted, last_spend)
    SELECT reseller_id, max(day), sum(credits * power(27.0::float8 / 29, last_day - day)), max(day) FILTER (WHERE credits > 0)
    FROM (
      SELECT o.reseller_id, o.day, sum(o.credits) AS credits, max(o.day) OVER (PARTITION BY o.reseller_id) AS last_day
      FROM public.insight_daily o WHERE o.scope = 'own' AND o.grain = 'day' GROUP BY 1, 2
    ) d GROUP BY 1;
  INSERT INTO public.insight_expiry_daily (reseller_id, scope, day, shard, ending, renewed)
    SELECT reseller_id, 'own', day, 0, sum(ending), sum(renewed) FROM (
      SELECT a.reseller_id, (a.box_expiry_date AT TIME ZONE 'UTC')::date AS day, 1 AS ending, 0 AS renewed
      FROM public.activations a WHERE a.package = '1-Year' AND a.refunded_at IS NULL
      UNION ALL
      SELECT x.p_reseller, (x.p_expiry AT TIME ZONE 'UTC')::date, 0, 1
      FROM (
        SELECT a.created_at, lag(a.reseller_id) OVER w AS p_reseller, lag(a.package) OVER w AS p_package, lag(a.box_expiry_date) OVER w AS p_expiry
        FROM public.activations a WHERE a.refunded_at IS NULL WINDOW w AS (PARTITION BY a.device_id ORDER BY a.id)
      ) x
      WHERE x.p_package = '1-Year' AND x.created_at <= x.p_expiry + interval '30 days'
    ) t GROUP BY 1, 3 ORDER BY 1, 3;
  INSERT INTO public.insight_expiry_daily (reseller_id, scope, day, shard, ending, renewed)
    SELECT c.ancestor, 'tree', o.day, (o.reseller_id % public.insight_shards())::smallint, sum(o.ending), sum(o.renewed)
    FROM public.insight_expiry_daily o JOIN insight_closure c ON c.id = o.reseller_id WHERE o.scope = 'own' GROUP BY 1, 3, 4 ORDER BY 1, 3, 4;
  INSERT INTO public.insight_expiry_daily (reseller_id, scope, day, shard, ending, renewed)
    SELECT o.reseller_id % 4, 'all', o.day, 0, sum(o.ending), sum(o.renewed)
    FROM public.insight_expiry_daily o WHERE o.scope = 'own' GROUP BY 1, 3 ORDER BY 1, 3;
END $$;
