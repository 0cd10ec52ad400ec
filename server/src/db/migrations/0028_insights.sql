CREATE TABLE "insight_daily" (
	"reseller_id" integer NOT NULL,
	"scope" text NOT NULL,
	"day" date NOT NULL,
	"application_id" integer NOT NULL,
	"package" text NOT NULL,
	"activations" integer DEFAULT 0 NOT NULL,
	"credits" bigint DEFAULT 0 NOT NULL,
	"refunds" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "insight_daily_reseller_id_scope_day_application_id_package_pk" PRIMARY KEY("reseller_id","scope","day","application_id","package")
);
--> statement-breakpoint
CREATE TABLE "insight_expiry_daily" (
	"reseller_id" integer NOT NULL,
	"scope" text NOT NULL,
	"day" date NOT NULL,
	"ending" integer DEFAULT 0 NOT NULL,
	"renewed" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "insight_expiry_daily_reseller_id_scope_day_pk" PRIMARY KEY("reseller_id","scope","day")
);
--> statement-breakpoint
CREATE TABLE "insight_runway" (
	"reseller_id" integer PRIMARY KEY NOT NULL,
	"as_of" date NOT NULL,
	"weighted" double precision DEFAULT 0 NOT NULL,
	"last_spend" date
);
--> statement-breakpoint
CREATE TABLE "refusal_daily" (
	"user_id" integer NOT NULL,
	"scope" text NOT NULL,
	"day" date NOT NULL,
	"reason" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "refusal_daily_user_id_scope_day_reason_pk" PRIMARY KEY("user_id","scope","day","reason")
);
--> statement-breakpoint
-- The insights roll-up (issue 27), kept in the writing transaction by the triggers below. Table
-- names are schema-qualified: the sandbox's copies of activations, codes and the ledger have no
-- triggers (LIKE copies none), so sandbox sales are never counted.
--
-- The keys an account's figures go to: its own ('own'), itself and every ancestor ('tree'), and
-- one of four shards of the whole panel ('all'). Ordered, so that concurrent writers lock the rows
-- of one statement in the same order.
CREATE FUNCTION insight_scopes(p_account integer) RETURNS TABLE (account_id integer, scope text)
LANGUAGE sql STABLE AS $$
  WITH RECURSIVE up(id, parent_id, depth) AS (
    SELECT u.id, u.parent_reseller_id, 0 FROM public.users u WHERE u.id = p_account
    UNION ALL
    SELECT u.id, u.parent_reseller_id, up.depth + 1 FROM public.users u JOIN up ON u.id = up.parent_id WHERE up.depth < 100
  )
  SELECT s.account_id, s.scope FROM (
    SELECT p_account AS account_id, 'own' AS scope
    UNION ALL SELECT up.id, 'tree' FROM up
    UNION ALL SELECT p_account % 4, 'all'
  ) s ORDER BY s.scope, s.account_id
$$;
--> statement-breakpoint
CREATE FUNCTION insight_add(p_account integer, p_day date, p_app integer, p_package text, p_activations integer, p_credits bigint, p_refunds integer)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO public.insight_daily AS d (reseller_id, scope, day, application_id, package, activations, credits, refunds)
  SELECT s.account_id, s.scope, p_day, p_app, p_package, p_activations, p_credits, p_refunds FROM public.insight_scopes(p_account) s
  ON CONFLICT (reseller_id, scope, day, application_id, package) DO UPDATE
    SET activations = d.activations + excluded.activations, credits = d.credits + excluded.credits, refunds = d.refunds + excluded.refunds
$$;
--> statement-breakpoint
-- An account's own spend (negative for a refund) on a day, into its exponentially weighted sum:
-- the decay 1 − α = 27/29 is RUNWAY_EWMA_DAYS' (28: α = 2/29). A spend on a day before `as_of`
-- (an undo, a code refund) is weighted by its age; one after moves `as_of` on.
CREATE FUNCTION insight_spend_add(p_account integer, p_day date, p_credits bigint) RETURNS void LANGUAGE sql AS $$
  INSERT INTO public.insight_runway AS r (reseller_id, as_of, weighted, last_spend)
  VALUES (p_account, p_day, p_credits, CASE WHEN p_credits > 0 THEN p_day END)
  ON CONFLICT (reseller_id) DO UPDATE SET
    weighted = r.weighted * power(27.0::float8 / 29, greatest(excluded.as_of - r.as_of, 0))
             + excluded.weighted * power(27.0::float8 / 29, greatest(r.as_of - excluded.as_of, 0)),
    as_of = greatest(r.as_of, excluded.as_of),
    last_spend = greatest(r.last_spend, excluded.last_spend)
