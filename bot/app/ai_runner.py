"""The AI seats at the table: whenever one must act, it plays through the match service.

Triggers: every published change (``on_match_changed``, dispatched after each new board), the clock
tick and start-up (:meth:`AIRunner.sweep`, which asks the database which matches wait for an AI). The
search runs off the event loop (``asyncio.to_thread``); one runner at a time per match (a later trigger asks
the running one to look again); the
move is submitted with the version the AI looked at, so a move computed twice (say, before and after a
restart) is written once and the second attempt fails harmlessly with ``BoardChangedError``.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections.abc import Awaitable, Callable

from bot.app.config import Config
from bot.app.matches import BoardChangedError, Match, MatchError, MatchService, TurnReport
from games import sequence
from games.ai import Agent, make_agent
from games.ai.strategy import Plans
from games.base import GameError, Seat

log = logging.getLogger(__name__)


def _thinker(
    match: Match, seat: Seat, level: str, seconds: float | None, plans: Plans | None = None
) -> tuple[Agent, random.Random]:
    """The agent at ``level`` for ``match``'s table, and its generator, seeded by the match's seed and
    version so that the same position asks the same question. ``plans``: what earlier decisions of the
    same turn planned (see :class:`games.ai.Plans`)."""
    agent = make_agent(match.game.id, level, seconds=seconds, players=len(match.seats), plans=plans)
    return agent, random.Random(f"{match.seed}:ai:{match.version}:{seat}")


def ai_decision(
    match: Match, seat: Seat, level: str, *, seconds: float | None = None, plans: Plans | None = None
) -> str:
    """The notation of the move the AI at ``level`` chooses for ``seat``, from that seat's view only.

    ``plans`` carries a planned turn from one decision to the next (Ultima-Tek plans a whole turn in one
    search); without it each decision is searched afresh."""
    agent, rng = _thinker(match, seat, level, seconds, plans)
    state = match.state
    move = agent.choose(state.view_for(seat), state.legal_moves(seat), rng)
    return state.format_move(move)


HINT_TURN_SECONDS = 3.0
"""A whole-turn hint stops thinking after this long (or three decision budgets, if more): the rest of the
turn is then left out."""


def ai_turn(match: Match, seat: Seat, level: str, *, seconds: float | None = None) -> tuple[list[str], bool]:
    """The decisions the AI at ``level`` would make for ``seat`` up to the end of its turn, a roll or a draw
    (the forced ones left to autoplay), in notation: what ``/game move`` takes at once, joined by ``;``; and
    whether they reach that end (False: the time ran out first).

    One agent thinks for the whole turn, so games whose AI plans a turn (Ultima-Tek) pay for one search.
    The position moves on only by the seat's own decisions, each chosen from the seat's view.
    """
    agent, rng = _thinker(match, seat, level, seconds)
    budget = max(HINT_TURN_SECONDS, 3 * (seconds or 0.0))
    began = time.perf_counter()
    moves: list[str] = []
    autoplay = match.options.get("autoplay") == "on"
    for text, state in sequence.typed_turn(
        match.game,
        match.state,
        seat,
        lambda position: agent.choose(position.view_for(seat), position.legal_moves(seat), rng),
        autoplay=autoplay,
    ):
        moves.append(text)
        if sequence.turn_goes_on(state, seat) and time.perf_counter() - began >= budget:
            return moves, False
    return moves, True


class AIRunner:
    """Plays the AI seats of the bot's matches (see the module docstring).

    ``owns`` tells whether this process looks after a server's matches (shards); ``publish`` shows a change
    the AI made, as every other change is shown.
    """

    def __init__(
        self,
        service: MatchService,
        config: Config,
        *,
        owns: Callable[[int | None], bool],
        publish: Callable[[TurnReport], Awaitable[object]],
    ) -> None:
        self.service = service
        self.config = config
        self._owns = owns
        self._publish = publish
        # The matches a runner is playing for, and those it must look at once more before it stops: only while
        # it runs (a bot up for weeks meets tens of thousands of matches with an AI seat).
        self._running: set[int] = set()
        self._again: set[int] = set()
        self._tasks: set[asyncio.Task[None]] = set()
        # A turn planned by one search is followed by the next decisions of the same seat; forgotten once the
        # runner stops.
        self._plans: dict[int, Plans] = {}

    def schedule(self, match: Match) -> None:
        """Start playing ``match``'s AI seats in the background if one must act."""
        if not match.ai_to_act():
            return
        task = asyncio.get_running_loop().create_task(self.run(match.id))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def sweep(self) -> None:
        """Play for every match waiting for an AI seat (start-up, clock tick)."""
        for match in await self.service.waiting_for_ai():
            if self._owns(match.guild_id):  # another shard process plays the others
                self.schedule(match)

    async def idle(self) -> None:
        """Wait until no AI is thinking or moving (tests)."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    async def run(self, match_id: int) -> None:
        """Play AI moves in ``match_id`` until a member must act or the match ends."""
        if match_id in self._running:
            self._again.add(match_id)  # the running one looks once more before leaving
            return
        self._running.add(match_id)
        try:
            while True:
                self._again.discard(match_id)
                try:
                    played = await self._step(match_id)
                except Exception:
                    log.exception("AI move in match %s failed", match_id)
                    played = False
                if not played and match_id not in self._again:
                    break
        finally:
            self._running.discard(match_id)
            self._again.discard(match_id)
            self._plans.pop(match_id, None)

    def remembered(self) -> int:
        """How many matches the runner keeps anything for (those it is playing for right now)."""
        return len(self._running | self._again | self._plans.keys())

    async def _step(self, match_id: int) -> bool:
        """One AI move if one is due; False when no AI must act."""
        service = self.service
        match = await service.get(match_id)
        seats = match.ai_to_act()
        if not seats:
            self._plans.pop(match_id, None)
            return False
        seat = seats[0]
        if self.config.ai_delay > 0:
            await asyncio.sleep(self.config.ai_delay)
        plans = self._plans.setdefault(match_id, Plans())
        text = await asyncio.to_thread(
            ai_decision, match, seat, match.ai[seat], seconds=self.config.ai_seconds, plans=plans
        )
        try:
            report = await service.ai_move(match.id, seat, text, expected_version=match.version)
        except BoardChangedError:
            log.info("match %s moved on while the AI thought; looking again", match_id)
            return True
        except (MatchError, GameError) as exc:
            log.info("AI move %r refused in match %s: %s", text, match_id, exc)
            return False
        await self._publish(report)
        return True
