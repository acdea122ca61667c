-- Reason: association events (tournaments): events with their players, the games of each round (pairings, tables and byes, each linked to its match and its counted result), a log of organiser actions, and a per-server organiser role.

-- One event of one game and rule set, run from the server channel where it was created; each game of a round
-- is played in its own thread of that channel. 'current_round' is the last round paired (0 before the first);
-- 'closed_round' the last round whose every result is in and whose standings were posted: a round is closed
-- exactly once, which is what makes "post the standings, then maybe start the next round" happen once.
CREATE TABLE events (
    id                INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id          INTEGER NOT NULL,
    channel_id        INTEGER NOT NULL,
    name              TEXT    NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
    game              TEXT    NOT NULL,
    options           TEXT    NOT NULL DEFAULT '{}' CHECK (json_valid(options)),
    format            TEXT    NOT NULL CHECK (format IN ('swiss', 'round_robin', 'tables')),
    rounds            INTEGER NOT NULL CHECK (rounds >= 1),
    turn_limit        INTEGER CHECK (turn_limit IS NULL OR turn_limit > 0),
    on_timeout        TEXT    NOT NULL DEFAULT 'forfeit' CHECK (on_timeout IN ('vote', 'move', 'forfeit')),
    auto_advance      INTEGER NOT NULL DEFAULT 0 CHECK (auto_advance IN (0, 1)),
    rated             INTEGER NOT NULL DEFAULT 1 CHECK (rated IN (0, 1)),
    organiser_id      INTEGER NOT NULL,
    status            TEXT    NOT NULL CHECK (status IN ('signup', 'running', 'finished', 'cancelled')),
    current_round     INTEGER NOT NULL DEFAULT 0 CHECK (current_round >= 0),
    closed_round      INTEGER NOT NULL DEFAULT 0 CHECK (closed_round >= 0 AND closed_round <= current_round),
    signup_message_id INTEGER,
    created_at        TEXT    NOT NULL,
    updated_at        TEXT    NOT NULL
);

CREATE INDEX events_by_guild ON events (guild_id, id);

CREATE INDEX events_by_channel ON events (channel_id, id);

-- The players of an event. 'seed' is the seeding order (0 = strongest): the signing-up order until the event
-- starts, then rewritten by rating. A withdrawn player keeps the row (and their results) with the round
-- after which they stopped: they are not paired or seated in any later round.
CREATE TABLE event_players (
    event_id        INTEGER NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    user_id         INTEGER NOT NULL,
    seed            INTEGER NOT NULL CHECK (seed >= 0),
    joined_at       TEXT    NOT NULL,
    withdrawn_after INTEGER CHECK (withdrawn_after IS NULL OR withdrawn_after >= 0),
    PRIMARY KEY (event_id, user_id)
) WITHOUT ROWID;

-- One game of a round: a pairing or a table ('players' in seat order, a JSON array of user ids) or a bye (one
-- player, no match). 'result' is the result that counts for the standings, as JSON: {"score": "1-0"} read
-- from the first player's side, {"bye": true}, {"places": [...], "scores": [...]} for a table, or
-- {"void": true} for a table that counts for nobody; NULL while the game is being played. 'replaced' marks
-- a result an organiser set: the match's own ending no longer changes it.
CREATE TABLE event_games (
    event_id  INTEGER NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    round     INTEGER NOT NULL CHECK (round >= 1),
    board     INTEGER NOT NULL CHECK (board >= 1),
    players   TEXT    NOT NULL CHECK (json_valid(players)),
    match_id  INTEGER REFERENCES matches (id),
    thread_id INTEGER,
    result    TEXT    CHECK (result IS NULL OR json_valid(result)),
    replaced  INTEGER NOT NULL DEFAULT 0 CHECK (replaced IN (0, 1)),
    PRIMARY KEY (event_id, round, board)
) WITHOUT ROWID;

-- A finished match finds its event game in one lookup; a match belongs to at most one game.
CREATE UNIQUE INDEX event_games_by_match ON event_games (match_id) WHERE match_id IS NOT NULL;

-- What happened to an event, for the association's records: organiser actions (start, rounds, withdrawals,
-- replaced results, cancellation) and what the bot decided on its own (forfeits, byes). actor_id NULL: the bot.
CREATE TABLE event_log (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    event_id   INTEGER NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    actor_id   INTEGER,
    action     TEXT    NOT NULL,
    details    TEXT    NOT NULL DEFAULT '{}' CHECK (json_valid(details)),
    created_at TEXT    NOT NULL
);

CREATE INDEX event_log_by_event ON event_log (event_id, id);

-- Per server: the role whose members may organise events, besides those who can manage the server.
CREATE TABLE event_settings (
    guild_id          INTEGER PRIMARY KEY,
    organiser_role_id INTEGER,
    updated_at        TEXT    NOT NULL
);
