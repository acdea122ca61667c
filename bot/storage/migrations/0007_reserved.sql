-- Reason: placeholder for migration 0007, reserved for another branch (hard); the integrator deletes this file when that branch's 0007 is merged.

CREATE TABLE reserved_0007 (id INTEGER PRIMARY KEY);
