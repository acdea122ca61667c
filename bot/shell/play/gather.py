"""Publishing's first step: everything a change's publishing reads, read once, in one immutable record.

Publishing a change is a pipeline: :func:`gather` (this module: the reads), :func:`bot.app.posting.plan` (pure:
what to post, edit, ping, DM), building the messages (:mod:`bot.shell.play.turn_views`), sending them
(:mod:`bot.shell.play.publish`). What only the write knows cheaply comes with the service's report: the change's
entries and the turn number kept with the match (advanced by each save; no replay of the log). The rest (the
messages kept for the match, the players' names and notification settings, whose DMs are closed, what the
turn post tells and shows: the log when the story kept between posts cannot tell it, the seals, the clocks,
the seats offered to take over, whether the match is an event's; the palettes of the private views, who was
told once that their DMs are closed and each player's own lines; the status card) is read here, so that the
later steps read nothing back: after :func:`gather` publishing only writes down what it posted
(tests/test_publish_reads.py counts).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

import discord

from bot.app.clocks.game_clock import ClockFace, clock_setting, live_play
from bot.app.desk.pings import DIGEST_KEY, ROUTE_KEY, ping_prefs
from bot.app.fairness import Seal
from bot.app.i18n import DEFAULT_LANGUAGE
from bot.app.matches import DECISIONS, LogEntry, LogKind, Match, MatchService, MatchStatus, TurnClock, TurnReport
from bot.app.member_text import inert_names
from bot.app.posting import PingMode, Situation, Via, private_digest
from bot.app.seats.ai import humans
from bot.app.telling.turns import known_turn, match_ply_turns
from bot.shell.display import Display, Kept, Palette, kept_of
from bot.shell.play.asked import own_text
from bot.shell.play.status import sheet_digest, sheet_embed


@dataclass(frozen=True, slots=True)
class PostReads:
    """What a turn post's layout reads beside the match (see :meth:`bot.shell.play.turn_views.TurnViews.post_view`),
    read once by :func:`read_post`; each is read only when the match can show it."""

    seals: tuple[Seal, ...] = ()
    """The seals of the secrets chosen, for a match that seals them."""
    clocks: Mapping[int, TurnClock] = field(default_factory=dict)
    """The running turns' deadlines, by seat (an active match with a turn limit)."""
    faces: Mapping[int, ClockFace] = field(default_factory=dict)
    """Each seat's game clock (an active match played with one)."""
    replaceable: tuple[int, ...] = ()
    """The seats the AI took over that a member may offer to play (an active match)."""
    in_event: bool = False
    """The match is an event's game (read once it is over: its end offers no rematch)."""
    ply_turns: Mapping[int, int] = field(default_factory=dict)
    """The turn of each ply, for a finished match whose seats changed hands (its final post says when)."""


async def read_post(service: MatchService, match: Match) -> PostReads:
    """Read what a turn post of ``match`` as it stands may show (see :class:`PostReads`)."""
    active = match.status is MatchStatus.ACTIVE
    sealed = match.fair is not None and match.fair.seals is not None
    handed = not active and any(len(match.stints(seat)) > 1 for seat in range(len(match.seats)))
    return PostReads(
        seals=tuple(await service.seals(match.id)) if sealed else (),
        clocks=await service.clocks(match.id) if active and match.turn_limit is not None else {},
        faces=await service.clock_faces(match.id) if active and clock_setting(match.options) is not None else {},
        replaceable=tuple(await service.replaceable(match)) if active and match.takeovers else (),
        in_event=not active and await service.in_event(match.id),
        ply_turns=await match_ply_turns(service, match) if handed else {},
    )


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
    """The match just ended as a live game of an event: its end pings nobody."""
    elsewhere: frozenset[int] = frozenset()
    """Players whose turn pings go to a DM or a daily digest rather than the channel (:mod:`bot.app.desk.pings`)."""
    post: PostReads = PostReads()
    """What the turn post shows beside the match."""
    history: tuple[LogEntry, ...] | None = None
    """The match's log, read when the story kept between posts cannot tell the post's (None: it can)."""
    card: discord.Embed | None = None
    """The status card as it should look now."""
    palettes: Mapping[int, Palette] = field(default_factory=dict)
    """The palette of each seat's private view (a game that hides information)."""
    noticed: frozenset[int] = frozenset()
    """Players already told once, in this match, that their DMs are closed (a game that hides information)."""
    own: Mapping[int, str] = field(default_factory=dict)
    """Each player's own lines in their private view: their standing orders and why they are asked after all
    (a game that hides information)."""


async def gather(
    service: MatchService,
    display: Display,
    match: Match,
    report: TurnReport | None,
    lang: str = DEFAULT_LANGUAGE,
    *,
    story_kept: bool = False,
) -> Gathered:
    """Read, once, what publishing ``report`` (the change that made ``match``) in ``lang`` needs
    (``story_kept``: the story kept since the last post tells the new one, so the log is not read)."""
    kept = kept_of(match, await service.posts(match.id))
    names = tuple(await display.names(match, lang))
    card_lang = display.channel_language(match)
    card_names = names if card_lang == lang else tuple(await display.names(match, card_lang))
    number = await known_turn(service, match)
    unreachable: frozenset[int] = frozenset()
    palettes: dict[int, Palette] = {}
    noticed: frozenset[int] = frozenset()
    own: dict[int, str] = {}
    if match.game.has_hidden_info:
        unreachable = frozenset([uid for uid in match.seats if await display.dm_known_closed(uid)])
        palettes = {seat: await display.palette(match, seat) for seat in range(len(match.seats))}
        noticed = frozenset([uid for uid in humans(match.seats) if await display.noticed(match, uid)])
        own = {uid: await own_text(service, match, uid, lang) for uid in humans(match.seats)}
    finished = match.status is not MatchStatus.ACTIVE
    post = await read_post(service, match)
    quiet_end = finished and live_play(match.turn_limit, match.options) and post.in_event
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
        elsewhere=await pings_elsewhere(service, match),
        post=post,
        history=None if story_kept else tuple(await service.history(match.id)),
        card=card,
        palettes=MappingProxyType(palettes),
        noticed=noticed,
        own=MappingProxyType(own),
    )


async def pings_elsewhere(service: MatchService, match: Match) -> frozenset[int]:
    """The match's members whose own settings send their turn pings to a DM or a daily digest."""
    away = set()
    for uid in humans(match.seats):
        prefs = ping_prefs(
            {key: value for key in (ROUTE_KEY, DIGEST_KEY) if (value := await service.user_pref(uid, key)) is not None}
        )
        if prefs.digest or not prefs.in_thread:
            away.add(uid)
    return frozenset(away)


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
        elsewhere=facts.elsewhere,
    )
