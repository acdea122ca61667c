-- Reason: placeholder for the ask branch's migration 0024 (issue 36), so that 0025 runs on the plans branch; the lead replaces it with ask's at merge.

SELECT 1;