$$;
--> statement-breakpoint
CREATE FUNCTION insight_expiry_add(p_account integer, p_day date, p_ending integer, p_renewed integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO public.insight_expiry_daily AS d (reseller_id, scope, day, ending, renewed)
  SELECT s.account_id, s.scope, p_day, p_ending, p_renewed FROM public.insight_scopes(p_account) s
  ON CONFLICT (reseller_id, scope, day) DO UPDATE SET ending = d.ending + excluded.ending, renewed = d.renewed + excluded.renewed
$$;
--> statement-breakpoint
-- A refused activation, counted by the server after the refusal rolled back (its own short statement).
CREATE FUNCTION refusal_add(p_account integer, p_reason text) RETURNS void LANGUAGE sql AS $$
  INSERT INTO public.refusal_daily AS d (user_id, scope, day, reason, count)
  SELECT s.account_id, s.scope, (now() AT TIME ZONE 'UTC')::date, p_reason, 1 FROM public.insight_scopes(p_account) s
  ON CONFLICT (user_id, scope, day, reason) DO UPDATE SET count = d.count + 1
$$;
--> statement-breakpoint
-- Activation rows inserted, or undone (refunded_at set) and, symmetrically, un-undone: `sign` +1
-- adds the rows as sales, -1 takes them back as refunds. Each 1-Year row is a term ending at its
-- expiry; a row renews its device's previous live term when it came at most 30 days after that
-- term's end (RENEWAL_GRACE_DAYS).
CREATE FUNCTION insight_apply_activations(p_rows jsonb, p_sign integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE r record;
BEGIN
  FOR r IN
    SELECT n.reseller_id, (n.created_at AT TIME ZONE 'UTC')::date AS day, n.application_id, n.package,
           count(*)::int AS n, sum(n.credit_point)::bigint AS credits
    FROM jsonb_to_recordset(p_rows) AS n(id bigint, device_id bigint, reseller_id integer, application_id integer, package text, credit_point integer, box_expiry_date timestamptz, created_at timestamptz)
    GROUP BY 1, 2, 3, 4 ORDER BY 3, 4, 1, 2
  LOOP
    PERFORM public.insight_add(r.reseller_id, r.day, r.application_id, r.package, p_sign * r.n, p_sign * r.credits, CASE WHEN p_sign < 0 THEN r.n ELSE 0 END);
  END LOOP;
  FOR r IN
    SELECT n.reseller_id, (n.created_at AT TIME ZONE 'UTC')::date AS day, sum(n.credit_point)::bigint AS credits
    FROM jsonb_to_recordset(p_rows) AS n(reseller_id integer, credit_point integer, created_at timestamptz)
    GROUP BY 1, 2 ORDER BY 1, 2
  LOOP
    PERFORM public.insight_spend_add(r.reseller_id, r.day, p_sign * r.credits);
  END LOOP;
  FOR r IN
    SELECT t.reseller_id, t.day, sum(t.ending)::int AS ending, sum(t.renewed)::int AS renewed FROM (
      SELECT n.reseller_id, (n.box_expiry_date AT TIME ZONE 'UTC')::date AS day, 1 AS ending, 0 AS renewed
      FROM jsonb_to_recordset(p_rows) AS n(reseller_id integer, package text, box_expiry_date timestamptz)
      WHERE n.package = '1-Year'
      UNION ALL
      SELECT p.reseller_id, (p.box_expiry_date AT TIME ZONE 'UTC')::date, 0, 1
      FROM jsonb_to_recordset(p_rows) AS n(id bigint, device_id bigint, created_at timestamptz)
      CROSS JOIN LATERAL (
        SELECT a.reseller_id, a.package, a.box_expiry_date FROM public.activations a
        WHERE a.device_id = n.device_id AND a.id < n.id AND a.refunded_at IS NULL
        ORDER BY a.id DESC LIMIT 1
      ) p
      WHERE p.package = '1-Year' AND n.created_at <= p.box_expiry_date + interval '30 days'
    ) t GROUP BY 1, 2 ORDER BY 1, 2
  LOOP
    PERFORM public.insight_expiry_add(r.reseller_id, r.day, p_sign * r.ending, p_sign * r.renewed);
  END LOOP;
END $$;
--> statement-breakpoint
CREATE FUNCTION insight_activations_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE v_rows jsonb;
BEGIN
  SELECT jsonb_agg(to_jsonb(n)) INTO v_rows FROM new_rows n WHERE n.refunded_at IS NULL;
  IF v_rows IS NOT NULL THEN PERFORM public.insight_apply_activations(v_rows, 1); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION insight_activations_updated() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE v_undone jsonb; v_redone jsonb;
BEGIN
  SELECT jsonb_agg(to_jsonb(n)) FILTER (WHERE n.refunded_at IS NOT NULL), jsonb_agg(to_jsonb(n)) FILTER (WHERE n.refunded_at IS NULL)
    INTO v_undone, v_redone
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE (o.refunded_at IS NULL) <> (n.refunded_at IS NULL);
  IF v_undone IS NOT NULL THEN PERFORM public.insight_apply_activations(v_undone, -1); END IF;
  IF v_redone IS NOT NULL THEN PERFORM public.insight_apply_activations(v_redone, 1); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER activations_insight_insert AFTER INSERT ON public.activations
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION insight_activations_inserted();
--> statement-breakpoint
CREATE TRIGGER activations_insight_update AFTER UPDATE ON public.activations
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION insight_activations_updated();
--> statement-breakpoint
-- Codes sold: counted by their rows (under the account their ledger row debited), their credits by the ledger.
CREATE FUNCTION insight_codes_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE r record;
BEGIN
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
CREATE TRIGGER activation_codes_insight_insert AFTER INSERT ON public.activation_codes
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION insight_codes_inserted();
--> statement-breakpoint
-- The credits of code purchases and renewals ('Activation Code' rows), and code refunds: a
-- 'Refund' row with the reason 'code-refund' takes one code and its credits back, on the refund's
-- day. (An undone activation's 'Refund' row is counted by the activations trigger instead.)
CREATE FUNCTION insight_ledger_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE v_day date := (NEW.created_at AT TIME ZONE 'UTC')::date;
BEGIN
  IF NEW.tr_type = 'Activation Code' AND NEW.debitor_id IS NOT NULL THEN
    PERFORM public.insight_add(NEW.debitor_id, v_day, 0, 'code', 0, NEW.credit_point, 0);
    PERFORM public.insight_spend_add(NEW.debitor_id, v_day, NEW.credit_point);
  ELSIF NEW.tr_type = 'Refund' AND NEW.reason = 'code-refund' AND NEW.creditor_id IS NOT NULL THEN
    PERFORM public.insight_add(NEW.creditor_id, v_day, 0, 'code', -1, -NEW.credit_point, 1);
    PERFORM public.insight_spend_add(NEW.creditor_id, v_day, -NEW.credit_point);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER credit_ledger_insight_insert AFTER INSERT ON public.credit_ledger
  FOR EACH ROW WHEN (NEW.tr_type IN ('Activation Code', 'Refund')) EXECUTE FUNCTION insight_ledger_inserted();
--> statement-breakpoint
-- A parent change (switch, assign, promotion) moves the subtree's 'tree' figures from the former
-- ancestors to the new ones, from the subtree's 'own' rows.
CREATE FUNCTION insight_parent_changed() RETURNS trigger LANGUAGE plpgsql AS $$
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
  INSERT INTO public.insight_daily AS d (reseller_id, scope, day, application_id, package, activations, credits, refunds)
    SELECT m.id, 'tree', o.day, o.application_id, o.package, sum(m.sign * o.activations), sum(m.sign * o.credits), sum(m.sign * o.refunds)
    FROM public.insight_daily o JOIN insight_subtree s ON s.id = o.reseller_id CROSS JOIN insight_move m
    WHERE o.scope = 'own' GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 3, 4, 5
  ON CONFLICT (reseller_id, scope, day, application_id, package) DO UPDATE
    SET activations = d.activations + excluded.activations, credits = d.credits + excluded.credits, refunds = d.refunds + excluded.refunds;
  INSERT INTO public.insight_expiry_daily AS d (reseller_id, scope, day, ending, renewed)
    SELECT m.id, 'tree', o.day, sum(m.sign * o.ending), sum(m.sign * o.renewed)
    FROM public.insight_expiry_daily o JOIN insight_subtree s ON s.id = o.reseller_id CROSS JOIN insight_move m
    WHERE o.scope = 'own' GROUP BY 1, 2, 3 ORDER BY 1, 3
  ON CONFLICT (reseller_id, scope, day) DO UPDATE SET ending = d.ending + excluded.ending, renewed = d.renewed + excluded.renewed;
  INSERT INTO public.refusal_daily AS d (user_id, scope, day, reason, count)
    SELECT m.id, 'tree', o.day, o.reason, sum(m.sign * o.count)
    FROM public.refusal_daily o JOIN insight_subtree s ON s.id = o.user_id CROSS JOIN insight_move m
    WHERE o.scope = 'own' GROUP BY 1, 2, 3, 4 ORDER BY 1, 3, 4
  ON CONFLICT (user_id, scope, day, reason) DO UPDATE SET count = d.count + excluded.count;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_insight_parent AFTER UPDATE OF parent_reseller_id ON public.users
  FOR EACH ROW WHEN (OLD.parent_reseller_id IS DISTINCT FROM NEW.parent_reseller_id) EXECUTE FUNCTION insight_parent_changed();
--> statement-breakpoint
-- Recomputes the sales and terms roll-up from the raw rows (this migration on an existing panel;
-- the tests' recount; the bench after a bulk load). Refusals have no raw rows and stay. Codes are
-- counted from the rows still there (a refunded code's row is gone, so its refund takes no count
-- back here); a code deleted without a refund, which the triggers keep counted as sold, is not
-- seen by a rebuild.
CREATE FUNCTION insight_rebuild() RETURNS void LANGUAGE plpgsql AS $$
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
  INSERT INTO public.insight_daily (reseller_id, scope, day, application_id, package, activations, credits, refunds)
    SELECT reseller_id, 'own', day, application_id, package, sum(activations), sum(credits), sum(refunds) FROM (
      SELECT a.reseller_id, (a.created_at AT TIME ZONE 'UTC')::date AS day, a.application_id, a.package,
             (a.refunded_at IS NULL)::int AS activations, CASE WHEN a.refunded_at IS NULL THEN a.credit_point ELSE 0 END::bigint AS credits,
             (a.refunded_at IS NOT NULL)::int AS refunds
      FROM public.activations a
      UNION ALL
      SELECT l.debitor_id, (c.created_at AT TIME ZONE 'UTC')::date, 0, 'code', 1, 0, 0
      FROM public.activation_codes c JOIN public.credit_ledger l ON l.id = c.ledger_id WHERE l.debitor_id IS NOT NULL
      UNION ALL
      SELECT l.debitor_id, (l.created_at AT TIME ZONE 'UTC')::date, 0, 'code', 0, l.credit_point, 0
      FROM public.credit_ledger l WHERE l.tr_type = 'Activation Code' AND l.debitor_id IS NOT NULL
      UNION ALL
      SELECT l.creditor_id, (l.created_at AT TIME ZONE 'UTC')::date, 0, 'code', 0, -l.credit_point, 1
      FROM public.credit_ledger l WHERE l.tr_type = 'Refund' AND l.reason = 'code-refund' AND l.creditor_id IS NOT NULL
    ) t GROUP BY 1, 3, 4, 5;
  INSERT INTO public.insight_daily (reseller_id, scope, day, application_id, package, activations, credits, refunds)
    SELECT c.ancestor, 'tree', o.day, o.application_id, o.package, sum(o.activations), sum(o.credits), sum(o.refunds)
    FROM public.insight_daily o JOIN insight_closure c ON c.id = o.reseller_id WHERE o.scope = 'own' GROUP BY 1, 3, 4, 5;
  INSERT INTO public.insight_daily (reseller_id, scope, day, application_id, package, activations, credits, refunds)
    SELECT o.reseller_id % 4, 'all', o.day, o.application_id, o.package, sum(o.activations), sum(o.credits), sum(o.refunds)
    FROM public.insight_daily o WHERE o.scope = 'own' GROUP BY 1, 3, 4, 5;
  INSERT INTO public.insight_runway (reseller_id, as_of, weighted, last_spend)
    SELECT reseller_id, max(day), sum(credits * power(27.0::float8 / 29, last_day - day)), max(day) FILTER (WHERE credits > 0)
    FROM (
      SELECT o.reseller_id, o.day, sum(o.credits) AS credits, max(o.day) OVER (PARTITION BY o.reseller_id) AS last_day
      FROM public.insight_daily o WHERE o.scope = 'own' GROUP BY 1, 2
    ) d GROUP BY 1;
  INSERT INTO public.insight_expiry_daily (reseller_id, scope, day, ending, renewed)
    SELECT reseller_id, 'own', day, sum(ending), sum(renewed) FROM (
      SELECT a.reseller_id, (a.box_expiry_date AT TIME ZONE 'UTC')::date AS day, 1 AS ending, 0 AS renewed
      FROM public.activations a WHERE a.package = '1-Year' AND a.refunded_at IS NULL
      UNION ALL
      SELECT x.p_reseller, (x.p_expiry AT TIME ZONE 'UTC')::date, 0, 1
      FROM (
        SELECT a.created_at, lag(a.reseller_id) OVER w AS p_reseller, lag(a.package) OVER w AS p_package, lag(a.box_expiry_date) OVER w AS p_expiry
        FROM public.activations a WHERE a.refunded_at IS NULL WINDOW w AS (PARTITION BY a.device_id ORDER BY a.id)
      ) x
      WHERE x.p_package = '1-Year' AND x.created_at <= x.p_expiry + interval '30 days'
    ) t GROUP BY 1, 3;
  INSERT INTO public.insight_expiry_daily (reseller_id, scope, day, ending, renewed)
    SELECT c.ancestor, 'tree', o.day, sum(o.ending), sum(o.renewed)
    FROM public.insight_expiry_daily o JOIN insight_closure c ON c.id = o.reseller_id WHERE o.scope = 'own' GROUP BY 1, 3;
  INSERT INTO public.insight_expiry_daily (reseller_id, scope, day, ending, renewed)
    SELECT o.reseller_id % 4, 'all', o.day, sum(o.ending), sum(o.renewed)
    FROM public.insight_expiry_daily o WHERE o.scope = 'own' GROUP BY 1, 3;
END $$;
--> statement-breakpoint
SELECT insight_rebuild();
--> statement-breakpoint
-- The insights permission (issue 27) for the default reseller roles of a database seeded before
-- it, as 0025 and 0026 did: the seed adds new permissions to the admin role only, and creates the
-- other default roles only when they are missing. On a new database the seed gives it through
-- DEFAULT_ROLES and sets the permission's group and order.
INSERT INTO "permissions" ("name", "group_name", "sort_order")
  VALUES ('insights', 'Dashboard', (SELECT coalesce(max("sort_order"), 0) + 1 FROM "permissions"))
  ON CONFLICT ("name") DO NOTHING;--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission_id")
  SELECT r."id", p."id" FROM "roles" r, "permissions" p
  WHERE p."name" = 'insights' AND lower(r."name") IN ('reseller', 'sub-reseller') AND r."deleted_at" IS NULL
  ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Every API node re-reads a role whose version moved.
UPDATE "roles" SET "version" = "version" + 1 WHERE lower("name") IN ('reseller', 'sub-reseller') AND "deleted_at" IS NULL;
