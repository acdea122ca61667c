"""Turn reports in words: what was played, what the dice said, who must act now.

Works from the log entries a change appended, stepping through them from the state before the change,
so the text always matches the log.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from bot.app.i18n import has, t, tn
from bot.app.matches import POSITION_KINDS, LogEntry, LogKind, Match, MatchStatus, pace_limit
from bot.app.matches.log import automatic, autoplaying
from bot.app.seats.ai import seat_ai_name
from bot.app.telling.game_words import words_for
from bot.app.telling.pace_words import pace_text
from bot.app.telling.stand_in_words import marked_line, stand_in_line
from bot.app.telling.words import chance_lines, decision_line
from games.base import GameState, Outcome, Termination

MAX_EVENT_LINES = 12
"""Events told in one board message; older ones are summed up in a count (the image shows the last ones)."""


TAKEOVER_ARROW = " → "
"""Joins a member's name and the AI's in the name of a seat the AI took over (``alice → Plateau (normal)``)."""


def member_name(name: str) -> str:
    """The first member's part of a seat's name (the whole name unless the seat changed hands)."""
    return name.split(TAKEOVER_ARROW, 1)[0]


def holder_at(match: Match, names: Sequence[str], seat: int, ply: int) -> str:
    """The name of who played ``seat`` at log entry ``ply``: a seat that changed hands is named by all its
    players joined with :data:`TAKEOVER_ARROW` (``alice → Plateau (normal) → erin``), one per stint."""
    if not 0 <= seat < len(names):
        return "?"
    stints = match.stints(seat) if seat < len(match.seats) else ()
    parts = names[seat].split(TAKEOVER_ARROW)
    if len(stints) < 2 or len(parts) != len(stints):
        return names[seat]
    return parts[max(i for i, stint in enumerate(stints) if stint.from_ply <= ply)]


def names_at(match: Match, names: Sequence[str], ply: int) -> list[str]:
    """Each seat's name as it was at log entry ``ply`` (see :func:`holder_at`)."""
    return [holder_at(match, names, seat, ply) for seat in range(len(names))]


def take_seat_label(match: Match, names: Sequence[str], seat: int, lang: str) -> str:
    """The label of the button that offers to take over ``seat`` from the AI: it names the member who left."""
    parts = names[seat].split(TAKEOVER_ARROW) if 0 <= seat < len(names) else []
    member = parts[-2] if len(parts) >= 2 else member_name(names[seat]) if parts else "?"
    return t(lang, "button.take_seat", seat=seat + 1, name=member)[:80]


def takeover_lines(
    match: Match, names: Sequence[str], lang: str, turn_of: Callable[[int], int] | None = None
) -> list[str]:
    """Who played which turns of the seats that changed hands (for the result).

    ``turn_of`` gives the turn number of a log ply (as the turn posts and the history count); without it,
    plies are given.
    """
    number = turn_of or (lambda ply: ply)
    lines = []
    for seat in range(len(match.seats)):
        stints = match.stints(seat)
        parts = names[seat].split(TAKEOVER_ARROW) if seat < len(names) else []
        if len(stints) < 2 or len(parts) != len(stints):
            continue
        if len(stints) == 2 and stints[1].user_id is None:
            lines.append(t(lang, "result.ai_turns", name=parts[0], turn=number(stints[1].from_ply - 1), ai=parts[1]))
            continue
        story = [t(lang, "result.stint_first", name=parts[0], turn=number(stints[1].from_ply - 1))]
        story += [
            t(lang, "result.stint_from", name=part, turn=number(stint.from_ply))
            for part, stint in zip(parts[1:], stints[1:], strict=True)
        ]
        lines.append(t(lang, "result.stints", seat=seat + 1, story=", ".join(story)))
    return lines


@dataclass(frozen=True, slots=True)
class Told:
    """One line of what happened, with what a story needs to shorten it (see :mod:`bot.app.telling.story`)."""

    text: str
    seat: int | None = None
    """The seat the line is about, when one."""
    passed: str | None = None
    """A pass: what ``seat`` rolled, nobody able to play it (a run of passes is told in one line)."""
    event: Any = None
    """The game event the line tells (games that record their steps as events), for the game's summary."""


def narrate(
    match: Match, previous: GameState | None, entries: Sequence[LogEntry], names: Sequence[str], lang: str
) -> list[str]:
    """What the log entries of one change did, in words and in ``lang``, in the order they happened.

    Rolls are folded into the move they were played with ("rolled 2 and played A4 → A2"); a roll with no
    move says so; games that record their own steps as events (Ursuppe) are told by those events. A move
    with words is told in words alone: its notation is for ``/game history`` and typing, not for a post.
    """
    return [line.text for line in told(match, previous, entries, names, lang)]


