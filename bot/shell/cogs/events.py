"""The ``/event`` command group: association events (tournaments), thin adapters to :class:`bot.shell.events.EventUI`.

Organisers (members who can manage the server, or who hold the role set with ``/event config role``)
create, start, advance, correct and cancel events; anyone signs up with the card's buttons, withdraws,
and reads the standings, the list and the log. The cog receives the event handlers the client built,
registers the card's persistent buttons and listens for ``match_finished`` to count event results.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.app.deadlines import DEADLINE_CHOICES
from bot.app.events import MAX_ROUNDS, OUTCOMES, EventFormat, EventService, EventStatus
from bot.app.i18n import language_of, t
from bot.app.matches import Match
from bot.shell.cogs.game import MAX_CHOICES, deadline_choices, parse_variant, timeout_choices, variant_choices
from bot.shell.events import COG_NAME, EVENT_ITEMS, EventUI
from bot.shell.translator import ls

if TYPE_CHECKING:
    from bot.shell.client import PlateauBot

log = logging.getLogger(__name__)

DEFAULT_EVENT_DEADLINE = "72h"
"""Event games are play by post like any other; three days a turn suits a club's weekly rhythm."""
FORMAT_LABELS = {
    "swiss": "Swiss (2-player games)",
    "round_robin": "Round robin (2-player games)",
    "tables": "Seated tables of 3 to 6 (multiplayer games)",
}
OUTCOME_LABELS = {
    "win": "The player won",
    "draw": "Draw",
    "loss": "The player lost",
    "double_loss": "Both players lose",
}
EVENT_OPTION = ls("event", "opt.event.name")
EVENT_DESC = ls("Event number (default: this channel's)", "opt.event.desc")


