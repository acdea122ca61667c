"""Which process edits a member's desk: the one running the shard that owns direct messages.

Discord delivers a bot's direct-message events on shard 0 only, and Plateau already gives the matches of direct
messages to shard 0 (:meth:`bot.app.config.Config.owns` with no server). The desk is a direct message, so shard
0's process keeps the queue and sends every edit; a process running other shards records which members' desks a
change concerns (the ``desk_marks`` table) and shard 0's process reads them on its next pass. REST calls are not
tied to shards (one global rate limit per bot), so gathering the edits in one process costs no throughput.
"""

from __future__ import annotations


def desk_shard(user_id: int, shard_count: int | None) -> int:
    """The shard whose process edits ``user_id``'s desk (0 for every member: see the module docstring)."""
    del user_id, shard_count  # a direct message belongs to no server, so to shard 0 whatever the member
    return 0


def edits_desks(shard_ids: tuple[int, ...] | None, shard_count: int | None) -> bool:
    """True when a process running ``shard_ids`` (None: every shard, or no sharding) edits the desks."""
    if shard_count is None or shard_ids is None:
        return True
    return desk_shard(0, shard_count) in shard_ids
