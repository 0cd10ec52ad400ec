-- insight_apply_activations: the current definition (history: migrations, last 0029_insights.sql).
-- Called by: insight_activations_inserted and insight_activations_updated (triggers on activations).
-- Why SQL: part of the roll-up kept inside the writing transaction (see insight_add).
--
-- Activation rows inserted, or undone (refunded_at set) and, symmetrically, un-undone: `sign` +1
-- adds the rows as sales, -1 takes them back as refunds. Each 1-Year row is a term ending at its
-- expiry; a row renews its device's previous live term when it came at most 30 days after that
-- term's end (RENEWAL_GRACE_DAYS).
CREATE OR REPLACE FUNCTION insight_apply_activations(p_rows jsonb, p_sign integer) RETURNS void LANGUAGE plpgsql AS $$
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
