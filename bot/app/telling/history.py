"""``/game history`` in sentences: one line per turn saying who did what, pages filled in order.

Pure: from a match, its full log and the players' names. Rolls are folded into the moves they were played
with; moves taken back by an undo stay, struck through.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.app.i18n import t
from bot.app.matches import POSITION_KINDS, LogEntry, LogKind, Match, effective
from bot.app.matches.log import automatic, autoplaying
from bot.app.telling.narration import change_line, event_items, names_at, takeover_line
from bot.app.telling.stand_in_words import marked_line, stand_in_line
from bot.app.telling.turns import TurnSpan, turns
from bot.app.telling.words import chance_lines, decision_line
from games import sequence
from games.base import GameState

PAGE_CHARS = 3900
"""Characters of turn lines per page (an embed description holds 4096)."""
LINE_CHARS = 1500
"""A turn told in more characters than this is cut (Ursuppe turns can be long)."""


def turn_lines(
    match: Match, entries: Sequence[LogEntry], names: Sequence[str], lang: str, *, notation: bool = True
) -> list[str]:
    """One line per turn of the full log ``entries``: ``**12.** Ada rolled 2 and played `A4-A2`.`` With
    ``notation``, a turn told by its events ends with its decisions in notation (kept whole when the words
    are cut)."""
    kept = {e.ply for e in effective(entries)}
    lines = []
    for span in turns(match, entries):
        sentences = _sentences(match, span, kept, names, lang)
        if not sentences:
            continue
        line = t(lang, "history.turn", turn=span.number, text=" ".join(sentences))
        tail = _typed(match, span, kept, lang) if notation else ""
        if len(line) + len(tail) > LINE_CHARS:
            line = line[: LINE_CHARS - len(tail) - 1] + "…"
        lines.append(line + tail)
    return lines


def player_turn_lines(match: Match, entries: Sequence[LogEntry], names: Sequence[str], lang: str) -> list[str]:
    """As :func:`turn_lines`, but a turn several players acted in (an Ursuppe round) gives one line per
    player's part, in order, each under the turn's number (``/game status``'s last turns)."""
    kept = {e.ply for e in effective(entries)}
    lines = []
    for span in turns(match, entries):
        for part in _by_player(span):
            sentences = _sentences(match, part, kept, names, lang)
            if sentences:
                line = t(lang, "history.turn", turn=span.number, text=" ".join(sentences))
                lines.append(line if len(line) <= LINE_CHARS else line[: LINE_CHARS - 1] + "…")
    return lines


def _by_player(span: TurnSpan) -> list[TurnSpan]:
    """``span`` cut where the acting seat changes (entries without a seat stay with the part before)."""
    parts: list[TurnSpan] = []
    start, seat = 0, None
    for i, entry in enumerate(span.entries):
        if entry.seat is not None and seat is not None and entry.seat != seat and i > start:
            parts.append(TurnSpan(span.number, span.entries[start:i], span.states[start : i + 1]))
            start = i
        seat = entry.seat if entry.seat is not None else seat
    parts.append(TurnSpan(span.number, span.entries[start:], span.states[start:]))
    return parts


def _sentences(match: Match, span: TurnSpan, kept: set[int], names: Sequence[str], lang: str) -> list[str]:
    told_by_events = hasattr(span.states[0].view_for(None), "events")
    out: list[str] = []
    chance: list[tuple[GameState, GameState, str]] = []
    chance_kept = True

    def say(text: str, still: bool) -> None:
        out.append(text if still else f"~~{text}~~")

    def flush() -> None:
        nonlocal chance_kept
        for line in chance_lines(match.game, chance, names, lang):
            say(line, chance_kept)
        chance.clear()
        chance_kept = True

    everyone = names
    autoplay = autoplaying(match)
    for i, entry in enumerate(span.entries):
        before, after = span.states[i], span.states[i + 1]
        still = entry.ply in kept
        if entry.kind not in POSITION_KINDS:
            flush()
            say(change_line(entry, everyone, lang, match), still or entry.kind is LogKind.UNDO)
            if (taken := takeover_line(match, everyone, entry, lang)) is not None:
                say(taken, still)
            continue
        # A seat that changed hands is named by who played it at this entry.
        names = names_at(match, everyone, entry.ply)
        if told_by_events:
            if entry.kind is LogKind.AUTO:
                say(t(lang, "log.auto", name=_name(names, entry.seat)), still)
            for line, _ in event_items(match, before, after, names, lang, limit=None):
                say(line, still)
            if entry.stand_in is not None:
                say(stand_in_line(lang, entry.stand_in, _name(names, entry.seat)), still)
            continue
        if entry.kind is LogKind.CHANCE:
            chance.append((before, after, entry.notation))
            chance_kept = chance_kept and still
            continue
        flush()
        if entry.seat is None:
            continue
        line = decision_line(match.game, before, after, entry.notation, entry.seat, names, lang)
        if automatic(entry, before, autoplay):
            line = t(lang, "story.automatic", line=line.removesuffix("."))
        elif entry.stand_in is not None:
            line = marked_line(lang, line, entry.stand_in, _name(names, entry.seat))
        if entry.kind is LogKind.AUTO:
            line = f"{t(lang, 'log.auto', name=_name(names, entry.seat))} {line}"
        say(line, still)
    flush()
    return out


def _typed(match: Match, span: TurnSpan, kept: set[int], lang: str) -> str:
    """A turn told by its events (Ursuppe), after its words: its decisions as a member would type them, the
    history's notation column (``· typed: `3 drift; 3 eat ryg```); empty for other games, whose sentences
    name each move already."""
    if not hasattr(span.states[0].view_for(None), "events"):
        return ""
    typed = [match.game.public_notation(e.notation) for e in span.entries if e.kind is LogKind.MOVE and e.ply in kept]
    return " " + t(lang, "history.typed", moves=f"{sequence.SEPARATOR} ".join(typed)) if typed else ""


def _name(names: Sequence[str], seat: int | None) -> str:
    return names[seat] if seat is not None and 0 <= seat < len(names) else "?"


def pages(lines: Sequence[str], budget: int = PAGE_CHARS) -> list[list[str]]:
    """The lines packed in order into pages of at most ``budget`` characters (a page holds at least one)."""
    out: list[list[str]] = [[]]
    size = 0
    for line in lines:
        if out[-1] and size + len(line) + 1 > budget:
            out.append([])
            size = 0
        out[-1].append(line)
        size += len(line) + 1
    return out
