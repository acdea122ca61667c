-- Reason: a member's settings for one match (issue 36: "ask only when it matters", per match over the member's
-- standing preference, which lives in user_prefs). The application's registry of member settings names the keys
-- and their values; no row: the member's standing preference (or the default) applies in that match.

CREATE TABLE member_match_settings (
    match_id   INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    user_id    INTEGER NOT NULL,
    key        TEXT    NOT NULL CHECK (key <> ''),
    value      TEXT    NOT NULL,
    updated_at TEXT    NOT NULL,
    PRIMARY KEY (match_id, user_id, key)
) WITHOUT ROWID;
