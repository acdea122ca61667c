-- Reason: placeholder for the migration the plans branch adds (issue 36); it lets the orders branch run its 0026 before that branch lands. Delete this file when merging: the real 0025 replaces it.

SELECT 1;
