-- Reason: one table for every kind of consent (issue 40, item 3): draw and rematch offers, undo and replacement requests and pace switches were five tables of one shape, so a new kind of question meant a new table, a new migration and a new entry in the copy; now it is a new value of proposals.kind. Every pending proposal is kept.

-- At most one pending proposal per match and kind ('draw', 'rematch', 'undo', 'replace', 'pace'; the
-- application names the kinds, so a new one needs no migration). seat = the proposing seat (for a replacement,
-- the seat asked for); version = the match version it was made at, which the answer buttons carry to name it;
-- detail = the one number a kind adds, NULL when it adds none: the ply an undo takes back, the candidate's user
-- id for a replacement, the seconds a turn would get after a pace switch (0: no deadline).
CREATE TABLE proposals (
    match_id   INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    kind       TEXT    NOT NULL CHECK (kind <> ''),
    seat       INTEGER NOT NULL CHECK (seat >= 0),
    version    INTEGER NOT NULL CHECK (version >= 0),
    detail     INTEGER,
    -- Seats that have accepted so far, as a JSON array.
    accepted   TEXT    NOT NULL DEFAULT '[]' CHECK (json_valid(accepted)),
    created_at TEXT    NOT NULL,
    PRIMARY KEY (match_id, kind)
) WITHOUT ROWID;

INSERT INTO proposals (match_id, kind, seat, version, detail, accepted, created_at)
    SELECT match_id, 'draw', seat, version, NULL, accepted, created_at FROM draw_offers;

INSERT INTO proposals (match_id, kind, seat, version, detail, accepted, created_at)
    SELECT match_id, 'rematch', seat, version, NULL, accepted, created_at FROM rematch_offers;

INSERT INTO proposals (match_id, kind, seat, version, detail, accepted, created_at)
    SELECT match_id, 'undo', seat, version, target_ply, accepted, created_at FROM undo_requests;

INSERT INTO proposals (match_id, kind, seat, version, detail, accepted, created_at)
    SELECT match_id, 'replace', seat, version, user_id, accepted, created_at FROM replace_requests;

INSERT INTO proposals (match_id, kind, seat, version, detail, accepted, created_at)
    SELECT match_id, 'pace', seat, version, turn_limit, accepted, created_at FROM pace_offers;

DROP TABLE draw_offers;

DROP TABLE rematch_offers;

DROP TABLE undo_requests;

DROP TABLE replace_requests;

DROP TABLE pace_offers;
