-- credit_share: the current definition (history: migrations, last 0013_credit_move.sql).
-- Called by: credit.repository.ts `share` (credit.service.ts `shareMove`: add, deduct, recharge).
-- Why SQL: the request id's claim (idempotency_claim), the locks on both accounts, the reach check
-- on the locked rows (in_reach), the move (credit_move) and the stored answer are one statement,
-- one round trip while the rows are locked.
--
-- A move a caller asks for on another account (add, deduct, recharge): the request id's claim,
-- the hierarchy check on the locked accounts, the move and the stored answer in one statement.
-- Answers {"result": {...}} for a new move, or what the first request with this key stored when
-- the fingerprints match (CR005 when they do not).
CREATE OR REPLACE FUNCTION credit_share(
  p_key text, p_fingerprint text, p_hours integer, p_caller integer, p_caller_is_admin boolean,
  p_target integer, p_tr_type text, p_amount bigint, p_debitor integer, p_creditor integer,
  p_reason text, p_request_id text, p_ip text
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  target record;
  reach text;
  stored record;
  moved record;
BEGIN
  IF p_key IS NOT NULL THEN
    -- A concurrent request with the same key waits here until the first one ends.
    IF NOT idempotency_claim(p_key, p_hours) THEN
      -- Each statement of this function sees what committed before it: the first answer.
      SELECT status_code, response INTO stored FROM idempotent_requests WHERE key = p_key;
      IF stored.status_code IS DISTINCT FROM 200 OR stored.response ->> 'fingerprint' IS DISTINCT FROM p_fingerprint THEN
        RAISE EXCEPTION 'request id reused' USING ERRCODE = 'CR005';
      END IF;
      RETURN stored.response;
    END IF;
  END IF;

  PERFORM 1 FROM users WHERE id IN (p_caller, p_target) ORDER BY id FOR UPDATE;
  IF p_target <> p_caller THEN
    SELECT deleted_at INTO target FROM users WHERE id = p_target;
    IF NOT FOUND OR target.deleted_at IS NOT NULL THEN
      RAISE EXCEPTION 'no such account' USING ERRCODE = 'CR002';
    END IF;
    -- The hierarchy's rule (in_reach.sql); a credit move knows no staff permission.
    reach := in_reach(p_caller, p_target, p_caller_is_admin);
    IF reach = 'admin' THEN
      RAISE EXCEPTION 'an admin account' USING ERRCODE = 'CR003';
    END IF;
    IF reach IS DISTINCT FROM 'in' THEN
      RAISE EXCEPTION 'outside the caller''s reach' USING ERRCODE = 'CR004';
    END IF;
  END IF;

  SELECT * INTO moved FROM credit_move(p_tr_type, p_amount, p_debitor, p_creditor, p_caller,
    p_reason, p_request_id, p_caller, p_ip, p_target);
  IF p_key IS NOT NULL THEN
    UPDATE idempotent_requests
      SET status_code = 200, response = jsonb_build_object('fingerprint', p_fingerprint, 'result', to_jsonb(moved))
      WHERE key = p_key;
  END IF;
  RETURN jsonb_build_object('result', to_jsonb(moved));
END $$;
