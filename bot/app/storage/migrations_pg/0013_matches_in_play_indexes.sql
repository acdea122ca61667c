-- Reason: the clock's reads (at start-up and every minute) pick the matches in play and the changes never announced through partial indexes, so their work does not grow with the finished matches of a big association.

-- The matches being played: the AI sweep and the turn clocks look them up by id. A finished match leaves
-- the index, so it holds a few hundred rows however many matches were ever played.
CREATE INDEX matches_active ON matches (id) WHERE status = 'active';

-- Changes committed but whose board was never posted, oldest first (MatchService.unannounced): a match
-- is in this index only between a change and its post. The predicate is the store's query's, word for word.
CREATE INDEX matches_unannounced ON matches (updated_at)
    WHERE status IN ('active', 'finished') AND version > coalesce(announced_version, 0);