def told(
    match: Match,
    previous: GameState | None,
    entries: Sequence[LogEntry],
    names: Sequence[str],
    lang: str,
    *,
    event_limit: int | None = MAX_EVENT_LINES,
) -> list[Told]:
    """:func:`narrate`'s lines with their seat, passes and events marked; moves the match played by itself
    (the only legal one, option ``autoplay``) say so. Events are told where they happened among the
    entries (before a resignation that came after them, say)."""
    lines: list[Told] = []
    state = previous
    told_by_events = previous is not None and hasattr(previous.view_for(None), "events")
    chance: list[tuple[GameState, GameState, str]] = []
    words = words_for(match.game.id)
    autoplay = autoplaying(match)
    events_from = previous

    def flush() -> None:
        lines.extend(Told(line) for line in chance_lines(match.game, chance, names, lang))
        chance.clear()

    def flush_events(ply: int) -> None:
        nonlocal events_from
        if told_by_events and events_from is not None and state is not None and state is not events_from:
            named = names_at(match, names, ply)
            lines.extend(
                Told(text, getattr(event, "seat", None), event=event)
                for text, event in event_items(match, events_from, state, named, lang, limit=event_limit)
            )
            events_from = state

    note: Told | None = None
    for entry in entries:
        if entry.kind not in POSITION_KINDS:
            flush()
            flush_events(entry.ply)
            lines.append(Told(change_line(entry, names, lang, match), entry.seat))
            taken = (
                takeover_line(match, names, entry, lang) if entry.kind in (LogKind.RESIGN, LogKind.FORFEIT) else None
            )
            if taken is not None:
                lines.append(Told(taken, entry.seat))
            if entry.kind is LogKind.UNDO:
                state = None  # the position jumped back; later entries of this change (none today) can't be told
            continue
        if state is None:
            continue
        after = state.apply(state.parse_move(entry.notation))
        if entry.kind is LogKind.CHANCE:
            if not told_by_events:
                kind, _, value = match.game.public_notation(entry.notation).partition(":")
                passing = words.passed(state, after, kind, value)
                if passing is None:
                    chance.append((state, after, entry.notation))
                else:
                    flush()
                    (line,) = chance_lines(match.game, [(state, after, entry.notation)], names, lang) or [""]
                    lines.append(Told(line, passing[0], passed=passing[1]))
        elif entry.seat is not None:
            flush()
            who = holder_at(match, names, entry.seat, entry.ply)
            auto = t(lang, "log.auto", name=who) if entry.kind is LogKind.AUTO else ""
            if told_by_events:
                # The game's own events say what the decision did (and include its automatic steps).
                if auto:
                    lines.append(Told(auto, entry.seat))
                if entry.stand_in is not None:
                    note = Told(stand_in_line(lang, entry.stand_in, who), entry.seat)
            else:
                named = names_at(match, names, entry.ply)
                line = decision_line(
                    match.game, state, after, entry.notation, entry.seat, named, lang, with_notation=False
                )
                if automatic(entry, state, autoplay):
                    line = t(lang, "story.automatic", line=line.removesuffix("."))
                elif entry.stand_in is not None:
                    line = marked_line(lang, line, entry.stand_in, who)
                lines.append(Told(f"{auto} {line}" if auto else line, entry.seat))
        state = after
        if note is not None:
            # Under the events the move made (a game told by its events).
            flush_events(entry.ply)
            lines.append(note)
            note = None
    flush()
    if entries:
        flush_events(entries[-1].ply)
    return lines


def _name(names: Sequence[str], seat: int | None) -> str:
    return names[seat] if seat is not None and 0 <= seat < len(names) else "?"


def takeover_line(match: Match, names: Sequence[str], entry: LogEntry, lang: str) -> str | None:
    """The AI taking over the seat whose member left at ``entry`` (a resignation or forfeit), if it did."""
    if entry.seat is None or entry.seat >= len(match.seats):
        return None
    for stint in match.stints(entry.seat):
        if stint.from_ply == entry.ply + 1 and stint.level is not None:
            member = holder_at(match, names, entry.seat, entry.ply)
            return t(lang, "log.ai_takeover", ai=seat_ai_name(match.ai, entry.seat, lang, stint.level), name=member)
    return None


