-- Reason: organiser's tools from a phone (issue 28): a check-in before round 1 (its opening and who checked in) and late entry after the start (the first round a late player is paired in, and what each missed round counts).

-- checkin_opened_at: when the organiser opened check-in (NULL: no check-in; the first round pairs everyone).
ALTER TABLE events ADD COLUMN checkin_opened_at TEXT;

-- checked_in_at: when the player tapped "I'm here" (NULL: not checked in). entry_round: the first round the
-- player may be paired in (1, or the round after the last one paired when an organiser admitted them late);
-- missed_half: 1 when each round before entry_round counts half a win, 0 when it counts nothing.
ALTER TABLE event_players ADD COLUMN checked_in_at TEXT;
ALTER TABLE event_players ADD COLUMN entry_round INTEGER NOT NULL DEFAULT 1 CHECK (entry_round >= 1);
ALTER TABLE event_players ADD COLUMN missed_half INTEGER NOT NULL DEFAULT 0 CHECK (missed_half IN (0, 1));
