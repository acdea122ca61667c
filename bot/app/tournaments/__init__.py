"""Pure logic of the association's events: ratings, pairings and standings.

Nothing here touches Discord, storage or the clock: every function is deterministic in its
arguments, so the bot can recompute any leaderboard, round or table from what it has stored.
Players are opaque hashable ids (the bot uses Discord user ids).
"""

from __future__ import annotations
