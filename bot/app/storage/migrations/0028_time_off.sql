-- Reason: time off that spends itself, a weekend pause by consent and dice statistics (issue 38, items 3-4): hours of a member's vacation allowance spent because a deadline would have passed are kept beside the declared vacations, the weekends a match's players agreed to pause, and each seat's dice counted once per finished match.

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

-- Why dice_tallies (the same issue, item 4): a member's dice against expectation are read from their finished
-- matches, and replaying each log at every /profile would cost seconds; a finished match's rolls never change, so
-- each seat's count is kept once read. rolls: a JSON array of [distribution, count] (a distribution is an array of
-- [value, "p/q"]); total: the values shown.
CREATE TABLE dice_tallies (
    match_id INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seat     INTEGER NOT NULL CHECK (seat >= 0),
    rolls    TEXT    NOT NULL CHECK (json_valid(rolls)),
    total    INTEGER NOT NULL,
    PRIMARY KEY (match_id, seat)
) WITHOUT ROWID;
