-- Reason: first schema: matches, their seats, the append-only move log and per-user preferences.
--
-- Conventions: Discord ids are INTEGER (snowflakes fit in 64 bits); times are ISO-8601 UTC text
-- ("2024-05-01T12:00:00.000000Z"), which sorts like the instants it names; JSON columns are checked.

-- PostgreSQL has no json_valid: defined here with SQLite's name and meaning (NULL passes), false (a CHECK
-- violation, as in SQLite) rather than the cast's own error for a text that is not JSON.
-- @postgres
CREATE FUNCTION json_valid(doc text) RETURNS boolean
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
    AS $$
BEGIN
    PERFORM doc::json;
    RETURN true;
EXCEPTION WHEN invalid_text_representation THEN
    RETURN false;
END;
$$;
-- @end

CREATE TABLE matches (
    -- AUTOINCREMENT: an id is never reused, because ids live on in old buttons' custom ids.
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    game             TEXT    NOT NULL,
    options          TEXT    NOT NULL DEFAULT '{}' CHECK (json_valid(options)),
    seed             TEXT    NOT NULL,
    guild_id         INTEGER,
    -- A text channel or a thread: a match lives in exactly one of them.
    channel_id       INTEGER NOT NULL,
    creator_id       INTEGER NOT NULL,
    status           TEXT    NOT NULL CHECK (status IN ('lobby', 'active', 'finished', 'aborted')),
    -- Number of move-log entries; optimistic concurrency compares callers' versions with it.
    version          INTEGER NOT NULL DEFAULT 0 CHECK (version >= 0),
    -- Snapshot of the game state (a cache of the replayed log); NULL until the match starts.
    state            TEXT,
    result           TEXT    CHECK (result IS NULL OR json_valid(result)),
    lobby_message_id INTEGER,
    board_message_id INTEGER,
    created_at       TEXT    NOT NULL,
    updated_at       TEXT    NOT NULL
);

-- At most one open (lobby or active) match per channel or thread: the commands find "the" match
-- of a channel without asking which one.
CREATE UNIQUE INDEX matches_one_open_per_channel ON matches (channel_id) WHERE status IN ('lobby', 'active');

-- The latest match of a channel, finished ones included.
CREATE INDEX matches_by_channel ON matches (channel_id, id);

CREATE TABLE seats (
    match_id  INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seat      INTEGER NOT NULL CHECK (seat >= 0),
    user_id   INTEGER NOT NULL,
    joined_at TEXT    NOT NULL,
    PRIMARY KEY (match_id, seat),
    UNIQUE (match_id, user_id)
) WITHOUT ROWID;

-- A user's matches on every server ("my games") without scanning every seat.
CREATE INDEX seats_by_user ON seats (user_id, match_id);

-- The move log is the truth of a match; the snapshot in matches.state is only a cache of it.
-- PRIMARY KEY (match_id, ply) makes a stale or duplicated append FAIL instead of forking the game.
-- interaction_id: the Discord interaction that wrote an entry (only the first entry of a multi-entry change).
-- @moves-table 'move', 'chance', 'resign', 'abort'

-- The same interaction delivered twice must apply once.
CREATE UNIQUE INDEX moves_by_interaction ON moves (interaction_id) WHERE interaction_id IS NOT NULL;

-- Append-only: history is never rewritten. (Deleting a whole match, cascading to its log, stays possible.)
-- @append-only moves moves_append_only: the move log is append-only

CREATE TABLE user_prefs (
    user_id    INTEGER NOT NULL,
    key        TEXT    NOT NULL,
    value      TEXT    NOT NULL,
    updated_at TEXT    NOT NULL,
    PRIMARY KEY (user_id, key)
) WITHOUT ROWID;
