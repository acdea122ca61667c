-- Reason: local placeholder (not committed) for another developer's number
SELECT 1;
