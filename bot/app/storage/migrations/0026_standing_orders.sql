-- Reason: standing orders with auto-stop (issue 36, item 3): a member's routine choices for one match (drift with
-- the current, the usual meal, no gene unless one of a few is on offer, end the bonus phase …), with "but ask me
-- if …" stops, kept across restarts and read by the order stand-in inside the transaction of each change.

-- One row per member and match; orders = the application's compact text of the member's orders (each kind at
-- most once, checked against the game's book when set and again before a move is played). No row: no order.
-- Only the member reads it: no text of another member is ever made from it.
CREATE TABLE standing_orders (
    match_id   INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    user_id    INTEGER NOT NULL,
    orders     TEXT    NOT NULL CHECK (orders <> '' AND length(orders) <= 600),
    updated_at TEXT    NOT NULL,
    PRIMARY KEY (match_id, user_id)
) WITHOUT ROWID;
