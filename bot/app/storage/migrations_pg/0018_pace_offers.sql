-- Reason: the pace switch by consent (issue 28): a player asks to change a match's turn limit (live minutes to play by post, or back), the others accept; the log kind 'pace' records when and to what it changed.

-- PostgreSQL alters a CHECK in place (SQLite had to rebuild the table).
ALTER TABLE moves DROP CONSTRAINT moves_kind;
ALTER TABLE moves ADD CONSTRAINT moves_kind
    CHECK (kind IN ('move', 'chance', 'resign', 'abort', 'draw', 'undo', 'auto', 'forfeit', 'replace', 'pace'));

CREATE TABLE pace_offers (
    match_id   BIGINT PRIMARY KEY REFERENCES matches (id) ON DELETE CASCADE,
    seat       BIGINT NOT NULL CHECK (seat >= 0),
    version    BIGINT NOT NULL CHECK (version >= 0),
    turn_limit BIGINT NOT NULL CHECK (turn_limit >= 0),
    accepted   TEXT   NOT NULL DEFAULT '[]' CHECK (json_valid(accepted)),
    created_at TEXT   NOT NULL
);
