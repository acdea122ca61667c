-- Reason: secrets proven kept (issue 29): a seal (SHA-256 over the secret and a fresh nonce) for every secret a
-- player chooses, shown on the turn post when it is fixed and checked with the dice at the end.

ALTER TABLE match_fairness ADD COLUMN seals TEXT;

CREATE TABLE secret_seals (
    match_id   BIGINT  NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    ply        BIGINT  NOT NULL,
    seat       INTEGER NOT NULL,
    commitment TEXT    NOT NULL,
    nonce      TEXT    NOT NULL,
    created_at TEXT    NOT NULL,
    PRIMARY KEY (match_id, ply)
);

CREATE FUNCTION secret_seals_kept() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
    RAISE EXCEPTION 'a seal is never rewritten' USING ERRCODE = 'integrity_constraint_violation';
END;
$$;

CREATE TRIGGER secret_seals_kept BEFORE UPDATE ON secret_seals
    FOR EACH ROW EXECUTE FUNCTION secret_seals_kept();
