"""The story a turn post tells: what happened since the post before it (the turn before), in a few lines a
phone shows at once.

Pure: from the lines :func:`bot.app.telling.narration.told` gives for the log entries of the story. The full detail
stays in ``/game history``; a turn post shortens it:

- a run of passes (rolls nobody could play) is one line: "3 passes in a row: bob rolled 0 twice, alice
  rolled 0";
- games that record their steps as events tell them their own short way (Ursuppe: one line per player and
  the start order as a result, :attr:`bot.app.telling.game_words.GameWords.summary`);
- moves the match played by itself say so (see :func:`bot.app.telling.narration.told`);
- beyond :data:`STORY_LINES` lines, the oldest are summed up in one line that points to ``/game history``;
- with three players or more the story is told to the pinged player: a first line addresses them ("alice,
  just before your turn:"), and under it the game's words may call their pieces theirs ("attacked your
  amoeba 3"). The post is public, but so addressed its "your" is nobody else's; a post with two players
  names both, as before.

Which entries a post tells is the turn post's choice (:mod:`bot.shell.play.turn_views` and
:mod:`bot.shell.play.publish`): with any number of players each entry once across the posts of a match, so
that a thread read from the top tells each event once (issue 39: six players read the same line in up to five
posts when each post went back to its player's own last decision).
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.app.i18n import has, t, tn
from bot.app.matches import LogEntry, Match
from bot.app.telling.game_words import words_for
from bot.app.telling.narration import Told, told
from games.base import GameState, Seat

STORY_LINES = 6
"""Lines of story in one turn post at most (the count of older ones included)."""


def story(
    match: Match,
    previous: GameState | None,
    entries: Sequence[LogEntry],
    names: Sequence[str],
    lang: str,
    *,
    limit: int = STORY_LINES,
    you: Seat | None = None,
) -> list[str]:
    """The story of ``entries`` (played from ``previous``) as a turn post tells it, in ``lang``.

    Told to seat ``you`` (the player a post is addressed to, with three players or more): when others played
    in it, it opens with a line to that player ("alice, just before your turn:"), so that the lines under it
    may call their pieces "yours" where the game's words do (Ursuppe: "attacked your amoeba 3"). A public
    post reads well that way for everyone: the address says whose "your" it is."""
    items = told(match, previous, entries, names, lang, event_limit=None)
    lines = shortened(match, items, names, lang, you)
    if you is None or not any(item.seat not in (None, you) for item in items) or not lines:
        return capped(lines, limit, lang)
    address = t(lang, "story.before_yours", name=f"**{names[you] if 0 <= you < len(names) else '?'}**")
    return [address, *capped(lines, max(limit - 1, 1), lang)]


def shortened(
    match: Match, items: Sequence[Told], names: Sequence[str], lang: str, you: Seat | None = None
) -> list[str]:
    """The lines of ``items`` with each run of passes in one line and events told the game's short way (to
    seat ``you`` when given: see :func:`story`)."""
    words = words_for(match.game.id)
    out: list[str] = []
    i = 0
    while i < len(items):
        j = i + 1
        if items[i].passed is not None:
            while j < len(items) and items[j].passed is not None:
                j += 1
            out.append(passes_line(items[i:j], names, lang))
        elif items[i].event is not None:
            while j < len(items) and items[j].event is not None:
                j += 1
            summary = words.summary([item.event for item in items[i:j]], names, lang, you)
            out += summary if summary is not None else [item.text for item in items[i:j]]
        else:
            out.append(items[i].text)
        i = j
    return [line for line in out if line]


def passes_line(run: Sequence[Told], names: Sequence[str], lang: str) -> str:
    """A run of passes in one line: who rolled what, how many times."""
    if len(run) == 1:
        return run[0].text
    rolls: dict[int | None, list[str]] = {}
    for item in run:
        rolls.setdefault(item.seat, []).append(item.passed or "")
    parts = []
    for seat, values in rolls.items():
        name = names[seat] if seat is not None and 0 <= seat < len(names) else "?"
        if len(values) == 1:
            parts.append(t(lang, "story.rolled", name=name, roll=values[0]))
        elif len(set(values)) == 1:
            parts.append(t(lang, "story.rolled_times", name=name, roll=values[0], times=times(lang, len(values))))
        else:
            parts.append(t(lang, "story.rolled_each", name=name, rolls=joined(lang, [f"**{v}**" for v in values])))
    if len(rolls) == 1:
        return t(lang, "story.passes_one", part=parts[0])
    return t(lang, "story.passes", count=len(run), parts=", ".join(parts))


def times(lang: str, count: int) -> str:
    """``twice``, ``three times``… in ``lang``."""
    key = f"story.times.{count}"
    return t(lang, key) if has(lang, key) else t(lang, "story.times", count=count)


def joined(lang: str, items: Sequence[str]) -> str:
    """``a, b and c`` in ``lang``."""
    if len(items) < 2:
        return "".join(items)
    return ", ".join(items[:-1]) + t(lang, "words.and") + items[-1]


def capped(lines: Sequence[str], limit: int, lang: str) -> list[str]:
    """``lines`` with at most ``limit`` of them: the most recent, after one line counting the older ones."""
    if len(lines) <= limit:
        return list(lines)
    kept = max(limit - 1, 1)
    return [tn(lang, "story.more", len(lines) - kept), *lines[-kept:]]
