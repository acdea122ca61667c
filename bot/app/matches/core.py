"""The shared machinery of the match service: load, check, decide, save in one transaction."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime
from types import MappingProxyType
from typing import Any

from bot.app import fairness
from bot.app.matches.log import (
    _entry,
    _row,
    advance_turns,
    autoplaying,
    count_turns,
    effective,
    holds_secret,
    outcome_from_json,
    outcome_to_json,
    replay,
    replay_states,
    sample_chance,
    seats_from_text,
    seats_text,
    snapshot_digest,
)
from bot.app.matches.model import (
    DECISIONS,
    BoardChangedError,
    Clock,
    LogEntry,
    LogKind,
    Match,
    MatchError,
    MatchStatus,
    ServiceConfig,
    Stopped,
    TurnCount,
    TurnReport,
)
from bot.app.matches.ratings import rates_ai, record_ratings
from bot.app.matches.seat_clocks import charge_ended_turns
from bot.app.seats.acting import Action, Refusal, seat_for
from bot.app.seats.ai import DEFAULT_TAKEOVER_LEVEL, is_ai, level_of
from bot.app.storage import (
    UNSET,
    ConflictError,
    MatchRow,
    SeatReplacement,
    Store,
)
from bot.app.storage.rows import record_from
from games import find_game, sequence
from games.ai import odds
from games.base import GameError, GameInfo, GameState, Outcome, Seat, Termination

log = logging.getLogger(__name__)


def require_seat(match: Match, user_id: int, action: Action) -> Seat:
    """The seat ``user_id`` acts for in ``action`` (:func:`bot.app.seats.acting.seat_for`, the one rule for every path).

    Raises:
        MatchError: the refusal's key (``not_seated``, ``seat_left``, ``not_creator``, ``already_seated``,
        ``draw_ai``, ``undo_ai``), or ``not_seated`` for an action that needs a seat of one's own.
    """
    found = seat_for(match, user_id, action)
    if isinstance(found, Refusal):
        raise MatchError(found.key, **found.params)
    if found is None:
        raise MatchError("not_seated")
    return found


class Core:
    """What every collaborator of the match service shares: the store, the clock, the configuration, and the
    machinery of one change (load a match, check the seat and the version, decide, draw chance, save).

    ``store`` is an open :class:`bot.app.storage.Store`. ``clock`` returns the current UTC time (the bot
    passes ``discord.utils.utcnow`` so SimCord's virtual clock applies).

    Every operation runs in one store transaction: load, check, apply the engine, append to the log,
    save the snapshot. The store's transaction holds its connection lock from BEGIN to COMMIT, so two
    coroutines never interleave inside one load→apply→save sequence (for the same match or any other);
    a caller holding a stale version gets :class:`BoardChangedError`. Bad input raises before anything
    is written, and any error rolls the whole transaction back. Every method here runs inside the caller's
    transaction.
    """

    def __init__(self, store: Store, clock: Clock, config: ServiceConfig | None = None) -> None:
        self._store = store
        self._clock = clock
        self.config = config or ServiceConfig()
        self._games: dict[str, GameInfo] = {}
        self._warned_live: set[tuple[int, int]] = set()
        """(match, seat) already warned that its time runs low in live play: one warning a match (see
        :meth:`bot.app.matches.clock.TurnClocks.due`). Kept in memory: a restart may send one more."""

    async def _conclude(
        self, match: Match, before: GameState, state: GameState, entries: list[LogEntry], now: datetime
    ) -> TurnReport:
        """Play the forced decisions that follow a decision, then save the whole change with its outcome."""
        state, forced = await self._autoplay(match, state, match.version + len(entries), now, entries)
        outcome = state.outcome()
        return await self._save(
            match,
            now=now,
            previous=before,
            state=state,
            entries=[*entries, *forced],
            status=MatchStatus.ACTIVE if outcome is None else MatchStatus.FINISHED,
            result=outcome,
        )

    async def _time_up(self, match: Match, seat: Seat, now: datetime) -> TurnReport | None:
        """Before ``seat`` acts in ``match`` at ``now``: when its game clock reached zero and the clock's sweep has
        not handled the flag yet, the match's timeout policy applies first (see
        :meth:`bot.app.matches.clock.TurnClocks._time_up`); None when the seat still has time."""
        return None

    async def _take_over(self, match: Match, seat: Seat, entry: LogEntry, now: datetime) -> TurnReport | None:
        """In a game of three or more, the AI takes over ``seat`` and the match goes on; None when the match
        must end instead (two players, or no member would be left playing)."""
        if not match.ai_takes_over(seat):
            return None
        await self._store.put_ai_seat(match.id, seat, DEFAULT_TAKEOVER_LEVEL, entry.ply + 1, entry.notation)
        report = await self._record(match, entry, now)
        return replace(report, match=await self._load(match.id))

    async def _load_lobby(self, match_id: int) -> Match:
        """A match that is still in its lobby (inside the caller's transaction)."""
        match = await self._load(match_id)
        if match.status is not MatchStatus.LOBBY:
            raise MatchError("not_in_lobby")
        return match

    async def _seated_or_replayed(
        self, match_id: int, user_id: int, interaction_id: int | None, action: Action, expected_version: int | None
    ) -> tuple[Match, Seat] | TurnReport:
        """The active match and the seat the caller acts for in ``action``, or the report of this interaction
        when it was applied already. With ``expected_version``, a match that moved on since is refused
        (:class:`BoardChangedError`).

        The match and the seat are checked before the interaction id is looked up, and only an interaction
        of this match by this player on their seat counts: nobody learns about another match through an id.
        A member whose resignation handed the seat to the AI still gets the replay of that resignation.
        """
        match = await self._load(match_id)
        held = match.seat_of(user_id)
        if held is not None and interaction_id is not None:
            done = await self._replayed(interaction_id, match.id)
            if done is not None and all(e.seat in (None, held) for e in done.entries):
                return done
        seat = require_seat(match, user_id, action)
        if match.status is not MatchStatus.ACTIVE:
            raise MatchError("not_active")
        if expected_version is not None and expected_version != match.version:
            raise BoardChangedError(match.version)
        return match, seat

    async def _load_active(self, match_id: int) -> Match:
        """A match being played (inside the caller's transaction).

        Raises:
            MatchError: ``no_match`` or ``not_active``.
        """
        match = await self._load(match_id)
        if match.status is not MatchStatus.ACTIVE:
            raise MatchError("not_active")
        return match

    async def _load_seated(self, match_id: int, user_id: int, action: Action) -> tuple[Match, Seat]:
        """An active match and the seat the caller acts for in ``action`` (inside the caller's transaction)."""
        match = await self._load_active(match_id)
        return match, require_seat(match, user_id, action)

    async def _decided(self, match: Match) -> bool:
        """True once a player made a decision in ``match`` (a move that stands, by hand or by the clock)."""
        entries = effective([_entry(r) for r in await self._store.load_moves(match.id)])
        return any(e.kind in DECISIONS for e in entries)

    def _game(self, game_id: str) -> GameInfo:
        game = self._games.get(game_id)
        if game is None:
            game = self._games[game_id] = find_game(game_id)
        return game

    async def _load(self, match_id: int, *, repair: bool = False) -> Match:
        row = await self._store.load_match_row(match_id)
        if row is None:
            raise MatchError("no_match")
        return await self._from_row(row, repair=repair)

    async def _from_row(self, row: MatchRow, *, repair: bool) -> Match:
        """Build a Match from its row: the snapshot when it is usable, otherwise a replay of the log."""
        game = self._game(row.game)
        status = MatchStatus(row.status)
        parts = await self._store.load_match_parts(row.id)
        seats, ai_rows, fair = tuple(parts.seats), parts.ai, parts.fairness
        options = MappingProxyType(dict(row.options))
        state: GameState | None = None
        trusted = row.state is not None and row.state_digest == snapshot_digest(
            row.game, row.options, row.version, row.state
        )
        if row.state is not None and row.version == row.log_version and trusted:
            try:
                state = game.from_text(row.state)
            except (GameError, ValueError) as exc:
                log.warning("match %s: unreadable snapshot (%s); rebuilding it from the log", row.id, exc)
        elif row.state is not None and row.version == row.log_version:
            if row.state_digest is not None:
                log.warning("match %s: the snapshot does not match its digest; rebuilding it from the log", row.id)
        elif row.state is not None:
            log.warning(
                "match %s: snapshot at version %s but the log has %s entries; rebuilding it from the log",
                row.id,
                row.version,
                row.log_version,
            )
        if state is None:
            if status is MatchStatus.LOBBY or (row.state is None and row.log_version == 0):
                # Never started: the "state" is the opening position for the table as it is now.
                players = min(max(len(seats), game.min_players), game.max_players)
                state = game.new(players, options)
            else:
                entries = [_entry(r) for r in await self._store.load_moves(row.id)]
                state = replay(game, options, len(seats), entries)
                if repair:
                    text = state.to_text()
                    await self._store.update_match(
                        row.id,
                        now=row.updated_at,
                        state=text,
                        version=row.log_version,
                        state_digest=snapshot_digest(row.game, row.options, row.log_version, text),
                    )
        ai = {s: level_of(uid) for s, uid in enumerate(seats) if is_ai(uid)}
        ai.update({s: level for s, (level, _, _) in ai_rows.items()})
        takeovers = {s: (ply, reason) for s, (_, ply, reason) in ai_rows.items() if reason != "seated"}
        replaced: dict[Seat, tuple[SeatReplacement, ...]] = {}
        for r in sorted(parts.replacements, key=lambda r: (r.seat, r.ply)):
            replaced[r.seat] = (*replaced.get(r.seat, ()), r)
        return record_from(
            Match,
            row,
            game=game,
            options=options,
            status=status,
            version=row.log_version,  # the log's count, not the row's column, which lags on a stale row
            state=state,
            seats=seats,
            result=None if row.result is None else outcome_from_json(row.result),
            fair=None
            if fair is None
            else fairness.Fairness(fair[0], fair[1], fair[2], MappingProxyType(fair[3]), parts.seals),
            ai=MappingProxyType(ai),
            takeovers=MappingProxyType(takeovers),
            undos=tuple(parts.undos),
            replacements=MappingProxyType(replaced),
            turns=None if row.turn is None else TurnCount(row.turn, seats_from_text(row.turn_seats or "")),
        )

    async def _chance_steps(
        self, match: Match, state: GameState, version: int, now: datetime
    ) -> tuple[GameState, list[LogEntry]]:
        """Sample and apply chance outcomes until a decision (or the end); ``version`` = plies so far.

        A provably fair match draws each step from its committed seed and salts at the entry's position in
        the effective log (:func:`bot.app.fairness.effective_step`); an older match samples from its seed.
        """
        entries: list[LogEntry] = []
        undos = list(match.undos)
        while state.is_chance() and state.outcome() is None:
            if len(entries) >= match.game.max_plies:
                raise RuntimeError(f"{match.game.id}: more than {match.game.max_plies} chance steps in a row")
            ply = version + len(entries) + 1
            if match.fair is None:
                outcome = sample_chance(state.chance_outcomes(), match.seed, ply)
            else:
                outcome = fairness.draw(
                    state.chance_outcomes(),
                    match.fair.server_seed,
                    match.fair.salts_in_seat_order(match.seats),
                    match.id,
                    fairness.effective_step(ply, undos),
                )
            text = state.format_move(outcome)
            state = state.apply(outcome)
            entries.append(LogEntry(ply, LogKind.CHANCE, None, text, now, after=state))
        return state, entries

    async def _decide(
        self,
        match: Match,
        state: GameState,
        seat: Seat,
        decision: Any,
        version: int,
        now: datetime,
        interaction_id: int | None = None,
    ) -> tuple[GameState, list[LogEntry]]:
        """Apply ``seat``'s decision at ``version`` (plies so far) and the chance steps after it."""
        decided = state.apply(decision)
        entry = LogEntry(version + 1, LogKind.MOVE, seat, state.format_move(decision), now, interaction_id, decided)
        after, chance = await self._chance_steps(match, decided, entry.ply, now)
        return after, [entry, *chance]

    async def _autoplay(
        self,
        match: Match,
        state: GameState,
        version: int,
        now: datetime,
        made: Sequence[LogEntry] = (),
        *,
        typing: Seat | None = None,
    ) -> tuple[GameState, list[LogEntry]]:
        """Play what nobody needs to be asked for, until a member must choose or the match is over
        (``version`` = plies so far): with the match option ``autoplay`` on, every decision that is the only legal
        one (logged as its seat's move); and for a member's seat, the first move one of the configured stand-ins
        offers (:class:`.model.StandIn`: a plan, a standing order, the autopilot; logged as the seat's move with
        the stand-in's name). ``made``: the change's entries before these (a stand-in reads the change whole).
        ``typing``: the seat whose member is typing several decisions at once, between two of them: its stand-ins
        wait for the end of what the member typed, which they must not cut short."""
        entries: list[LogEntry] = []
        forcing = match.options.get("autoplay") == "on"
        if not forcing and not self.config.stand_ins:
            return state, entries
        while state.outcome() is None and len(state.actors()) == 1:
            (seat,) = state.actors()
            stand_in: str | None = None
            move = sequence.forced(match.game, state, seat) if forcing else None
            if move is None and seat != typing:
                move, stand_in = await self._stand_in(replace(match, unsaved=(*made, *entries)), state, seat)
            if move is None:
                break
            if len(entries) >= match.game.max_plies:
                raise RuntimeError(f"{match.game.id}: more than {match.game.max_plies} decisions played in a row")
            state, more = await self._decide(match, state, seat, move, version + len(entries), now)
            if stand_in is not None:
                more[0] = replace(more[0], stand_in=stand_in)
            entries += more
        return state, entries

    async def _stand_in(self, match: Match, state: GameState, seat: Seat) -> tuple[Any, str | None]:
        """The move the first willing stand-in plays for the member at ``seat``, and its name; (None, None) when
        the seat is the AI's or a member must be asked."""
        user_id = match.seats[seat]
        if not self.config.stand_ins or seat in match.ai or is_ai(user_id):
            return None, None
        stopped: Stopped | None = None
        for stand_in in self.config.stand_ins:
            move = await stand_in.choose(self._store, match, state, seat, user_id)
            if isinstance(move, Stopped):
                stopped = stopped or move
                continue
            if move is not None:
                return move, stand_in.name
        # The member is asked: why, when a stand-in stopped, for their own messages only (nothing when none did).
        asked = match.version + len(match.unsaved)
        await self._store.put_asked_why(match.id, user_id, asked, None if stopped is None else stopped.to_text())
        return None, None

    async def _record(
        self,
        match: Match,
        entry: LogEntry,
        now: datetime,
        *,
        status: MatchStatus = MatchStatus.ACTIVE,
        result: Outcome | None = None,
    ) -> TurnReport:
        """Save a change that logs ``entry`` without moving the position (a resignation, a seat changing
        hands, an agreed draw...)."""
        return await self._save(
            match, now=now, previous=match.state, state=match.state, entries=[entry], status=status, result=result
        )

    async def _save(
        self,
        match: Match,
        *,
        now: datetime,
        previous: GameState,
        state: GameState,
        entries: Sequence[LogEntry],
        status: MatchStatus,
        result: Outcome | None,
    ) -> TurnReport:
        """Append ``entries`` and save the match row; the caller's transaction makes it one change."""
        version = match.version + len(entries)
        try:
            await self._store.append_moves(match.id, [_row(e) for e in entries])
        except ConflictError as exc:
            # The (match_id, ply) key refused the append: someone else wrote these plies first.
            row = await self._store.load_match_row(match.id)
            raise BoardChangedError(row.log_version if row else version) from exc
        if played_for := [(e.ply, e.stand_in) for e in entries if e.stand_in is not None]:
            await self._store.put_played_for(match.id, played_for)
        await self._seal(match, entries, now)
        # A match that never started keeps no snapshot (an aborted lobby), nor a turn count.
        started = match.status is not MatchStatus.LOBBY or status in (MatchStatus.ACTIVE, MatchStatus.FINISHED)
        turns = await self._count(match, previous, entries) if started else None
        text = state.to_text()
        # The chart of a finished match is the judge's of the day: the record keeps which judge that was.
        judged = odds.version(state) if status is MatchStatus.FINISHED and match.status is not status else None
        await self._store.update_match(
            match.id,
            now=now,
            status=UNSET if status is match.status else status.value,
            version=version,
            state=text if started else UNSET,
            state_digest=snapshot_digest(match.game.id, match.options, version, text) if started else UNSET,
            result=UNSET if result is None else outcome_to_json(result),
            turn=UNSET if turns is None else turns.number,
            turn_seats=UNSET if turns is None else seats_text(turns.acting),
            judge_version=UNSET if judged is None else judged,
        )
        if status is MatchStatus.FINISHED and result is not None and match.rated and await rates_ai(self._store, match):
            await record_ratings(self._store, match, result, now)
        if status is not MatchStatus.ACTIVE and match.status is MatchStatus.ACTIVE:
            await self._store.delete_proposal("replace", match.id)  # a request lapses when the match ends
        # The seats that must act now keep (or start) their turn clocks; the others' clocks stop.
        acting = state.actors() if status is MatchStatus.ACTIVE else ()
        if started:
            await charge_ended_turns(self._store, match, acting, now)
        await self._store.set_clocks(match.id, acting, now=now)
        after = replace(match, status=status, version=version, state=state, result=result, updated_at=now, turns=turns)
        if judged is not None:
            after = replace(after, judge_version=judged)
        secret = holds_secret(match.game, entries)
        return TurnReport(match=after, entries=tuple(entries), previous_state=previous, turn=after.turn, secret=secret)

    async def _seal(self, match: Match, entries: Sequence[LogEntry], now: datetime) -> None:
        """Seal every chosen secret among ``entries`` (just appended) with a fresh nonce, in the same transaction
        (:data:`bot.app.fairness.SEAL_SCHEME`): a decision whose public notation hides part of it."""
        if match.fair is None or match.fair.seals is None:
            return
        seals = [
            fairness.seal(match.id, e.ply, e.seat, e.notation, self.config.nonce_factory())
            for e in entries
            if e.seat is not None and holds_secret(match.game, (e,))
        ]
        if seals:
            await self._store.put_seals(match.id, [(s.ply, s.seat, s.commitment, s.nonce) for s in seals], now=now)

    async def _count(self, match: Match, previous: GameState, entries: Sequence[LogEntry]) -> TurnCount:
        """The turn count once ``entries`` (already appended) are played: advanced over the new entries alone,
        or counted once from the whole log after an undo (which returns to an earlier count) and for a match
        not counted since migration 0014."""
        if match.status is MatchStatus.LOBBY:
            return advance_turns(TurnCount(0, frozenset()), previous, entries, autoplaying(match))
        if match.turns is not None and all(e.kind is not LogKind.UNDO for e in entries):
            return advance_turns(match.turns, previous, entries, autoplaying(match))
        full = [_entry(r) for r in await self._store.load_moves(match.id)]
        return count_turns(full, replay_states(match, full), autoplaying(match))

    async def _abort(self, match: Match, now: datetime) -> TurnReport:
        entry = LogEntry(match.version + 1, LogKind.ABORT, None, "abort", now)
        return await self._record(match, entry, now, status=MatchStatus.ABORTED, result=Outcome(Termination.ABORTED))

    async def _replayed(self, interaction_id: int, match_id: int) -> TurnReport | None:
        """The report of an interaction already applied to ``match_id``, or None if it is new there."""
        found = await self._store.load_interaction(interaction_id)
        if found is None or found[0] != match_id:
            return None
        rows = found[1]
        match = await self._load(match_id)
        entries = tuple(_entry(r) for r in rows)
        earlier = [_entry(r) for r in await self._store.load_moves(match_id) if r.ply < entries[0].ply]
        previous = replay(match.game, match.options, len(match.seats), earlier)
        secret = holds_secret(match.game, entries)
        return TurnReport(match, entries, replayed=True, previous_state=previous, turn=match.turn, secret=secret)
