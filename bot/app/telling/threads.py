"""Threads of matches: their names, and the answer a parent channel gives about the matches in its threads."""

from __future__ import annotations

from collections.abc import Sequence

from bot.app.matches import Match, MatchStatus

THREAD_NAME_LIMIT = 100
"""Discord's limit on a channel or thread name."""
SEPARATOR = " · "


def thread_name(game: str, names: Sequence[str], limit: int = THREAD_NAME_LIMIT) -> str:
    """``alice vs bob · Royal Game of Ur — Variante 2``: the players first (``vs`` for two, commas for more),
    then the game with its rule set, shortened to ``limit`` characters: long player names are cut first, then the
    game's name. The players come first because a phone's channel list shows only the start of a name."""

    def players(cut: int | None) -> str:
        shown = [n if cut is None or len(n) <= cut else n[: max(cut - 1, 1)] + "…" for n in names]
        return " vs ".join(shown) if len(shown) == 2 else ", ".join(shown)

    for cut in (None, 24, 16, 10, 6, 3):
        text = f"{players(cut)}{SEPARATOR}{game}" if names else game
        if len(text) <= limit:
            return text
    head = players(3) + SEPARATOR
    room = max(limit - len(head), 8)
    tail = game if len(game) <= room else game[: room - 1] + "…"
    return (head + tail)[:limit]


def is_match_thread_name(name: str, game: str) -> bool:
    """True when a thread's ``name`` was given by :func:`thread_name` for ``game`` (not, say, by an event); also
    the names given before the players came first (``game · players``), for threads opened then."""
    if name == game or name.endswith(SEPARATOR + game) or name.startswith(game + SEPARATOR):
        return True
    tail = name.rsplit(SEPARATOR, 1)[-1] if SEPARATOR in name else ""
    return tail.endswith("…") and game.startswith(tail[:-1])


def order_for(matches: Sequence[Match], user_id: int) -> list[Match]:
    """Matches listed for ``user_id``: theirs first (those awaiting them before the others), then the rest."""

    def key(match: Match) -> tuple[bool, bool, int]:
        seated = user_id in match.seats
        awaited = match.status is MatchStatus.ACTIVE and user_id in match.to_act()
        return (not seated, not awaited, match.id)

    return sorted(matches, key=key)
