-- Reason: the turn being played is kept with the match and advanced by each save, so publishing numbers a turn without replaying the whole move log (issue 25, item 5).

-- turn: the number of the turn being played, as bot.app.turns counts it (0 before the first seat acts);
-- turn_seats: the seats playing it, comma-separated (empty when none). Both NULL for a match saved before
-- this migration: its next save counts them once from its log. INT4: PostgreSQL created turn as a 4-byte
-- integer (see bot/app/storage/sql_dialects.py).
ALTER TABLE matches ADD COLUMN turn INT4 CHECK (turn >= 0);
ALTER TABLE matches ADD COLUMN turn_seats TEXT;
