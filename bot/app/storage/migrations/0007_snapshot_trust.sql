-- Reason: a snapshot is trusted only when its digest (game, options, version and text) matches, and the last board announced per match is recorded, so a change committed just before a crash is announced after the restart.

-- state_digest: hex SHA-256 written with every snapshot; NULL (rows from before this migration) means "rebuild
-- once from the log".
ALTER TABLE matches ADD COLUMN state_digest TEXT;

-- announced_version: the match version whose board was last posted; NULL counts as 0.
ALTER TABLE matches ADD COLUMN announced_version INTEGER;

-- Everything that exists already was announced when it happened.
UPDATE matches SET announced_version = version;
