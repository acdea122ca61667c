"""Turn reports in words: what was played, what the dice said, who must act now.

Works from the log entries a change appended, stepping through them from the state before the change,
so the text always matches the log.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n import has, t
from bot.matches import LogEntry, LogKind, Match, MatchStatus
from games.base import GameState, Outcome, Termination


def _roll_value(notation: str) -> str | None:
    return notation.split(":", 1)[1] if notation.startswith("roll:") else None


def narrate(
    match: Match, previous: GameState | None, entries: Sequence[LogEntry], names: Sequence[str], lang: str
) -> list[str]:
    """One line per log entry, in ``lang``, in the order the entries happened."""
    lines: list[str] = []
    state = previous
    told_by_events = previous is not None and hasattr(previous.view_for(None), "events")
    for entry in entries:
        if entry.kind is LogKind.RESIGN and entry.seat is not None:
            lines.append(t(lang, "log.resign", name=names[entry.seat]))
            continue
        if entry.kind is LogKind.ABORT:
            lines.append(t(lang, "log.abort"))
            continue
        if entry.kind is LogKind.DRAW:
            lines.append(t(lang, "log.draw"))
            continue
        if entry.kind is LogKind.FORFEIT and entry.seat is not None:
            lines.append(t(lang, "log.forfeit", name=names[entry.seat]))
            continue
        if entry.kind is LogKind.UNDO:
            name = names[entry.seat] if entry.seat is not None else "?"
            lines.append(t(lang, "log.undo", name=name))
            state = None  # the position jumped back; later entries of this change (none today) can't be told
            continue
        if state is None:
            continue
        move = state.parse_move(entry.notation)
        after = state.apply(move)
        if told_by_events:
            # The game's own events say it better than the notation (and include its automatic steps).
            if entry.kind is LogKind.MOVE and entry.seat is not None:
                lines.append(t(lang, "log.move", name=names[entry.seat], move=entry.notation))
            elif entry.kind is LogKind.AUTO and entry.seat is not None:
                lines.append(t(lang, "log.auto", name=names[entry.seat], move=entry.notation))
            state = after
            continue
        shown = match.game.public_notation(entry.notation)
        special = _special_line(match.game.id, entry, shown, names, lang)
        if special is not None:
            if special:
                lines.append(special)
        elif entry.kind is LogKind.AUTO and entry.seat is not None:
            lines.append(t(lang, "log.auto", name=names[entry.seat], move=shown))
        elif entry.kind is LogKind.MOVE and entry.seat is not None:
            line = t(lang, "log.move", name=names[entry.seat], move=shown)
            if "x" in shown:
                line += " " + game_text(lang, "log.capture", match.game.id)
            if entry.seat in after.actors() or (after.is_chance() and getattr(after, "turn", None) == entry.seat):
                again = game_text(lang, "log.again", match.game.id).strip()
                line += f" {again}" if again else ""
            lines.append(line)
        elif entry.kind is LogKind.CHANCE:
            roller = getattr(state, "turn", None)
            value = _roll_value(entry.notation)
            if value is not None and roller is not None:
                line = t(lang, "log.roll", name=names[roller], value=value)
                if roller not in after.actors():
                    line += " " + t(lang, "log.no_move" if value != "0" else "log.zero")
                lines.append(line)
            elif entry.notation.startswith("first:"):
                first = getattr(after, "turn", None)
                if first is not None:
                    lines.append(t(lang, "log.first", name=names[first]))
            else:
                lines.append(t(lang, "log.chance", outcome=shown))
        state = after
    if told_by_events and state is not None and previous is not None:
        lines += event_lines(match, previous, state, names, lang)
    return lines


def game_text(lang: str, key: str, game_id: str, /, **params: object) -> str:
    """``key.<game_id>`` when the catalogs have a game-specific wording, else ``key``."""
    specific = f"{key}.{game_id}"
    return t(lang, specific if has(lang, specific) else key, **params)


def _special_line(game_id: str, entry: LogEntry, shown: str, names: Sequence[str], lang: str) -> str | None:
    """Words for the steps of a secret set-up (None: narrate the entry the usual way; "": say nothing).

    A set-up's values never reach these texts: they read only the public form of the notation.
    """
    if game_id != "subulata":
        return None
    if entry.kind is LogKind.MOVE and entry.seat is not None and " setup" in shown:
        key = "log.subulata.setup_random" if shown.endswith("random") else "log.subulata.setup"
        return t(lang, key, name=names[entry.seat])
    if entry.kind is LogKind.CHANCE and shown.startswith("layout:"):
        return t(lang, "log.subulata.layout")
    if entry.kind is LogKind.CHANCE and shown.startswith(("tile:", "rotate:")):
        # The layout is drawn in 18 steps; announce it once, after the last tile is turned.
        return t(lang, "log.subulata.layout") if shown.startswith("rotate:9:") else ""
    if entry.kind is LogKind.CHANCE and shown.startswith("setup:"):
        # Two draws make one random arrangement; announce it once, after the second.
        if len(entry.notation.rsplit(":", 1)[-1]) != 9:
            return ""
        return t(lang, "log.subulata.setup_drawn", name=names[int(shown.split(":")[1])])
    return None


def result_line(outcome: Outcome, names: Sequence[str], lang: str) -> str:
    """The result of a finished match in words."""
    winners = ", ".join(f"**{names[s]}**" for s in outcome.winners)
    if outcome.termination is Termination.ABORTED:
        return t(lang, "result.aborted")
    if outcome.termination is Termination.RESIGNATION:
        return t(lang, "result.resignation", winners=winners)
    if outcome.termination is Termination.FORFEIT:
        return t(lang, "result.forfeit", winners=winners)
    if not outcome.winners:
        return t(lang, "result.draw")
    return t(lang, "result.win", winners=winners)


def turn_line(match: Match, lang: str, names: Sequence[str] | None = None) -> str:
    """Who must act now: their mention(s), or with ``names`` their names in bold (no ping)."""
    if match.status is not MatchStatus.ACTIVE:
        return ""
    if names is None:
        mentions = " ".join(f"<@{uid}>" for uid in match.to_act())
    else:
        mentions = ", ".join(f"**{names[seat]}**" for seat in match.state.actors())
    if match.game.id == "subulata" and getattr(match.state, "turn", 0) is None:
        return t(lang, "turn.subulata.setup", mentions=mentions)
    roll = getattr(match.state, "roll", None)
    if roll is not None:
        return t(lang, "turn.your_roll", mentions=mentions, roll=roll)
    line = t(lang, "turn.your_move", mentions=mentions)
    decision = getattr(match.state.view_for(None), "decision", None)
    key = f"decision.{match.game.id}.{getattr(decision, 'kind', '')}"
    if decision is not None and has(lang, key):
        # Games made of many small decisions say which one is awaited (Ursuppe: "defend, escape or yield").
        line += " " + t(
            lang,
            key,
            amoeba=decision.amoeba[1] if decision.amoeba else "",
            other=_amoeba_name(match, decision.other, lang),
            amount=decision.amount,
        )
    return line


def _amoeba_name(match: Match, amoeba: tuple[int, int] | None, lang: str) -> str:
    """``yellow ▲ 3``: an amoeba named by its player's colour and its number."""
    if amoeba is None:
        return ""
    return f"{t(lang, f'seat.{match.game.id}.{amoeba[0]}')} {amoeba[1]}"


MAX_EVENT_LINES = 12
"""Events told in one board message; older ones are summed up in a count (the image shows the last ones)."""


def event_lines(match: Match, before: GameState, after: GameState, names: Sequence[str], lang: str) -> list[str]:
    """The steps a game recorded as events between two positions, in words (Ursuppe's automatic steps)."""
    seen = max((e.index for e in getattr(before.view_for(None), "events", ())), default=0)
    new = [e for e in getattr(after.view_for(None), "events", ()) if e.index > seen]
    lines = []
    for e in new:
        target = _amoeba_name(match, (e.target_seat, e.target_amoeba or 0), lang) if e.target_seat is not None else ""
        lines.append(
            t(
                lang,
                f"event.{match.game.id}.{e.kind}",
                name=names[e.seat] if e.seat is not None and e.seat < len(names) else "",
                amoeba=e.amoeba if e.amoeba is not None else "",
                square=e.square or "",
                detail=e.detail,
                target=target,
            )
        )
    if len(lines) > MAX_EVENT_LINES:
        hidden = len(lines) - MAX_EVENT_LINES
        lines = [t(lang, "log.more_events", count=hidden), *lines[-MAX_EVENT_LINES:]]
    return lines
