"""What a turn post shows: the story the post tells, and the post's layout with its controls (moves, private
view, take-seat, rematch); the status card. The building step of publishing (see :mod:`bot.shell.play.gather`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import discord

from bot.app.clocks.game_clock import clock_setting
from bot.app.i18n import t
from bot.app.matches import (
    POSITION_KINDS,
    LogEntry,
    LogKind,
    Match,
    MatchService,
    MatchStatus,
    TurnReport,
    holds_secret,
    replay,
)
from bot.app.member_text import inert_names
from bot.app.seats.ai import humans
from bot.app.telling.game_words import words_for
from bot.app.telling.narration import result_line, take_seat_label, takeover_lines, turn_line
from bot.app.telling.story import STORY_LINES, story
from bot.app.telling.turns import known_turn
from bot.app.telling.words import board_note, move_legend, phone_lines
from bot.shell.clock_ui import clock_lines
from bot.shell.consent.rematch import RematchButton
from bot.shell.consent.replace import TakeSeatButton
from bot.shell.display import Display, variant_label
from bot.shell.fairness import fair_chance
from bot.shell.history.review import ReviewButton
from bot.shell.plans.flow import PlanButton, plannable
from bot.shell.play.details import DetailsButton, has_details
from bot.shell.play.gather import PostReads, read_post
from bot.shell.play.move_controls import member_to_act, move_controls
from bot.shell.play.private import PrivateViewButton
from bot.shell.play.status import sheet_embed
from bot.shell.play.turn_post import post_layout, seat_colour
from bot.shell.settings.panel import AutopilotButton, offers_autopilot
from games.base import GameState

ACTION_ROWS = 5
"""Rows of controls a message may carry (Discord's limit): the autopilot's toggle takes a place only when one is
left."""


def _toggle_fits(match: Match, extra: list[discord.ui.Item[Any]], toggle: str) -> bool:
    """Whether the autopilot's toggle fits beside the post's other extra buttons without a new line on a phone.

    A game whose move buttons are held to a phone's line budget (Ursuppe's three) has no line to spare: one more
    pushes its board off the first screen (bench/phone_shots.py at 390×844), so there the toggle stays two taps
    away in ``/plateau settings``; elsewhere it may take a line of its own."""
    # A persistent button is a DynamicItem around the button that carries the label.
    labels = [str(getattr(getattr(item, "item", item), "label", "") or "") for item in extra]
    spare = 0 if words_for(match.game.id).button_lines else 1
    return phone_lines([*labels, toggle]) <= max(phone_lines(labels), spare)


def bare(entry: LogEntry) -> LogEntry:
    """``entry`` without the position it led to: the kept story holds entries, not positions."""
    return replace(entry, after=None) if entry.after is not None else entry


class TurnViews:
    """Builds turn posts (see the module docstring); keeps each match's story between edits."""

    def __init__(self, service: MatchService, display: Display) -> None:
        self.service = service
        self.display = display
        # What each match's turn post tells, kept between edits (rebuilt from the log after a restart).
        self._stories: dict[int, tuple[int, GameState | None, list[LogEntry]]] = {}

    def forget(self, match_id: int) -> None:
        """Drop the story kept for ``match_id`` (a new post starts a new one; a finished match needs none)."""
        self._stories.pop(match_id, None)

    def tells(self, match: Match, report: TurnReport | None) -> bool:
        """Whether the story kept since the last post tells every post of ``match`` after ``report`` without
        reading the log: it reaches the match's version with the report's entries and no undo made the position
        jump back (a new post starts no earlier than the post before it). Publishing reads the log beforehand when
        it does not."""
        cached = self._stories.get(match.id)
        if cached is None or cached[1] is None:
            return False
        origin, _, told = cached
        entries = report.entries if report is not None else ()
        last = told[-1].ply if told else origin
        if entries and last == entries[0].ply - 1:
            last = entries[-1].ply
        return last == match.version and not any(e.kind is LogKind.UNDO for e in (*told, *entries))

    async def story(
        self,
        match: Match,
        start: int,
        report: TurnReport | None,
        until: int | None = None,
        *,
        history: Sequence[LogEntry] | None = None,
    ) -> tuple[GameState | None, list[LogEntry]]:
        """The state at ``start`` and the entries since (up to ply ``until`` when given): what a turn post
        tells. The story kept from the post before serves when the new one starts inside it (no log read);
        else ``history`` (the match's log, when the caller read it) or the log read here."""
        state, entries = await self._story(match, start, report, history)
        if until is not None:
            entries = [e for e in entries if e.ply <= until]
        return state, entries

    async def _story(
        self, match: Match, start: int, report: TurnReport | None, read: Sequence[LogEntry] | None
    ) -> tuple[GameState | None, list[LogEntry]]:
        cached = self._stories.get(match.id)
        if cached is not None and cached[1] is not None and cached[0] <= start:
            origin, told = cached[0], cached[2]
            state: GameState = cached[1]
            last = told[-1].ply if told else origin
            if report is not None and report.entries and last == report.entries[0].ply - 1:
                told = [*told, *(bare(e) for e in report.entries)]
                last = told[-1].ply
            if last == match.version and all(e.kind is not LogKind.UNDO for e in told if e.ply <= start):
                # A later post starts at this one's start or after it: the story is kept from here.
                for entry in told:
                    if entry.ply > start:
                        break
                    if entry.kind in POSITION_KINDS:
                        state = state.apply(state.parse_move(entry.notation, entry.seat))
                self._stories[match.id] = (start, state, [e for e in told if e.ply > start])
                return state, [e for e in told if e.ply > start]
        if report is not None and match.version - len(report.entries) == start:
            self._stories[match.id] = (start, report.previous_state, [bare(e) for e in report.entries])
            return report.previous_state, list(report.entries)
        history = list(read if read is not None else await self.service.history(match.id))
        before = [e for e in history if e.ply <= start]
        replayed: GameState | None = replay(match.game, match.options, len(match.seats), before)
        entries = [e for e in history if e.ply > start]
        self._stories[match.id] = (start, replayed, entries)
        return replayed, entries

    async def post_view(
        self,
        match: Match,
        lang: str,
        names: Sequence[str],
        *,
        number: int,
        key: tuple[int, ...],
        start: int,
        report: TurnReport | None,
        until: int | None = None,
        alt: str,
        current: bool,
        mentions: bool,
        asking: bool,
        reads: PostReads | None = None,
        history: Sequence[LogEntry] | None = None,
    ) -> discord.ui.LayoutView:
        """The layout of a turn post: ``current`` (the turn still runs: controls) or retired (none). Its story
        tells the entries after ply ``start`` (up to ply ``until`` when given), shortened (:func:`story`).
        ``reads`` and ``history``: what publishing gathered (:mod:`bot.shell.play.gather`); else read here."""
        state, entries = await self.story(match, start, report, until, history=history)
        if reads is None:
            reads = await read_post(self.service, match)
        drawn, names = names, inert_names(names)  # the seat buttons' labels name players as typed
        # With three players or more the story is told to the player pinged: "your amoeba 3" is theirs.
        you = key[0] if len(match.seats) >= 3 and len(key) == 1 else None
        acting = member_to_act(match) if current and match.status is MatchStatus.ACTIVE and not asking else None
        # What the board draws too small for a phone, said in words just above it on the member's own turn.
        note = board_note(match.game, match.state, acting, lang) if acting is not None else None
        # The story gives up a line for each of the note's.
        noted_lines = note.count("\n") + 1 if note else 0
        happened = story(match, state, entries, names, lang, you=you, limit=STORY_LINES - noted_lines)
        if note:
            happened.append(note)
        finished = match.status is not MatchStatus.ACTIVE
        # The seals are shown only on a post that tells a secret choice, or the final post that counts them.
        secret = holds_secret(match.game, entries)
        seals = reads.seals if secret or (finished and current) else ()
        if seals and secret and (sealed := fair_chance.seal_line(entries, seals, lang)) is not None:
            # The secrets chosen in this story, committed to where they were chosen (issues 29 and 39).
            happened.append(sealed)
        awaited: list[str] = []
        rows: list[list[discord.ui.Item[Any]]] = []
        if finished and current and match.result is not None:
            awaited.append(result_line(match.result, names, lang))
            if any(len(match.stints(seat)) > 1 for seat in range(len(match.seats))):
                plies = reads.ply_turns
                last = max(plies.values(), default=1)
                awaited += takeover_lines(match, names, lang, lambda ply: plies.get(ply, last))
            explained = words_for(match.game.id).scores(match.state, names, lang)
            if explained is not None:
                awaited.append(explained)  # "": the board shows each score by its player's name
            elif match.result.scores:
                scores = ", ".join(f"{names[s]} {v}" for s, v in enumerate(match.result.scores) if s < len(names))
                awaited.append(t(lang, "post.scores", scores=scores))
        elif current:
            if not asking:
                # Asked out of turn, the question right under the post says who must answer what, with its
                # buttons: the same line here too pushed the board half off a phone's first screen (issue 39).
                awaited.append(turn_line(match, lang, None if mentions else names))
            clocks = reads.clocks
            if clocks:
                deadline = min(clock.times.deadline for clock in clocks.values())
                awaited.append(t(lang, "board.deadline", when=discord.utils.format_dt(deadline, "R")))
            if clock_setting(match.options) is not None:
                # Each player's game clock, the acting one's counting down in every client without an edit.
                awaited += clock_lines(reads.faces, names, lang)
            if not asking:
                rows = move_controls(match, lang)
                if rows and (seat := member_to_act(match)) is not None:
                    # The terms the buttons' prices use, said once here rather than on every button.
                    awaited.append(move_legend(match.game, match.state, seat, lang) or "")
            extra: list[discord.ui.Item[Any]] = []
            if match.game.has_hidden_info:
                # Always at hand for a player who can't receive DMs, without a notice after every move.
                extra.append(PrivateViewButton(match.id, t(lang, "button.private_view")))
            if plannable(match):
                # The same button for every reader: what a member plans opens privately, for them alone.
                extra.append(PlanButton("open", match.id, 0, "", label=t(lang, "plan.open")))
            if has_details(match.game.id):
                # The post carries one image; the game's second view (Ursuppe's genes and events) on demand.
                extra.append(DetailsButton(match.id, t(lang, "button.details")))
            room = len(rows) + (not extra) + bool(reads.replaceable) < ACTION_ROWS
            toggle = t(lang, "button.autopilot")
            if offers_autopilot(match) and not asking and room and _toggle_fits(match, extra, toggle):
                # Each member's own "ask me only when it matters" for this match, one tap away (answered privately).
                extra.append(AutopilotButton(match.id, toggle))
            if extra:
                rows.append(extra)
            if free := reads.replaceable:
                # Anyone not seated may offer to play a seat the AI took over (the players then consent).
                rows.append(
                    [TakeSeatButton(match.id, seat, take_seat_label(match, drawn, seat, lang)) for seat in free]
                )
        if current and (finished or start == 0):
            # The commitment stays on the first turn's post; the seed is revealed on the final one.
            awaited += fair_chance.fairness_lines(match, lang, final=finished)
            if finished and seals:
                awaited.append(t(lang, "seal.revealed", count=len(seals)))
        if finished and current and match.status is MatchStatus.FINISHED:
            pinged = " ".join(f"<@{uid}>" for uid in humans(match.seats))
            review = ReviewButton(match.id, t(lang, "button.review"))
            if reads.in_event:
                # An event game's thread belongs to the event: a rematch there would pass for an event game.
                awaited.append(t(lang, "post.end_event", mentions=pinged))
                rows.append([review])
            else:
                awaited.append(t(lang, "post.end", mentions=pinged))
                rows.append([RematchButton(match.id, t(lang, "button.rematch")), review])
        header = t(lang, "post.header", game=variant_label(match, lang), id=match.id, turn=max(number, 1))
        if finished and current:
            header = t(lang, "post.header_end", game=variant_label(match, lang), id=match.id)
        winners = match.result.winners if finished and match.result is not None else ()
        colour_seat = (winners or key or (None,))[0]
        return post_layout(
            header=f"### {header}",
            happened=happened,
            awaited=awaited,
            colour=seat_colour(match.game.id, colour_seat),
            alt=alt,
            rows=rows,
        )

    async def sheet(self, match: Match) -> discord.Embed:
        """The match's status card as it should look now, in the channel's language."""
        turns = await known_turn(self.service, match) if match.status is not MatchStatus.ACTIVE else None
        lang = self.display.channel_language(match)
        return sheet_embed(match, await self.display.text_names(match, lang), lang, turns=turns)
