-- Reason: a snapshot is trusted only when its digest (game, options, version and text) matches, and the last board announced per match is recorded, so a change committed just before a crash is announced after the restart.

ALTER TABLE matches ADD COLUMN state_digest TEXT;

ALTER TABLE matches ADD COLUMN announced_version BIGINT;

UPDATE matches SET announced_version = version;
