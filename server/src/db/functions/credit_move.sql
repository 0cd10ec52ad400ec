-- credit_move: the current definition (history: migrations, last 0013_credit_move.sql).
-- Called by: credit.repository.ts `move` (credit.service.ts `transfer`: activations, codes,
-- payments, refunds) and by credit_share.
-- Why SQL: the debit, the credit, the ledger row and the audit row are one statement, so the two
-- accounts' rows stay locked for one round trip; the locks are taken lowest id first (no deadlock
-- between opposite moves) and the debit is conditional on the locked row.
--
-- A credit move in one round trip (docs/decisions/0008-performance.md). Every table name is left
-- unqualified on purpose: a sandbox connection's search path finds the sandbox's own copies.
-- Errors the services turn into answers: CR001 too few points, CR002 no such account,
-- CR003 an admin account, CR004 outside the caller's reach, CR005 a request id reused.

-- Debit, credit, the ledger row, the audit row and the outbox row of one move. Both accounts are locked lowest id
-- first, so two moves between the same accounts in opposite directions never deadlock; the debit
-- is conditional on the locked row, never read first and written later.
CREATE OR REPLACE FUNCTION credit_move(
  p_tr_type text, p_amount bigint, p_debitor integer, p_creditor integer, p_creator integer,
  p_reason text, p_request_id text, p_actor integer, p_ip text, p_audit_target integer,
  OUT ledger_id bigint, OUT debitor_balance bigint, OUT creditor_balance bigint
) LANGUAGE plpgsql AS $$
BEGIN
  IF p_debitor IS NOT NULL AND p_creditor IS NOT NULL THEN
    PERFORM 1 FROM users WHERE id IN (p_debitor, p_creditor) ORDER BY id FOR UPDATE;
  END IF;
  IF p_debitor IS NOT NULL THEN
    UPDATE users SET credit_point = credit_point - p_amount
      WHERE id = p_debitor AND credit_point >= p_amount
      RETURNING credit_point INTO debitor_balance;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'not enough credit points' USING ERRCODE = 'CR001';
    END IF;
  END IF;
  IF p_creditor IS NOT NULL THEN
    UPDATE users SET credit_point = credit_point + p_amount WHERE id = p_creditor
      RETURNING credit_point INTO creditor_balance;
  END IF;
  INSERT INTO credit_ledger (tr_type, credit_point, debitor_id, creditor_id, creator_id,
                             debitor_balance_after, creditor_balance_after, reason, request_id)
    VALUES (p_tr_type, p_amount, p_debitor, p_creditor, p_creator,
            debitor_balance, creditor_balance, p_reason, p_request_id)
    RETURNING id INTO ledger_id;
  INSERT INTO audit_log (actor_id, action, target_type, target_id, details, ip)
    VALUES (p_actor, 'credit.' || p_reason, 'user', p_audit_target::text,
            jsonb_build_object('ledgerId', ledger_id, 'trType', p_tr_type, 'amount', p_amount,
                               'debitorId', p_debitor, 'creditorId', p_creditor, 'requestId', p_request_id),
            p_ip);
  -- The record the low-balance line and the credit.* events are derived from after the commit
  -- (issue 45: src/modules/derived), written with the money so that nothing is lost between the
  -- commit and the derivation. A sandbox move (its own ledger first on the search path) tells nothing.
  IF current_schema() = 'public' THEN
    INSERT INTO outbox (kind, ledger_id) VALUES ('move', ledger_id);
  END IF;
END $$;
