-- Reason: timed rounds for club evenings (issue 28): a round may last a set number of minutes; its end and whether the ten-minute warning went out are kept with the event, so a restart keeps both.

-- round_minutes: how long each round lasts (NULL: until every game ends); round_ends_at: when the round being
-- played ends (NULL: no end set); round_warned: 1 once its games were warned that the end is near.
ALTER TABLE events ADD COLUMN round_minutes INTEGER CHECK (round_minutes IS NULL OR round_minutes > 0);
ALTER TABLE events ADD COLUMN round_ends_at TEXT;
ALTER TABLE events ADD COLUMN round_warned INTEGER NOT NULL DEFAULT 0 CHECK (round_warned IN (0, 1));
