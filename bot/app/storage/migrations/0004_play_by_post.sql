-- Reason: play by post over days: turn deadlines and reminders, votes on a late player, vacations, undo, one status message per match, per-match ping settings, unrated matches.

-- The log gains three entry kinds: 'undo' (takes entries back; the taken-back entries stay in the log),
-- 'auto' (a decision the bot made for a seat whose time ran out) and 'forfeit'. SQLite cannot alter a
-- CHECK, so the moves table is rebuilt with the same rows, key, index and trigger.
-- @log-kinds 'move', 'chance', 'resign', 'abort', 'draw', 'undo', 'auto', 'forfeit'

-- Seconds a seat has for its turn (NULL: no deadline), and what happens when it runs out: a vote of the
-- other players (the default), or automatically a move played for the late seat, or a forfeit.
ALTER TABLE matches ADD COLUMN turn_limit INTEGER CHECK (turn_limit IS NULL OR turn_limit > 0);
ALTER TABLE matches ADD COLUMN on_timeout TEXT NOT NULL DEFAULT 'vote' CHECK (on_timeout IN ('vote', 'move', 'forfeit'));
ALTER TABLE matches ADD COLUMN rated INTEGER NOT NULL DEFAULT 1 CHECK (rated IN (0, 1));
-- The one message per match that is edited in place every turn (players, whose turn, deadline, last move).
ALTER TABLE matches ADD COLUMN status_message_id INTEGER;

-- One row per seat that must act now: when its turn began (or was last extended) and which reminders
-- went out for that turn. A seat that stops acting loses its row, so a new turn starts afresh; the rows
-- live in the database, so a restart neither loses nor repeats a reminder.
CREATE TABLE turn_clocks (
    match_id INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seat     INTEGER NOT NULL CHECK (seat >= 0),
    since    TEXT    NOT NULL,
    -- Thresholds already handled for this turn, as a JSON array of 'half', 'soon', 'expired'.
    reminded TEXT    NOT NULL DEFAULT '[]' CHECK (json_valid(reminded)),
    PRIMARY KEY (match_id, seat)
) WITHOUT ROWID;

-- Votes of the other players on a seat whose time ran out; a vote belongs to one turn (its 'since').
CREATE TABLE timeout_votes (
    match_id   INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seat       INTEGER NOT NULL CHECK (seat >= 0),
    since      TEXT    NOT NULL,
    voter      INTEGER NOT NULL CHECK (voter >= 0),
    choice     TEXT    NOT NULL CHECK (choice IN ('wait', 'move', 'forfeit')),
    created_at TEXT    NOT NULL,
    PRIMARY KEY (match_id, seat, since, voter)
) WITHOUT ROWID;

-- Declared absences: deadlines of the user's turns pause while one runs.
CREATE TABLE vacations (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id     INTEGER NOT NULL,
    starts_at   TEXT    NOT NULL,
    ends_at     TEXT    NOT NULL CHECK (ends_at > starts_at),
    declared_at TEXT    NOT NULL
);

CREATE INDEX vacations_by_user ON vacations (user_id, starts_at);

-- A pending request to take back the requester's last decision; it lapses when the match moves on.
CREATE TABLE undo_requests (
    match_id   INTEGER PRIMARY KEY REFERENCES matches (id) ON DELETE CASCADE,
    seat       INTEGER NOT NULL CHECK (seat >= 0),
    version    INTEGER NOT NULL CHECK (version >= 0),
    target_ply INTEGER NOT NULL CHECK (target_ply >= 1),
    accepted   TEXT    NOT NULL DEFAULT '[]' CHECK (json_valid(accepted)),
    created_at TEXT    NOT NULL
);

-- How a player wants to be pinged in one match: 'all' (the default), 'turn' (only when it is their
-- turn) or 'off'.
CREATE TABLE match_prefs (
    match_id INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    user_id  INTEGER NOT NULL,
    pings    TEXT    NOT NULL CHECK (pings IN ('all', 'turn', 'off')),
    PRIMARY KEY (match_id, user_id)
) WITHOUT ROWID;
