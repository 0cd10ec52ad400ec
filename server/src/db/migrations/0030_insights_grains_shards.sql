CREATE TABLE "insight_code_sales" (
	"code_id" bigint PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"day" date NOT NULL,
	"refund_ledger_id" bigint
);
--> statement-breakpoint
ALTER TABLE "insight_daily" ADD COLUMN "grain" text DEFAULT 'day' NOT NULL;
--> statement-breakpoint
ALTER TABLE "insight_daily" ADD COLUMN "shard" smallint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "insight_expiry_daily" ADD COLUMN "shard" smallint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "insight_daily" DROP CONSTRAINT "insight_daily_reseller_id_scope_day_application_id_package_pk";
--> statement-breakpoint
ALTER TABLE "insight_expiry_daily" DROP CONSTRAINT "insight_expiry_daily_reseller_id_scope_day_pk";
--> statement-breakpoint
ALTER TABLE "insight_daily" ADD CONSTRAINT "insight_daily_reseller_id_scope_grain_day_application_id_package_shard_pk" PRIMARY KEY("reseller_id","scope","grain","day","application_id","package","shard");
--> statement-breakpoint
ALTER TABLE "insight_expiry_daily" ADD CONSTRAINT "insight_expiry_daily_reseller_id_scope_day_shard_pk" PRIMARY KEY("reseller_id","scope","day","shard");
--> statement-breakpoint
CREATE INDEX "insight_daily_application_idx" ON "insight_daily" USING btree ("reseller_id","scope","application_id","day") WHERE "insight_daily"."grain" = 'day';
--> statement-breakpoint
-- The roll-up's layout from here (issue 27, speed): besides its days, `insight_daily` keeps each
-- key's weeks (from Monday) and months (`grain`), which a long range reads instead of its days; and
-- a tree's rows are spread over shards by the selling account (`shard` = its id % insight_shards(),
-- summed at read time), as the panel's 'all' key already was, so that the accounts of one tree
-- selling at once seldom wait on one row until their commits. Four on PostgreSQL; one on PGlite,
-- where transactions run one at a time and nothing ever waits on a row, so shards would only
-- multiply the rows a read sums. The count shapes the layout only: the figures are right with any.
DO $$ BEGIN
  EXECUTE format('CREATE FUNCTION insight_shards() RETURNS integer LANGUAGE sql IMMUTABLE AS %L',
    'SELECT ' || CASE WHEN version() LIKE '%PGlite%' THEN 1 ELSE 4 END);
