-- Reason: plans ahead (issue 36, item 2): a member may leave moves to be played for them at their next turns,
-- keyed on the opponents' replies or, in Ur, on their own next roll. A restart must keep every plan, and a plan
-- the game left must still reach its member as a word, even when the bot stopped in between.

-- One plan per member and match. base = the match version the plan starts from (the log up to it is what the
-- member saw; its branches are matched against the entries after it); body = the branches as JSON (the
-- application reads it: bot.app.plans.model); entries = how many branches it holds (a member keeps a few hundred
-- at most). dropped = NULL while the plan stands; once the game left it, the reason (JSON: a key and its words)
-- until its member has been told, then the row goes.
CREATE TABLE plans (
    match_id   INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    user_id    INTEGER NOT NULL,
    seat       INTEGER NOT NULL CHECK (seat >= 0),
    base       INTEGER NOT NULL CHECK (base >= 0),
    body       TEXT    NOT NULL CHECK (json_valid(body)),
    entries    INTEGER NOT NULL CHECK (entries >= 0),
    dropped    TEXT    CHECK (dropped IS NULL OR json_valid(dropped)),
    updated_at TEXT    NOT NULL,
    PRIMARY KEY (match_id, user_id)
) WITHOUT ROWID;

-- The words still to give, found without reading every plan.
CREATE INDEX plans_dropped ON plans (match_id) WHERE dropped IS NOT NULL;
