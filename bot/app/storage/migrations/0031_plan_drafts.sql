-- Reason: plans three turns deep in Ur (issue 36): the plan form's picks no longer fit in Discord's 100-character
-- custom ids, so a form being filled in keeps its draft here, named in its menus and buttons by a short token.
-- A restart must keep a draft as it keeps the plan: the member goes on filling in the same form.

-- One row per form opened: token = a number per member and match, counted up (the custom id carries it);
-- version = the match version the form was made at (a draft read at another version is stale); body = the
-- branches picked so far, as a plan's JSON (the application reads it: bot.app.plans.model). A member keeps a few
-- drafts per match at most and each goes after some days (bot.app.plans.drafts): bounded by both.
CREATE TABLE plan_drafts (
    match_id   INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    user_id    INTEGER NOT NULL,
    token      INTEGER NOT NULL CHECK (token > 0),
    version    INTEGER NOT NULL CHECK (version >= 0),
    body       TEXT    NOT NULL CHECK (json_valid(body) AND length(body) <= 40000),
    updated_at TEXT    NOT NULL,
    PRIMARY KEY (match_id, user_id, token)
) WITHOUT ROWID;

-- The drafts past their time, found without reading every draft.
CREATE INDEX plan_drafts_updated ON plan_drafts (updated_at);
