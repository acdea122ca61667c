"""``/game``'s lobby commands: open a match (``new``), join, leave and start it, and add a salt to its chance
(``salt``, before the first roll). The group is assembled in :mod:`bot.shell.groups`."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.app.clocks.deadlines import DEADLINE_CHOICES, DEFAULT_DEADLINE
from bot.app.clocks.game_clock import fits_pace
from bot.app.matches import MatchError
from bot.app.seats.ai import LEVELS
from bot.shell.context import ShellHolder
from bot.shell.lobby import card as lobby_card
from bot.shell.lobby.salt import salt as add_salt
from bot.shell.parameters import CLOCK, INCREMENT, clock_options, pace_choices, parse_variant, variant_choices
from bot.shell.translator import command, ls, opt, options


class LobbyCommands:
    """``/game new``, ``join``, ``leave``, ``start`` and ``salt``."""

    bot: ShellHolder

    @command("new", "Open a new match in this channel")
    @options(
        game=opt("game", "The game and rule set to play"),
        deadline=opt("deadline", "Time each player has for a turn (default 48 h)"),
        clock=CLOCK,
        increment=INCREMENT,
        on_timeout=opt("on_timeout", "When time runs out (default: the other players decide)"),
        thread=opt("thread", "Play in a new thread (default: yes when I may create threads)"),
        rated=opt("rated", "Count the result for ratings (default: yes)"),
        autoplay=opt("autoplay", "Play a decision for you when it is the only legal one (default: yes)"),
        ai=opt("ai", "Seat an AI player at once, at this level (more with the lobby's buttons)"),
    )
    @app_commands.choices(
        game=variant_choices(),
        **pace_choices(),
        ai=[app_commands.Choice(name=ls(level, f"choice.ai.{level}"), value=level) for level in LEVELS],
    )
    async def new(
        self,
        interaction: discord.Interaction,
        game: app_commands.Choice[str],
        deadline: app_commands.Choice[str] | None = None,
        clock: app_commands.Choice[str] | None = None,
        increment: app_commands.Choice[str] | None = None,
        on_timeout: app_commands.Choice[str] | None = None,
        thread: bool | None = None,
        rated: bool = True,
        autoplay: bool = True,
        ai: app_commands.Choice[str] | None = None,
    ) -> None:
        """Open a lobby (in a new thread when possible), with an AI seat when asked.

        With a game clock and no ``deadline`` chosen, the match has no turn limit: the clock alone bounds it
        (the default 48 h a turn would be meaningless beside minutes for the whole match)."""
        game_id, options = parse_variant(game.value)
        options["autoplay"] = "on" if autoplay else "off"
        timed = clock_options(clock, increment)
        options |= timed
        default = "none" if timed else DEFAULT_DEADLINE
        limit = DEADLINE_CHOICES[deadline.value if deadline else default]
        if not fits_pace(limit, options):
            raise MatchError("clock_by_post")  # before a thread is made for a lobby that would be refused
        policy = on_timeout.value if on_timeout else "vote"
        await lobby_card.create(
            self.bot.shell,
            interaction,
            game_id,
            options,
            turn_limit=limit,
            on_timeout=policy,
            thread=thread,
            rated=rated,
            ai_level=ai.value if ai else None,
        )

    @command("join", "Join the open match in this channel")
    async def join(self, interaction: discord.Interaction) -> None:
        """Take a seat in the lobby."""
        await self._lobby_action(interaction, "join")

    @command("leave", "Leave the open match before it starts")
    async def leave(self, interaction: discord.Interaction) -> None:
        """Give up a seat in the lobby."""
        await self._lobby_action(interaction, "leave")

    @command("start", "Start the match once enough players have joined")
    async def start(self, interaction: discord.Interaction) -> None:
        """Start the lobby's match."""
        await self._lobby_action(interaction, "start")

    async def _lobby_action(self, interaction: discord.Interaction, action: str) -> None:
        match = await self.bot.shell.ui.require_current(interaction)
        await lobby_card.lobby_action(self.bot.shell, interaction, action, match.id)

    @command("salt", "Add your own entropy to the match's dice and draws")
    @options(text=opt("text", "Any text of yours, mixed into every roll and draw", key="salt_text"))
    async def salt(self, interaction: discord.Interaction, text: app_commands.Range[str, 1, 100]) -> None:
        """Record the caller's salt before the first roll or draw."""
        await add_salt(self.bot.shell, interaction, None, text)
