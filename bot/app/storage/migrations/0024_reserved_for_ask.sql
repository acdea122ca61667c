-- Reason: placeholder for the migration the ask branch adds (issue 36); it lets the orders branch run its 0026 before that branch lands. Delete this file when merging: the real 0024 replaces it.

SELECT 1;
