"""Bounded replays: the frames of ``/game replay`` thinned to a cap, built once per match version.

A match without a turn cap need not end (an Ultima-Tek match of 6,000 actions gave 6,001 frames, about
84 s of CPU and 460 MB when every frame was drawn). Here the positions are first counted with the engine
alone, then at most :data:`MAX_FRAMES` of them, spread evenly (the first and the last always kept), are
drawn. A log longer than :data:`MAX_ACTIONS` is not replayed at all. Finished animations are kept in a
small in-memory LRU cache keyed by match, version, language and names, and one replay is built at a time.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable, Sequence
from typing import Final

from bot.app.i18n import t, tn
from bot.app.matches import DECISIONS, POSITION_KINDS, LogEntry, Match, MatchError, MatchStatus, effective
from bot.app.telling.stand_in_words import stand_in_short
from bot.app.telling.turns import ply_turns
from render import BoardContext, render_board
from render.replay import Animation, animate, select_frames

MAX_FRAMES: Final = 240
"""Boards drawn for one replay at most; longer matches are thinned evenly."""
MAX_ACTIONS: Final = 20_000
"""Log entries a replay may step through; a longer match is refused (``replay_too_long``)."""
CACHE_SIZE: Final = 8
"""Finished animations kept in memory."""
UPLOAD_LIMIT: Final = 8_000_000
"""Bytes an attachment may weigh on any server (Discord's smallest upload limit, with a margin)."""


def frame_points(match: Match, entries: Sequence[LogEntry]) -> list[int]:
    """Where the replay's frames fall: the index in ``effective(entries)`` after which each frame is taken.

    ``-1`` stands for the opening position. A frame follows each decision once the chance steps after it
    are drawn (one frame per turn). Engine work only, no drawing.

    Raises:
        MatchError: ``replay_too_long`` when the log is longer than :data:`MAX_ACTIONS`.
    """
    kept = effective(entries)
    if len(kept) > MAX_ACTIONS:
        raise MatchError("replay_too_long", max=MAX_ACTIONS)
    state = match.game.new(len(match.seats), match.options)
    points = [-1]
    pending = False
    for index, entry in enumerate(kept):
        if entry.kind not in POSITION_KINDS:
            continue
        state = state.apply(state.parse_move(entry.notation, entry.seat))
        pending = pending or entry.kind in DECISIONS
        if pending and not state.is_chance():
            points.append(index)
            pending = False
    return points


STAND_IN_TURNS: Final = 12
"""Turns with a move played for a member named under a replay at most (the rest counted)."""


def stand_in_caption(match: Match, entries: Sequence[LogEntry], names: Sequence[str], lang: str) -> str | None:
    """The line under a replay naming the turns whose move a stand-in chose for its member ("Played for a
    member: turn 12 (for bob: could not matter), turn 15 (alice's plan)"), or None when the members chose every
    move. The frames show the moves as any other: the line says which were not the member's own choice."""
    played = [e for e in effective(entries) if e.stand_in is not None and e.seat is not None]
    if not played:
        return None
    turns = ply_turns(match, entries)
    items = []
    for entry in played[:STAND_IN_TURNS]:
        seat, stand_in = entry.seat or 0, entry.stand_in or ""
        why = stand_in_short(lang, stand_in, names[seat] if 0 <= seat < len(names) else "?")
        items.append(t(lang, "standin.replay.item", turn=turns.get(entry.ply, "?"), why=why))
    more = len(played) - len(items)
    text = ", ".join(items) + (tn(lang, "standin.replay.more", more) if more else "")
    return t(lang, "standin.replay", items=text)


def build(match: Match, entries: Sequence[LogEntry], names: tuple[str, ...], lang: str) -> Animation:
    """Draw the (thinned) public frames of a match and join them (runs in a worker thread).

    Raises:
        MatchError: ``replay_too_long``.
    """
    points = frame_points(match, entries)
    chosen = {points[i] for i in select_frames(len(points), min(len(points), MAX_FRAMES))}
    kept = effective(entries)
    state = match.game.new(len(match.seats), match.options)
    frames = [render_board(match.game.id, state.view_for(None), BoardContext(names, lang=lang))]
    last: tuple[str | None, int | None] = (None, None)
    for index, entry in enumerate(kept):
        if index > points[-1]:
            break
        if entry.kind not in POSITION_KINDS:
            continue
        state = state.apply(state.parse_move(entry.notation, entry.seat))
        if entry.kind in DECISIONS:
            last = (match.game.public_notation(entry.notation), entry.seat)

        if index in chosen:
            ctx = BoardContext(names, last_move=last[0], last_mover=last[1], lang=lang)
            frames.append(render_board(match.game.id, state.view_for(None), ctx))
    if match.status is not MatchStatus.ACTIVE and len(frames) > 1:
        # The finished board once more: a pause on the result before the animation loops. A match won off the
        # board (resignation, time) is drawn again naming its winner, as its last turn post does.
        result = match.won_off_the_board()
        if result is None:
            frames.append(frames[-1])
        else:
            ctx = BoardContext(names, last_move=last[0], last_mover=last[1], lang=lang, result=result)
            frames.append(render_board(match.game.id, state.view_for(None), ctx))
    return animate(frames, max_bytes=UPLOAD_LIMIT)


class ReplayCache:
    """The last :data:`CACHE_SIZE` animations, and the one replay being built (one at a time: rendering is
    the heaviest work the bot does)."""

    def __init__(self, size: int = CACHE_SIZE) -> None:
        self._size = size
        self._done: OrderedDict[Hashable, Animation] = OrderedDict()
        self.building: int | None = None
        """The match whose replay is being built, if any."""

    @staticmethod
    def key(match: Match, names: Sequence[str], lang: str) -> Hashable:
        """What a replay depends on: the match and its version, the names shown and the language."""
        return (match.id, match.version, tuple(names), lang)

    def get(self, key: Hashable) -> Animation | None:
        """A cached animation (now the most recently used), or None."""
        found = self._done.get(key)
        if found is not None:
            self._done.move_to_end(key)
        return found

    def put(self, key: Hashable, animation: Animation) -> None:
        """Keep ``animation``, dropping the least recently used beyond the cache size."""
        self._done[key] = animation
        self._done.move_to_end(key)
        while len(self._done) > self._size:
            self._done.popitem(last=False)

    def claim(self, match_id: int) -> None:
        """Start building a replay of ``match_id``.

        Raises:
            MatchError: ``replay_busy`` while another replay is being built.
        """
        if self.building is not None:
            raise MatchError("replay_busy")
        self.building = match_id

    def release(self) -> None:
        """The replay being built is done (or failed)."""
        self.building = None
