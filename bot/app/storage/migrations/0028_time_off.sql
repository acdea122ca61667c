-- Reason: time off that spends itself and a weekend pause by consent (issue 38, item 3): an hour of a member's
-- vacation allowance spent because a deadline would have passed is kept beside the declared vacations, and the
-- weekends a match's players agreed to pause.

-- NULL: a vacation the member declared (/game vacation); otherwise the match whose deadline spent this span of
-- the allowance while the member had turned automatic vacation on. Both kinds pause all the member's deadlines
-- and count against the same yearly allowance.
ALTER TABLE vacations ADD COLUMN spent_for INTEGER;

-- One row per match whose players agreed to pause its deadlines at weekends. zones: the IANA time zones whose
-- Saturday and Sunday pause the deadlines (a JSON array, the members' zones when they agreed): a weekend runs
-- from the first Saturday midnight among them to the last Monday midnight.
CREATE TABLE weekend_pauses (
    match_id  INTEGER NOT NULL PRIMARY KEY REFERENCES matches (id) ON DELETE CASCADE,
    zones     TEXT    NOT NULL CHECK (json_valid(zones)),
    agreed_at TEXT    NOT NULL
);
