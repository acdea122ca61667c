-- Reason: results of games played on the club's physical boards (issue 28): an event (or one of its games) may be
-- played on a physical board, with no online match; a player reports the result, the others confirm it.

-- events.physical: 1 when every game of the event is played on a physical board. event_games.physical: 1 when
-- this game is (the event's option, or an organiser's choice for one table). event_games.report: the result a
-- player reported and is waiting for the others' confirmation (JSON: by, result, confirmed, disputed_by).
ALTER TABLE events ADD COLUMN physical BIGINT NOT NULL DEFAULT 0 CHECK (physical IN (0, 1));
ALTER TABLE event_games ADD COLUMN physical BIGINT NOT NULL DEFAULT 0 CHECK (physical IN (0, 1));
ALTER TABLE event_games ADD COLUMN report TEXT;
