"""Play: moves typed by members, moves of the AI, resignations and aborts."""

from __future__ import annotations

import logging
from dataclasses import replace
from datetime import datetime

from bot.app.matches.core import Core, require_seat
from bot.app.matches.model import (
    MAX_MOVE_TEXT,
    BoardChangedError,
    LogEntry,
    LogKind,
    Match,
    MatchError,
    MatchStatus,
    TurnReport,
)
from bot.app.seats.acting import Action, ai_acts
from games import sequence
from games.base import GameError, GameInfo, GameState, NotYourTurnError, Outcome, Seat, Termination

log = logging.getLogger(__name__)


class Play(Core):
    """Play a member's move (or a sequence, or a macro), the AI's move, a resignation, an abort."""

    async def move(
        self,
        match_id: int,
        user_id: int,
        text: str,
        *,
        expected_version: int | None = None,
        interaction_id: int | None = None,
    ) -> TurnReport:
        """Play ``text`` for ``user_id``'s seat, then any chance steps that follow.

        ``text`` may also name a bigger decision the game offers now (``GameInfo.macros``, such as Ursuppe's
        ``drift all``): its single moves are applied one after the other, each logged as the seat's move.
        Several decisions of the same turn may be typed at once, separated by ``;`` (a whole Ultima-Tek turn,
        say): they are played in order, and one that fails refuses them all, so nothing is played.
        With the match option ``autoplay`` on, every decision left with a single legal move is then played
        for its seat too, in the same transaction.

        The log records the move in the engine's canonical notation, not the user's text. With
        ``interaction_id``, a second delivery of the same interaction returns the first one's report
        with ``replayed=True`` and writes nothing.

        When the seat's game clock reached zero before the move and the clock's sweep has not handled it yet,
        the match's timeout policy applies first: under ``forfeit`` or ``move`` the report returned is that of
        the forfeit or of the move played for the seat, and the move typed is not played.

        Raises:
            MatchError: ``no_match``, ``not_active``, ``not_seated``, ``seat_left`` (the caller's seat passed to the
                AI or to another member), ``move_too_long`` (more than
                :data:`MAX_MOVE_TEXT` characters, refused before any parsing), ``sequence_turn_over`` (a
                sequence goes on after the seat's turn is over) or ``sequence_past_chance`` (it goes on after
                a roll or a draw), ``time_up_vote`` (the seat's flag fell and the other players are to vote first).
            BoardChangedError: ``expected_version`` is stale, or another write won the race.
            NotYourTurnError: the caller's seat may not act now (key ``not_your_turn``).
            NotationError, IllegalMoveError: from the engine, unchanged.
        """
        if len(text) > MAX_MOVE_TEXT:
            raise MatchError("move_too_long", max=MAX_MOVE_TEXT)
        now = self._clock()
        async with self._store.transaction():
            found = await self._seated_or_replayed(match_id, user_id, interaction_id, Action.MOVE, expected_version)
            if isinstance(found, TurnReport):
                return found
            match, seat = found
            before = match.state
            if seat not in before.actors() or seat in match.ai:
                raise NotYourTurnError("it is not your turn", key="not_your_turn")
            # A flag that fell before this move, even in the same instant, is handled first: the policy's
            # forfeit or move stands instead of this move, and a vote refuses it until the vote is asked.
            if (timed_out := await self._time_up(match, seat, now)) is not None:
                return timed_out
            parts = sequence.split(text)
            state = before
            entries: list[LogEntry] = []
            for index, part in enumerate(parts):
                if index:
                    state, forced = await self._autoplay(
                        match, state, match.version + len(entries), now, entries, typing=seat
                    )
                    entries += forced
                    if any(e.kind is LogKind.CHANCE for e in entries):
                        # What follows a roll or a draw is chosen once it is known. Checked first, and the same
                        # whatever was drawn (the transaction forgets it): a refusal must not tell the result.
                        raise MatchError("sequence_past_chance", move=parts[index - 1])
                    if state.outcome() is not None or seat not in state.actors():
                        raise MatchError("sequence_turn_over", done=index, move=part)
                try:
                    first = interaction_id if not entries else None
                    state, more = await self._typed(match, state, seat, part, match.version + len(entries), now, first)
                except GameError as exc:
                    if len(parts) > 1:
                        exc.step = (index + 1, len(parts), part)
                    raise
                entries += more
            return await self._conclude(match, before, state, entries, now)

    async def _typed(
        self,
        match: Match,
        state: GameState,
        seat: Seat,
        text: str,
        version: int,
        now: datetime,
        interaction_id: int | None,
    ) -> tuple[GameState, list[LogEntry]]:
        """Play one typed decision of ``seat`` (a move, or a macro the game offers) at ``version``."""
        macro = self._macro(match.game, state, seat, text)
        if macro is not None:
            return await self._run_macro(replace(match, version=version), state, seat, macro, now, interaction_id)
        decision = state.parse_move(text, seat)
        if state.mover(decision) != seat:
            raise NotYourTurnError("that move is not yours to make", key="not_your_turn")
        return await self._decide(match, state, seat, decision, version, now, interaction_id)

    @staticmethod
    def _macro(game: GameInfo, state: GameState, seat: Seat, text: str) -> str | None:
        """The name of the bigger decision ``text`` asks for, when the game offers it to ``seat`` now."""
        if game.macros is None:
            return None
        wanted = " ".join(text.lower().split())
        return next((name for name in game.macros(state, seat) if name == wanted), None)

    async def _run_macro(
        self,
        match: Match,
        state: GameState,
        seat: Seat,
        name: str,
        now: datetime,
        interaction_id: int | None,
    ) -> tuple[GameState, list[LogEntry]]:
        """Play the single moves of the macro ``name`` one after the other, each logged as ``seat``'s move;
        the seat's own forced decisions in between are played too when ``autoplay`` is on."""
        assert match.game.macro_step is not None
        entries: list[LogEntry] = []
        while state.outcome() is None:
            step = match.game.macro_step(state, seat, name)
            if step is None and match.options.get("autoplay") == "on":
                forced = sequence.forced(match.game, state, seat)
                if forced is not None and match.game.macro_step(state.apply(forced), seat, name) is not None:
                    step = forced
            if step is None:
                break
            if len(entries) >= match.game.max_plies:
                raise RuntimeError(f"{match.game.id}: macro {name!r} does not end")
            first = interaction_id if not entries else None
            state, more = await self._decide(match, state, seat, step, match.version + len(entries), now, first)
            entries += more
        return state, entries

    async def ai_move(self, match_id: int, seat: Seat, text: str, *, expected_version: int) -> TurnReport:
        """Play ``text`` for the AI seat ``seat``, logged as that seat's move, then any chance steps.

        ``expected_version`` is the version the AI searched: if anything changed meanwhile (or the same
        move was already played, say by a run before a restart), nothing is written.

        Raises:
            MatchError: ``no_match``, ``not_active`` or ``not_ai`` (the AI does not play that seat).
            BoardChangedError: the match moved on since the AI looked.
            NotYourTurnError: the seat may not act now.
        """
        now = self._clock()
        async with self._store.transaction():
            match = await self._load_active(match_id)
            if not ai_acts(match, seat, Action.MOVE):
                raise MatchError("not_ai")
            if expected_version != match.version:
                raise BoardChangedError(match.version)
            before = match.state
            if seat not in before.actors():
                raise NotYourTurnError("it is not your turn", key="not_your_turn")
            decision = before.parse_move(text, seat)
            if before.mover(decision) != seat:
                raise NotYourTurnError("that move is not yours to make", key="not_your_turn")
            state, entries = await self._decide(match, before, seat, decision, match.version, now)
            return await self._conclude(match, before, state, entries, now)

    async def resign(
        self,
        match_id: int,
        user_id: int,
        *,
        interaction_id: int | None = None,
        expected_version: int | None = None,
    ) -> TurnReport:
        """Resign: in a two-player game the opponent wins.

        With three or more players the AI takes the seat over and the others play on (:meth:`_take_over`);
        the match ends, every other seat a winner, only when no member would be left playing. Only the member
        who plays the seat resigns it (:func:`bot.app.seats.acting.seat_for`). ``expected_version`` is the version the
        confirmation was asked at: a confirmation from an older board is refused.

        Raises:
            MatchError: ``no_match``, ``not_active``, ``not_seated`` or ``seat_left``.
            BoardChangedError: ``expected_version`` is stale.
        """
        now = self._clock()
        async with self._store.transaction():
            found = await self._seated_or_replayed(match_id, user_id, interaction_id, Action.RESIGN, expected_version)
            return found if isinstance(found, TurnReport) else await self._resign(*found, now, interaction_id)

    async def _resign(self, match: Match, seat: Seat, now: datetime, interaction_id: int | None = None) -> TurnReport:
        """``seat`` resigns (inside the caller's transaction): with three or more the AI takes the seat over and
        the match goes on, otherwise it ends and every other seat wins."""
        others = tuple(s for s in range(len(match.seats)) if s != seat)
        entry = LogEntry(match.version + 1, LogKind.RESIGN, seat, "resign", now, interaction_id)
        if (taken := await self._take_over(match, seat, entry, now)) is not None:
            return taken
        return await self._record(
            match, entry, now, status=MatchStatus.FINISHED, result=Outcome(Termination.RESIGNATION, winners=others)
        )

    async def abort(
        self, match_id: int, user_id: int, *, moderator: bool = False, organiser: bool = False
    ) -> TurnReport:
        """Stop the match without a result (its creator, or a moderator; an event's match: an organiser).

        Allowed in the lobby and while active; writes an ABORT log entry and the result
        ``Outcome(Termination.ABORTED)``. An event's match is stopped only by an ``organiser`` (its
        creator is merely the pairing's first player). In a rated match, once a player has made a
        decision, the creator cannot void the result alone: their abort counts as their resignation, exactly
        as :meth:`resign` (two players: a FINISHED match with result RESIGNATION; three or more: a RESIGN
        entry, the AI takes the creator's seat and the match goes on). Who may abort as the creator is
        :func:`bot.app.seats.acting.seat_for`'s to say: a creator whose seat the AI or another member plays now cannot.

        Raises:
            MatchError: ``no_match``, ``not_active`` (already finished or aborted), ``not_creator``,
                ``seat_left`` (the creator no longer holds a seat) or ``event_abort`` (an event's match, and
                the caller is no organiser).
        """
        now = self._clock()
        async with self._store.transaction():
            match = await self._load(match_id)
            if match.status not in (MatchStatus.LOBBY, MatchStatus.ACTIVE):
                raise MatchError("not_active")
            if await self._store.in_event(match.id):
                if not organiser:
                    raise MatchError("event_abort")
                return await self._abort(match, now)
            if moderator or organiser:
                return await self._abort(match, now)
            # Only a creator who still plays their seat: one who left (the AI or a member plays it now) has no
            # say over the match the others play on.
            seat = require_seat(match, user_id, Action.ABORT)
            if match.rated and match.status is MatchStatus.ACTIVE and await self._decided(match):
                return await self._resign(match, seat, now)
            return await self._abort(match, now)
