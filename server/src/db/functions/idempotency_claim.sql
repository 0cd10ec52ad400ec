-- idempotency_claim: claims a request id's key (DESIGN.md §4: a repeated `request-id` within the
-- window answers the first answer and moves nothing). Inserts the key, or takes over an entry
-- older than `p_hours`; answers whether this transaction now holds it. A concurrent request with
-- the same key waits on the insert until the first one's transaction ends, then finds its stored
-- answer (or, if it rolled back, claims the key itself).
-- Called by: credit_share (inside its one statement) and lib/idempotency.ts `claimIdempotencyKey`
-- (`once`: activations, codes; bulk runs). What a repeat answers stays with each caller: the
-- stored shapes differ (a share's move result, a call's whole answer, a bulk run's state).
-- Why SQL: credit_share must claim inside its own statement, holding the accounts' rows for one
-- round trip; the TypeScript callers call the same function, so the claim is written once.
CREATE OR REPLACE FUNCTION idempotency_claim(p_key text, p_hours integer) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  -- Unqualified: a sandbox connection's search path finds the sandbox's own table.
  INSERT INTO idempotent_requests (key, status_code, response) VALUES (p_key, 0, '{}')
    ON CONFLICT (key) DO UPDATE SET status_code = 0, response = '{}', created_at = now()
    WHERE idempotent_requests.created_at < now() - make_interval(hours => p_hours);
  RETURN FOUND;
END $$;
