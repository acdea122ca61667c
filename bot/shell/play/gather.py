"""Publishing's first step: everything a change's publishing reads, read once, in one immutable record.

Publishing a change is a pipeline: :func:`gather` (this module: the reads), :func:`bot.app.posting.plan` (pure:
what to post, edit, ping, DM), building the messages (:mod:`bot.shell.play.turn_views`), sending them
(:mod:`bot.shell.play.publish`). What only the write knows cheaply comes with the service's report: the change's
entries and the turn number kept with the match (advanced by each save; no replay of the log). The rest (the
messages kept for the match, the players' names and notification settings, whose DMs are closed) is read
here, so that the later steps read nothing back.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

import discord

from bot.app.clocks.game_clock import live_play
from bot.app.i18n import DEFAULT_LANGUAGE
from bot.app.matches import DECISIONS, LogKind, Match, MatchService, MatchStatus, TurnReport
from bot.app.member_text import inert_names
from bot.app.posting import PingMode, Situation, Via, private_digest
from bot.app.telling.turns import known_turn
from bot.shell.display import Display, Kept, kept_of
from bot.shell.play.status import sheet_digest, sheet_embed


@dataclass(frozen=True, slots=True)
class Gathered:
    """What publishing one change of ``match`` reads, read once (see :func:`gather`)."""

    match: Match
    report: TurnReport | None
    """The change being published (None: the board posted again, nothing changed)."""
    kept: Kept
    """The messages kept for the match: turn post (and the ply its story starts after), question, DMs, card."""
    names: tuple[str, ...]
    """The seats' display names, in seat order."""
    number: int
    """The turn being played, as the turn post numbers it (kept with the match: no replay of the log)."""
    pings: Mapping[int, PingMode]
    """``/game notify`` settings by user id."""
    unreachable: frozenset[int]
    """Players whose DMs were found closed lately (only read when the game hides information)."""
    sheet: str
    """A digest of what the status card should show now."""
    quiet_end: bool = False
    """The match just ended as a live game of an event: its end pings nobody (read only then)."""


async def gather(
    service: MatchService, display: Display, match: Match, report: TurnReport | None, lang: str = DEFAULT_LANGUAGE
) -> Gathered:
    """Read, once, what publishing ``report`` (the change that made ``match``) in ``lang`` needs."""
    kept = kept_of(match, await service.posts(match.id))
    names = tuple(await display.names(match, lang))
    card_lang = display.channel_language(match)
    card_names = names if card_lang == lang else tuple(await display.names(match, card_lang))
    number = await known_turn(service, match)
    unreachable: frozenset[int] = frozenset()
    if match.game.has_hidden_info:
        unreachable = frozenset([uid for uid in match.seats if await display.dm_known_closed(uid)])
    finished = match.status is not MatchStatus.ACTIVE
    quiet_end = finished and live_play(match.turn_limit, match.options) and await service.in_event(match.id)
    # The card shows names as message text does (see Display.text_names), so its digest is taken the same way.
    card = sheet_embed(match, inert_names(card_names), card_lang, turns=number if finished else None)
    return Gathered(
        match=match,
        report=report,
        kept=kept,
        names=names,
        number=number,
        pings=MappingProxyType(dict(await service.pings(match.id))),
        unreachable=unreachable,
        sheet=sheet_digest(card),
        quiet_end=quiet_end,
    )


def situation(
    facts: Gathered, *, repost: bool = False, interaction: discord.Interaction | None = None, private: bool = False
) -> Situation:
    """What :func:`bot.app.posting.plan` needs to know, from what was gathered (``interaction``: the one that
    made the change, when it still waits for its answer; ``private``: that answer must be private)."""
    match, report, kept = facts.match, facts.report, facts.kept
    via: Via = "none"
    clicked: int | None = None
    if interaction is not None and not interaction.response.is_done():
        if private or interaction.channel_id != match.channel_id:
            via = "private"
        elif interaction.type is discord.InteractionType.component:
            via, clicked = "click", interaction.message.id if interaction.message is not None else None
        else:
            via = "command"
    active = match.status is MatchStatus.ACTIVE
    hidden = match.game.has_hidden_info
    digests: dict[int, str] = {}
    before: dict[int, str] = {}
    if hidden:
        public = match.state.view_for(None)
        digests = {uid: private_digest(match.state.view_for(seat), public) for seat, uid in enumerate(match.seats)}
        previous = report.previous_state if report is not None else None
        if previous is not None and match.status is not MatchStatus.LOBBY:
            old = previous.view_for(None)
            before = {uid: private_digest(previous.view_for(seat), old) for seat, uid in enumerate(match.seats)}
    entries = report.entries if report is not None else ()
    movers = tuple(e.seat for e in entries if e.seat is not None and e.kind in DECISIONS)
    handed = tuple(e.seat for e in entries if e.seat is not None and e.kind is LogKind.REPLACE)
    return Situation(
        seats=match.seats,
        active=active,
        actors=match.state.actors() if active else (),
        on_turn=getattr(match.state.view_for(None), "on_turn", None) if active else None,
        movers=movers,
        pings=facts.pings,
        turn=kept.turn,
        question=kept.question,
        hidden_info=hidden,
        digests=digests,
        before=before,
        dms=kept.dms,
        unreachable=facts.unreachable,
        repost=repost,
        via=via,
        clicked=clicked,
        sheet=facts.sheet,
        sheet_shown=kept.sheet,
        handed_over=handed,
        parent=kept.parent.message_id if kept.parent is not None else None,
        live=live_play(match.turn_limit, match.options),
        quiet_end=facts.quiet_end,
    )
