"""The event's board: the sign-up card, once the event runs, shows the round being played and the top of the
standings, edited in place as results come in, so the channel holds one message to read rather than a pairings
post and a standings post per round.

:func:`board_fields` is pure: it takes what the desk read (the round's games, each game's state in words, the
standings, names) and gives the embed fields the card adds.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Final

import discord

from bot.app.events import Event, EventGame, EventStatus, Standings
from bot.app.i18n import t
from bot.shell.events.report_text import physical_state
from bot.shell.events.text import points_text, result_text

TOP_LISTED: Final = 5
"""Lines of standings on the board; ``/event standings`` shows every line."""
FIELD_TEXT: Final = 1024
"""Discord's limit on an embed field's value."""


@dataclass(frozen=True, slots=True)
class BoardFacts:
    """What the board shows beyond the event itself, as the desk read it."""

    games: tuple[EventGame, ...]
    """The games of the round being played (or the last round)."""
    playing: Mapping[int, str]
    """By board: who must act now, in words (for games still being played)."""
    standings: Standings | None
    names: Mapping[int, str]
    """Display names by user id, as message text shows them (inert)."""
    guild_id: int = 0


def _game_line(game: EventGame, facts: BoardFacts, lang: str) -> str:
    names = facts.names
    named = [names.get(uid) or f"<@{uid}>" for uid in game.players]
    if game.is_bye:
        return t(lang, "event.board.bye", player=named[0])
    players = (" " + t(lang, "event.pairings.vs") + " ").join(named) if len(named) == 2 else ", ".join(named)
    # A masked link, not a channel mention: it reads the same on every client, loaded or not.
    url = f"https://discord.com/channels/{facts.guild_id}/{game.thread_id}"
    where = f" · [{t(lang, 'event.board.thread')}]({url})" if game.thread_id else ""
    if game.done:
        state = result_text(game, game.result, names, lang)
    elif game.physical:
        state = physical_state(game, names, lang)
        where = ""  # a thread left from an online start is not where this game is played
    elif game.board in facts.playing:
        state = t(lang, "event.board.to_play", who=facts.playing[game.board])
    else:
        state = t(lang, "event.board.opening")
    key = "event.board.game" if len(game.players) == 2 else "event.board.table"
    return t(lang, key, board=game.board, players=players, where=where, state=state)


def _fit(lines: Sequence[str], more: str) -> str:
    """``lines`` joined, cut at whole lines to fit a field, with ``more`` said when some were left out."""
    kept: list[str] = []
    for line in lines:
        if len("\n".join([*kept, line, more])) > FIELD_TEXT:
            return "\n".join([*kept, more])
        kept.append(line)
    return "\n".join(kept) or "—"


def board_fields(event: Event, facts: BoardFacts, lang: str, now: datetime) -> list[tuple[str, str]]:
    """The (name, value) fields the card adds while the event runs or once it is over."""
    fields: list[tuple[str, str]] = []
    if event.status is EventStatus.RUNNING and facts.games:
        number = facts.games[0].round
        lines = [_game_line(g, facts, lang) for g in facts.games]
        if event.round_ends_at is not None and event.round_in_progress and event.round_ends_at > now:
            end = discord.utils.format_dt(event.round_ends_at, "t")
            left = discord.utils.format_dt(event.round_ends_at, "R")
            lines.append(t(lang, "event.board.clock", end=end, left=left))
        title = t(lang, "event.board.round", round=number, rounds=event.rounds)
        fields.append((title, _fit(lines, t(lang, "event.board.more"))))
    # Standings once a round is complete: during round 1 they would rank the byes alone above everyone.
    if facts.standings is not None and event.closed_round >= 1:
        rows = facts.standings.rows[:TOP_LISTED]
        if any(r.played or r.byes for r in facts.standings.rows):
            lines = [
                t(
                    lang,
                    "event.board.standing",
                    rank=r.rank,
                    name=facts.names.get(r.player) or f"<@{r.player}>",
                    points=points_text(r.points, lang),
                )
                for r in rows
            ]
            lines.append(t(lang, "event.board.full"))
            key = "event.board.final" if event.status is EventStatus.FINISHED else "event.board.standings"
            fields.append((t(lang, key), _fit(lines, t(lang, "event.board.more"))))
    return fields
