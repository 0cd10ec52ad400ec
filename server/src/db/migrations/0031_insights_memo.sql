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
ALTER FUNCTION insight_add(integer, date, integer, text, integer, bigint, integer) RENAME TO insight_add_figures;
--> statement-breakpoint
-- PL/pgSQL, whose plans are kept per session: a SQL function is planned again at each call.
CREATE FUNCTION insight_add(p_account integer, p_day date, p_app integer, p_package text, p_activations integer, p_credits bigint, p_refunds integer)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM public.insight_add_figures(p_account, p_day, p_app, p_package, p_activations, p_credits, p_refunds);
  IF p_day < (now() AT TIME ZONE 'UTC')::date - 1 THEN
    UPDATE public.insight_generation SET generation = generation + 1;
  END IF;
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
