-- Reason: local placeholder, never committed
SELECT 1;
