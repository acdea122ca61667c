-- Reason: the member's desk (issue 38, item 1): one direct message per member, edited in place and never sent
-- twice, must be found again after a restart; a process running other shards than the one that edits the desks
-- must be able to tell it whose desks a change concerns; and the clock asks, each tick, which reminder cadences
-- and digests members chose (item 2), without reading every preference.

-- One row per member who has a desk: the DM channel and message to edit, and a digest of what it shows (an edit
-- that would change nothing is not sent). closed_at: when the member's DMs were last found closed (the desk is
-- then shown only when they ask for it, ephemerally).
CREATE TABLE member_desks (
    user_id    INTEGER NOT NULL PRIMARY KEY,
    channel_id INTEGER,
    message_id INTEGER,
    digest     TEXT    NOT NULL DEFAULT '',
    updated_at TEXT    NOT NULL
) WITHOUT ROWID;

-- Members whose desk a change concerns, written by a process that does not edit desks and read (then deleted) by
-- the one that does. One row per member: marks coalesce.
CREATE TABLE desk_marks (
    user_id   INTEGER NOT NULL PRIMARY KEY,
    marked_at TEXT    NOT NULL
) WITHOUT ROWID;

-- Preferences by key and value: the cadences in use and the members who chose the daily digest, found without
-- reading the whole table.
CREATE INDEX user_prefs_by_key ON user_prefs (key, value);
