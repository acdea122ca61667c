-- Reason: a finished match keeps the version of the judge its chances were charted with (issue 35, item 3), so a review by a later judge is marked as judged afresh; a fixed date could not tell a refitted judge from the one before.

-- judge_version: the version of the game's judge (games.ai.judge: a short digest of its fitted parameters,
-- or the baseline's name) when the match finished; NULL for a match not finished, or finished before this
-- migration (its chart was drawn by the judge of that time, whichever it was).
ALTER TABLE matches ADD COLUMN judge_version TEXT;