END $$;
--> statement-breakpoint
DROP FUNCTION insight_scopes(integer);
--> statement-breakpoint
CREATE FUNCTION insight_scopes(p_account integer) RETURNS TABLE (account_id integer, scope text, shard smallint)
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
--> statement-breakpoint
-- The day, and the week and month holding it.
CREATE OR REPLACE FUNCTION insight_add(p_account integer, p_day date, p_app integer, p_package text, p_activations integer, p_credits bigint, p_refunds integer)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO public.insight_daily AS d (reseller_id, scope, grain, day, application_id, package, shard, activations, credits, refunds)
  SELECT s.account_id, s.scope, g.grain, g.start, p_app, p_package, s.shard, p_activations, p_credits, p_refunds
  FROM public.insight_scopes(p_account) s
  CROSS JOIN (VALUES ('day', p_day), ('week', p_day - ((p_day - date '2000-01-03') % 7)), ('month', date_trunc('month', p_day)::date)) g(grain, start)
  ORDER BY s.scope, s.account_id, g.grain
  ON CONFLICT (reseller_id, scope, grain, day, application_id, package, shard) DO UPDATE
    SET activations = d.activations + excluded.activations, credits = d.credits + excluded.credits, refunds = d.refunds + excluded.refunds
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION insight_expiry_add(p_account integer, p_day date, p_ending integer, p_renewed integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO public.insight_expiry_daily AS d (reseller_id, scope, day, shard, ending, renewed)
  SELECT s.account_id, s.scope, p_day, s.shard, p_ending, p_renewed FROM public.insight_scopes(p_account) s
  ON CONFLICT (reseller_id, scope, day, shard) DO UPDATE SET ending = d.ending + excluded.ending, renewed = d.renewed + excluded.renewed
$$;
--> statement-breakpoint
-- Codes sold: counted by their rows (under the account their ledger row debited), their credits by
-- the ledger; each sale kept in `insight_code_sales`, which outlives the code.
CREATE OR REPLACE FUNCTION insight_codes_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE r record;
BEGIN
  INSERT INTO public.insight_code_sales (code_id, account_id, day)
    SELECT n.id, l.debitor_id, (n.created_at AT TIME ZONE 'UTC')::date
    FROM new_rows n JOIN public.credit_ledger l ON l.id = n.ledger_id WHERE l.debitor_id IS NOT NULL;
  FOR r IN
    SELECT l.debitor_id, (n.created_at AT TIME ZONE 'UTC')::date AS day, count(*)::int AS n
    FROM new_rows n JOIN public.credit_ledger l ON l.id = n.ledger_id
    WHERE l.debitor_id IS NOT NULL GROUP BY 1, 2 ORDER BY 1, 2
  LOOP
    PERFORM public.insight_add(r.debitor_id, r.day, 0, 'code', r.n, 0, 0);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The credits of code purchases and renewals ('Activation Code' rows). A code refund is counted
-- when the delete links its 'Refund' row to the code's sale (below), on the sale's day.
CREATE OR REPLACE FUNCTION insight_ledger_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE v_day date := (NEW.created_at AT TIME ZONE 'UTC')::date;
BEGIN
  PERFORM public.insight_add(NEW.debitor_id, v_day, 0, 'code', 0, NEW.credit_point, 0);
  PERFORM public.insight_spend_add(NEW.debitor_id, v_day, NEW.credit_point);
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER credit_ledger_insight_insert ON public.credit_ledger;
--> statement-breakpoint
CREATE TRIGGER credit_ledger_insight_insert AFTER INSERT ON public.credit_ledger
  FOR EACH ROW WHEN (NEW.tr_type = 'Activation Code' AND NEW.debitor_id IS NOT NULL) EXECUTE FUNCTION insight_ledger_inserted();
--> statement-breakpoint
-- A code refunded: one code and the refund's credits taken back on the sale's day, under the
-- account that bought it.
CREATE FUNCTION insight_code_refunded() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE v_credits bigint;
BEGIN
  SELECT l.credit_point INTO v_credits FROM public.credit_ledger l WHERE l.id = NEW.refund_ledger_id;
  PERFORM public.insight_add(NEW.account_id, NEW.day, 0, 'code', -1, -v_credits, 1);
  PERFORM public.insight_spend_add(NEW.account_id, NEW.day, -v_credits);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER insight_code_sales_refunded AFTER UPDATE OF refund_ledger_id ON public.insight_code_sales
  FOR EACH ROW WHEN (OLD.refund_ledger_id IS NULL AND NEW.refund_ledger_id IS NOT NULL) EXECUTE FUNCTION insight_code_refunded();
--> statement-breakpoint
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
--> statement-breakpoint
-- Each insert in key order, so that a key's rows lie together in the table (a read touches few pages).
-- Recomputes the sales and terms roll-up from the raw rows (a migration on an existing panel; the
-- tests' recount; the bench after a bulk load). Refusals have no raw rows and stay. Codes are
-- counted from their kept sales (deleted codes too), a refunded one on its sale's day; a code
-- refund from before migration 0030, linked to no sale, takes its credits back on its own day.
CREATE OR REPLACE FUNCTION insight_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
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
--> statement-breakpoint
-- The codes sold so far (a code deleted before this migration is not known any more).
INSERT INTO insight_code_sales (code_id, account_id, day)
  SELECT c.id, l.debitor_id, (c.created_at AT TIME ZONE 'UTC')::date
  FROM activation_codes c JOIN credit_ledger l ON l.id = c.ledger_id WHERE l.debitor_id IS NOT NULL;
--> statement-breakpoint
SELECT insight_rebuild();
--> statement-breakpoint
-- Called by a code's delete with the 'Refund' row that gave its price back. A sandbox connection
-- (its own codes and ledger first on the search path) refunds a sandbox code: nothing to count.
CREATE FUNCTION insight_code_refund(p_code bigint, p_refund_ledger bigint) RETURNS void LANGUAGE sql AS $$
  UPDATE public.insight_code_sales SET refund_ledger_id = p_refund_ledger
  WHERE code_id = p_code AND refund_ledger_id IS NULL AND current_schema() = 'public'
$$;