@app_commands.guild_only()
class EventCog(
    commands.GroupCog,
    name=COG_NAME,
    group_name=ls("event", "cmd.event.name"),
    group_description=ls("Association events: tournaments over several rounds", "cmd.event.desc"),
):
    """Create, run and follow events (see the module docstring)."""

    config = app_commands.Group(
        name=ls("config", "cmd.event.config.name"),
        description=ls("Event settings of this server", "cmd.event.config.desc"),
    )

    def __init__(self, bot: PlateauBot, ui: EventUI | None) -> None:
        self.bot = bot
        self._ui = ui
        super().__init__()

    @property
    def ui(self) -> EventUI:
        """The event handlers the client built (none when the cog is loaded alone, to inspect its commands)."""
        if self._ui is None:
            raise RuntimeError("the event handlers are built by the client's setup")
        return self._ui

    @property
    def service(self) -> EventService:
        """The bot's event service."""
        return self.ui.events

    async def cog_load(self) -> None:
        """Register the card's persistent buttons."""
        self.bot.add_dynamic_items(*EVENT_ITEMS)

    async def cog_unload(self) -> None:
        """Forget the card's buttons."""
        self.bot.remove_dynamic_items(*EVENT_ITEMS)

    @commands.Cog.listener()
    async def on_match_finished(self, match: Match) -> None:
        """Count an event game's result; one failure must not stop the others."""
        try:
            await self.ui.match_finished(match)
        except Exception:
            log.exception("could not count the result of match %s for its event", match.id)

    async def event_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[int]]:
        """The server's events whose number or name contains what was typed, open ones first."""
        if interaction.guild_id is None:
            return []
        lang = language_of(interaction.locale)
        typed = current.strip().lower().lstrip("#")
        events = await self.service.events_of_guild(interaction.guild_id)
        events.sort(key=lambda e: e.status not in (EventStatus.SIGNUP, EventStatus.RUNNING))
        found = [e for e in events if typed in str(e.id) or typed in e.name.lower()]
        choices = []
        for e in found[:MAX_CHOICES]:
            status = t(lang, f"event.status.{e.status.value}", round=e.current_round, rounds=e.rounds)
            choices.append(app_commands.Choice(name=f"#{e.id} {e.name} · {status}"[:100], value=e.id))
        return choices

    @app_commands.command(
        name=ls("create", "cmd.event.create.name"),
        description=ls("Create an event in this channel; players sign up with a button", "cmd.event.create.desc"),
    )
    @app_commands.rename(
        name=ls("name", "opt.event_name.name"),
        game=ls("game", "opt.game.name"),
        format=ls("format", "opt.format.name"),
        rounds=ls("rounds", "opt.rounds.name"),
        deadline=ls("deadline", "opt.deadline.name"),
        on_timeout=ls("on_timeout", "opt.on_timeout.name"),
        auto_advance=ls("auto_advance", "opt.auto_advance.name"),
        rated=ls("rated", "opt.rated.name"),
    )
    @app_commands.describe(
        name=ls("The event's name, e.g. Spring Open", "opt.event_name.desc"),
        game=ls("The game and rule set of every match", "opt.event_game.desc"),
        format=ls("Swiss, round robin, or seated tables", "opt.format.desc"),
        rounds=ls("Number of rounds (a round robin plays all of them)", "opt.rounds.desc"),
        deadline=ls("Time each player has for a turn (default 72 h)", "opt.event_deadline.desc"),
        on_timeout=ls("When time runs out (default: the late player forfeits)", "opt.event_on_timeout.desc"),
        auto_advance=ls("Start each round as soon as the previous one ends", "opt.auto_advance.desc"),
        rated=ls("Count the results for ratings (default: yes)", "opt.rated.desc"),
    )
    @app_commands.choices(
        game=variant_choices(),
        format=[app_commands.Choice(name=ls(FORMAT_LABELS[k], f"choice.format.{k}"), value=k) for k in FORMAT_LABELS],
        deadline=deadline_choices(),
        on_timeout=timeout_choices(),
    )
    async def create(
        self,
        interaction: discord.Interaction,
        name: app_commands.Range[str, 1, 80],
        game: app_commands.Choice[str],
        format: app_commands.Choice[str],
        rounds: app_commands.Range[int, 1, MAX_ROUNDS] = 3,
        deadline: app_commands.Choice[str] | None = None,
        on_timeout: app_commands.Choice[str] | None = None,
        auto_advance: bool = False,
        rated: bool = True,
    ) -> None:
        """Open an event for sign-up."""
        game_id, options = parse_variant(game.value)
        await self.ui.create(
            interaction,
            name=name,
            game_id=game_id,
            options=options,
            format=EventFormat(format.value),
            rounds=rounds,
            turn_limit=DEADLINE_CHOICES[deadline.value if deadline else DEFAULT_EVENT_DEADLINE],
            on_timeout=on_timeout.value if on_timeout else "forfeit",
            auto_advance=auto_advance,
            rated=rated,
        )

    @app_commands.command(
        name=ls("start", "cmd.event.start.name"),
        description=ls("Close sign-up and start the first round", "cmd.event.start.desc"),
    )
    @app_commands.rename(event=EVENT_OPTION)
    @app_commands.describe(event=EVENT_DESC)
    async def start(self, interaction: discord.Interaction, event: int | None = None) -> None:
        """Start the event."""
        await self.ui.start(interaction, event)

    start.autocomplete("event")(event_autocomplete)

    @app_commands.command(
        name=ls("next", "cmd.event.next.name"),
        description=ls("Start the next round once every game of this one has ended", "cmd.event.next.desc"),
    )
    @app_commands.rename(event=EVENT_OPTION)
    @app_commands.describe(event=EVENT_DESC)
    async def next_round(self, interaction: discord.Interaction, event: int | None = None) -> None:
        """Pair the next round."""
        await self.ui.next_round(interaction, event)

    next_round.autocomplete("event")(event_autocomplete)

    @app_commands.command(
        name=ls("standings", "cmd.event.standings.name"),
        description=ls("The standings so far, with an image and a CSV file", "cmd.event.standings.desc"),
    )
    @app_commands.rename(event=EVENT_OPTION, public=ls("public", "opt.public.name"))
    @app_commands.describe(
        event=EVENT_DESC, public=ls("Post them for everyone (default: only you see them)", "opt.public.desc")
    )
    async def standings(self, interaction: discord.Interaction, event: int | None = None, public: bool = False) -> None:
        """Show the standings."""
        await self.ui.show_standings(interaction, event, public)

    standings.autocomplete("event")(event_autocomplete)

    @app_commands.command(
        name=ls("result", "cmd.event.result.name"),
        description=ls("Set or correct the result of a game (organisers)", "cmd.event.result.desc"),
    )
    @app_commands.rename(
        round=ls("round", "opt.round.name"),
        player=ls("player", "opt.player.name"),
        outcome=ls("outcome", "opt.outcome.name"),
        places=ls("places", "opt.places.name"),
        event=EVENT_OPTION,
    )
    @app_commands.describe(
        round=ls("The round of the game", "opt.round.desc"),
        player=ls("A player of the game", "opt.player.desc"),
        outcome=ls("Two-player games: the result for that player", "opt.outcome.desc"),
        places=ls("Tables: places in seat order, e.g. 2 1 3 4", "opt.places.desc"),
        event=EVENT_DESC,
    )
    @app_commands.choices(
        outcome=[app_commands.Choice(name=ls(OUTCOME_LABELS[k], f"choice.outcome.{k}"), value=k) for k in OUTCOMES]
    )
    async def result(
        self,
        interaction: discord.Interaction,
        round: app_commands.Range[int, 1, MAX_ROUNDS * 2],
        player: discord.Member,
        outcome: app_commands.Choice[str] | None = None,
        places: app_commands.Range[str, 1, 40] | None = None,
        event: int | None = None,
    ) -> None:
        """Replace a game's result."""
        await self.ui.replace_result(interaction, event, round, player, outcome.value if outcome else None, places)

    result.autocomplete("event")(event_autocomplete)

    @app_commands.command(
        name=ls("withdraw", "cmd.event.withdraw.name"),
        description=ls("Leave an event (organisers: withdraw a player)", "cmd.event.withdraw.desc"),
    )
    @app_commands.rename(player=ls("player", "opt.player.name"), event=EVENT_OPTION)
    @app_commands.describe(
        player=ls("Organisers: the player to withdraw (default: yourself)", "opt.withdraw_player.desc"),
        event=EVENT_DESC,
    )
    async def withdraw(
        self, interaction: discord.Interaction, player: discord.Member | None = None, event: int | None = None
    ) -> None:
        """Withdraw from the event."""
        await self.ui.withdraw(interaction, event, player)

    withdraw.autocomplete("event")(event_autocomplete)

    @app_commands.command(
        name=ls("cancel", "cmd.event.cancel.name"),
        description=ls("Cancel an event; its matches go on as ordinary matches", "cmd.event.cancel.desc"),
    )
    @app_commands.rename(event=EVENT_OPTION)
    @app_commands.describe(event=EVENT_DESC)
    async def cancel(self, interaction: discord.Interaction, event: int | None = None) -> None:
        """Cancel the event."""
        await self.ui.cancel(interaction, event)

    cancel.autocomplete("event")(event_autocomplete)

    @app_commands.command(
        name=ls("list", "cmd.event.list.name"), description=ls("The events of this server", "cmd.event.list.desc")
    )
    async def list_events(self, interaction: discord.Interaction) -> None:
        """List the server's events."""
        await self.ui.list_events(interaction)

    @app_commands.command(
        name=ls("log", "cmd.event.log.name"),
        description=ls("What happened: rounds, withdrawals, corrected results", "cmd.event.log.desc"),
    )
    @app_commands.rename(event=EVENT_OPTION)
    @app_commands.describe(event=EVENT_DESC)
    async def log_(self, interaction: discord.Interaction, event: int | None = None) -> None:
        """Show the event's log."""
        await self.ui.show_log(interaction, event)

    log_.autocomplete("event")(event_autocomplete)

    @config.command(
        name=ls("role", "cmd.event.role.name"),
        description=ls("The role that may organise events (none: only server managers)", "cmd.event.role.desc"),
    )
    @app_commands.rename(role=ls("role", "opt.role.name"))
    @app_commands.describe(role=ls("The organisers' role (leave empty to clear)", "opt.role.desc"))
    async def role(self, interaction: discord.Interaction, role: discord.Role | None = None) -> None:
        """Set the organiser role."""
        await self.ui.set_role(interaction, role)


async def setup(bot: PlateauBot) -> None:
    """Extension entry point."""
    await bot.add_cog(EventCog(bot, bot.event_ui))