def change_line(entry: LogEntry, names: Sequence[str], lang: str, match: Match | None = None) -> str:
    """A log entry that changes the match rather than the position (resignation, draw, undo, a member taking
    over a seat, a new pace...); with ``match``, a seat that changed hands is named by who held it then."""
    if match is not None and entry.seat is not None:
        if entry.kind is LogKind.REPLACE:
            return t(
                lang,
                "log.replace",
                name=holder_at(match, names, entry.seat, entry.ply + 1),
                ai=holder_at(match, names, entry.seat, entry.ply),
                seat=entry.seat + 1,
            )
        names = names_at(match, names, entry.ply)
    if entry.kind is LogKind.PACE:
        pace = pace_text(pace_limit(entry.notation), lang)
        if entry.seat is None:
            return t(lang, "log.pace_organiser", pace=pace)
        return t(lang, "log.pace", name=_name(names, entry.seat), pace=pace)
    if entry.kind is LogKind.REPLACE:
        # Without the match, the seat's whole name stands for both players.
        who = _name(names, entry.seat)
        return t(lang, "log.replace", name=who, ai=who, seat=(entry.seat or 0) + 1)
    if entry.kind is LogKind.RESIGN:
        return t(lang, "log.resign", name=_name(names, entry.seat))
    if entry.kind is LogKind.ABORT:
        return t(lang, "log.abort")
    if entry.kind is LogKind.DRAW:
        return t(lang, "log.draw")
    if entry.kind is LogKind.FORFEIT:
        return t(lang, "log.forfeit", name=_name(names, entry.seat))
    return t(lang, "log.undo", name=_name(names, entry.seat))


def result_line(outcome: Outcome, names: Sequence[str], lang: str) -> str:
    """The result of a finished match in words (``count``: how many won, for the verb's agreement)."""
    winners = ", ".join(f"**{names[s]}**" for s in outcome.winners)
    if outcome.termination is Termination.ABORTED:
        return t(lang, "result.aborted")
    if outcome.termination is Termination.RESIGNATION:
        return t(lang, "result.resignation", winners=winners, count=len(outcome.winners))
    if outcome.termination is Termination.FORFEIT:
        return t(lang, "result.forfeit", winners=winners, count=len(outcome.winners))
    if not outcome.winners:
        return t(lang, "result.draw")
    return t(lang, "result.win", winners=winners, count=len(outcome.winners))


def turn_line(match: Match, lang: str, names: Sequence[str] | None = None) -> str:
    """Who must act now: their mention(s), or with ``names`` their names in bold (no ping)."""
    if match.status is not MatchStatus.ACTIVE:
        return ""
    if names is None:
        mentions = " ".join(
            f"**{seat_ai_name(match.ai, seat, lang)}**" if seat in match.ai else f"<@{match.seats[seat]}>"
            for seat in match.state.actors()
        )
    else:
        mentions = ", ".join(f"**{names[seat]}**" for seat in match.state.actors())
    own = words_for(match.game.id).turn(match.state, mentions, lang)
    if own is not None:
        return own
    roll = getattr(match.state, "roll", None)
    if roll is not None:
        return t(lang, "turn.your_roll", mentions=mentions, roll=roll)
    return t(lang, "turn.your_move", mentions=mentions)


def event_items(
    match: Match,
    before: GameState,
    after: GameState,
    names: Sequence[str],
    lang: str,
    *,
    limit: int | None = MAX_EVENT_LINES,
) -> list[tuple[str, Any]]:
    """The steps a game recorded as events between two positions, in words (Ursuppe's automatic steps), each
    with the event it tells; beyond ``limit`` lines the older ones are summed up in a count (its event: None)."""
    seen = max((e.index for e in getattr(before.view_for(None), "events", ())), default=0)
    view = after.view_for(None)
    new = [e for e in getattr(view, "events", ()) if e.index > seen]
    words = words_for(match.game.id)
    lines: list[tuple[str, Any]] = []
    for e in new:
        key = f"event.{match.game.id}.{e.kind}"
        if not has(lang, key):
            continue
        params = words.event_fields(e, lang)
        count = params.pop("count", None)
        fields = {
            "name": names[e.seat] if e.seat is not None and e.seat < len(names) else "",
            "amoeba": e.amoeba if e.amoeba is not None else "",
            "square": e.square or "",
            "detail": e.detail,
            **params,
        }
        text = tn(lang, key, int(count), **fields) if isinstance(count, int) else t(lang, key, **fields)
        lines.append((text, e))
    if limit is not None and len(lines) > limit:
        hidden = len(lines) - limit
        lines = [(tn(lang, "log.more_events", hidden), None), *lines[-limit:]]
    return lines
