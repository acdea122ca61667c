"""The clock: a ``tasks.loop`` tick that reads from the database what is due (reminders, deadlines).

Nothing is scheduled in memory: each tick asks the match service what is due now, so a restart in
the middle of a turn resumes exactly where the database says, without losing or repeating a reminder.
"""

from __future__ import annotations

import logging
from datetime import datetime
from typing import Any, Protocol

import discord
from discord.ext import commands, tasks

from bot.app.ai_runner import AIRunner
from bot.app.clocks.game_clock import live_play
from bot.app.config import Config
from bot.app.events import EventService
from bot.app.matches import Match, MatchService
from bot.shell.pbp.post_ui import PostUI

log = logging.getLogger(__name__)

TICK_SECONDS = 60
MIN_TICK_SECONDS = 1.0
"""The shortest wait between two ticks (and the margin added after a threshold, so it has passed)."""


class RoundTicks(Protocol):
    """What the clock uses of the events' handlers (:class:`bot.shell.events.EventUI`, which stands above play by
    post): their timed rounds' tick."""

    async def round_tick(self, now: datetime) -> None: ...


class Ticking(Protocol):
    """What the clock uses of the bot (:class:`bot.shell.client.PlateauBot`, the composition root, which a feature
    does not import)."""

    config: Config
    service: MatchService
    events: EventService
    pbp: PostUI
    ai: AIRunner

    @property
    def event_ui(self) -> RoundTicks | None: ...

    def start_warm_up(self) -> None: ...

    def dispatch(self, event_name: str, /, *args: Any, **kwargs: Any) -> None: ...

    async def wait_until_ready(self) -> None: ...

    async def add_cog(self, cog: commands.Cog) -> None: ...


class ClockCog(commands.Cog):
    """Runs :meth:`bot.shell.pbp.post_ui.PostUI.tick` every minute."""

    def __init__(self, bot: Ticking) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        """Start ticking once the bot is set up."""
        self.tick.change_interval(seconds=self.bot.config.tick_seconds)
        self.tick.start()

    async def cog_unload(self) -> None:
        """Stop ticking."""
        self.tick.cancel()

    @tasks.loop(seconds=TICK_SECONDS)
    async def tick(self) -> None:
        """Handle what is due now; one failure never stops the clock."""
        try:
            await self.bot.pbp.tick(discord.utils.utcnow())
        except Exception:
            log.exception("clock tick failed")
        if self.bot.event_ui is not None:
            try:
                await self.bot.event_ui.round_tick(discord.utils.utcnow())
            except Exception:
                log.exception("timed rounds tick failed")
        try:
            # Any match waiting for an AI seat (after a restart, or a missed event) gets its move.
            await self.bot.ai.sweep()
        except Exception:
            log.exception("AI sweep failed")
        # Listeners with work of their own each tick (the desks: marks of other processes, daily digests).
        self.bot.dispatch("clock_tick", discord.utils.utcnow())
        # The artwork is drawn once the first tick has caught up with the restart (see start_warm_up).
        self.bot.start_warm_up()
        try:
            self.tick.change_interval(seconds=await self.next_interval())
        except Exception:
            log.exception("clock could not plan its next tick")

    async def next_interval(self) -> float:
        """Seconds until the next tick: the usual period, or sooner when a running turn reaches a threshold
        (a live turn of minutes must end on time, not up to a period late)."""
        period = self.bot.config.tick_seconds
        now = discord.utils.utcnow()
        wakes = [await self.bot.service.next_wake(now), await self.bot.events.next_round_step(now)]
        wake = min((w for w in wakes if w is not None), default=None)
        if wake is None:
            return period
        return max(MIN_TICK_SECONDS, min(period, (wake - now).total_seconds() + MIN_TICK_SECONDS))

    @commands.Cog.listener()
    async def on_match_changed(self, match: Match) -> None:
        """A live turn just began (or changed hands): the sleeping tick is woken in time for its reminders and
        deadline, which a tick planned before the turn existed would miss by up to a period."""
        await self._replan(match)

    @commands.Cog.listener()
    async def on_turn_extended(self, match: Match) -> None:
        """The players chose to wait for a late seat: its fresh turn (a game clock's grace) must end on time too."""
        await self._replan(match)

    async def _replan(self, match: Match) -> None:
        if not live_play(match.turn_limit, match.options) or not self.tick.is_running():
            return
        try:
            self.tick.change_interval(seconds=await self.next_interval())
        except Exception:
            log.exception("clock could not plan its next tick")

    @tick.before_loop
    async def before_tick(self) -> None:
        """Wait until the bot is connected before the first tick."""
        await self.bot.wait_until_ready()


async def setup(bot: Ticking) -> None:
    """Extension entry point."""
    await bot.add_cog(ClockCog(bot))
