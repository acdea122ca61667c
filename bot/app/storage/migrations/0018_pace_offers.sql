-- Reason: the pace switch by consent (issue 28): a player asks to change a match's turn limit (live minutes to play by post, or back), the others accept; the log kind 'pace' records when and to what it changed.

-- The log gains the entry kind 'pace' (the match's turn limit changed; notation 'pace:<seconds>' or
-- 'pace:none'; seat = the seat that asked, NULL when an event's organiser switched it). SQLite cannot alter
-- a CHECK, so the moves table is rebuilt with the same rows, key, index and trigger.
-- @log-kinds 'move', 'chance', 'resign', 'abort', 'draw', 'undo', 'auto', 'forfeit', 'replace', 'pace'

-- At most one pending pace switch per match. seat = the asking seat; version = the match version it was
-- asked at (it names the offer on the answer buttons); turn_limit = the seconds a turn would get, 0 for no
-- deadline at all. It holds while play goes on, until a member declines, every member playing has accepted,
-- or the match ends.
CREATE TABLE pace_offers (
    match_id   INTEGER PRIMARY KEY REFERENCES matches (id) ON DELETE CASCADE,
    seat       INTEGER NOT NULL CHECK (seat >= 0),
    version    INTEGER NOT NULL CHECK (version >= 0),
    turn_limit INTEGER NOT NULL CHECK (turn_limit >= 0),
    -- Seats that have accepted so far, as a JSON array (the asking seat included).
    accepted   TEXT    NOT NULL DEFAULT '[]' CHECK (json_valid(accepted)),
    created_at TEXT    NOT NULL
);
