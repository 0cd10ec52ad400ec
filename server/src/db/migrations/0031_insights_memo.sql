CREATE TABLE "insight_generation" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"generation" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "insight_memo" (
	"key" text PRIMARY KEY NOT NULL,
	"generation" bigint NOT NULL,
	"made_on" date NOT NULL,
	"packed" text NOT NULL
);
--> statement-breakpoint
INSERT INTO insight_generation (id, generation) VALUES (1, 0);
--> statement-breakpoint
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
--> statement-breakpoint
CREATE OR REPLACE FUNCTION insight_expiry_add(p_account integer, p_day date, p_ending integer, p_renewed integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO public.insight_expiry_daily AS d (reseller_id, scope, day, shard, ending, renewed)
  SELECT s.account_id, s.scope, p_day, s.shard, p_ending, p_renewed FROM public.insight_scopes(p_account) s
  ON CONFLICT (reseller_id, scope, day, shard) DO UPDATE SET ending = d.ending + excluded.ending, renewed = d.renewed + excluded.renewed;
END $$;
--> statement-breakpoint
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
--> statement-breakpoint
CREATE FUNCTION insight_generation_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE public.insight_generation SET generation = generation + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A parent change moves a subtree's figures of every day.
CREATE TRIGGER users_insight_generation AFTER UPDATE OF parent_reseller_id ON public.users
  FOR EACH ROW WHEN (OLD.parent_reseller_id IS DISTINCT FROM NEW.parent_reseller_id) EXECUTE FUNCTION insight_generation_bump();
--> statement-breakpoint
ALTER FUNCTION insight_rebuild() RENAME TO insight_rebuild_figures;
--> statement-breakpoint
CREATE FUNCTION insight_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM public.insight_rebuild_figures();
  DELETE FROM public.insight_memo;
  UPDATE public.insight_generation SET generation = generation + 1;
END $$;
