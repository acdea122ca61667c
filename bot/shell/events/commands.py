"""The ``/event`` command group: association events (tournaments), thin adapters to :class:`bot.shell.events.EventUI`.

Organisers (members who can manage the server, or who hold the role set with ``/event config role``)
create, start, advance, correct (by tapping: ``/event result`` without an outcome), move tables to physical
boards and cancel events, open check-in and admit latecomers; anyone signs up with the card's buttons (and taps
I'm here during check-in), withdraws,
and reads the standings, the list and the log. The cog receives the event handlers the client built,
registers the card's persistent buttons and listens for ``match_finished`` to count event results.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any, Protocol

import discord
from discord import app_commands
from discord.app_commands import locale_str
from discord.ext import commands

from bot.app.clocks.deadlines import DEADLINE_CHOICES
from bot.app.events import FORMATS, MAX_ROUNDS, OUTCOMES, Event, EventError, EventService, EventSettings, EventStatus
from bot.app.i18n import language_of, t
from bot.app.matches import Match
from bot.app.timeoff.allowance import FORBIDDEN_OPTION
from bot.shell.events.card import EVENT_ITEMS
from bot.shell.events.report_ui import game_option
from bot.shell.events.running import COG_NAME
from bot.shell.events.text import result_text
from bot.shell.events.ui import EventUI
from bot.shell.parameters import (
    CLOCK,
    INCREMENT,
    MAX_CHOICES,
    clock_options,
    pace_choices,
    parse_variant,
    variant_choices,
)
from bot.shell.translator import command, labelled, ls, opt, options

log = logging.getLogger(__name__)

DEFAULT_EVENT_DEADLINE = "72h"
"""Event games are play by post like any other; three days a turn suits a club's weekly rhythm."""
FORMAT_LABELS = {kind.value: rules.label for kind, rules in FORMATS.items()}
"""``/event create``'s formats: every registered one (:mod:`bot.app.events.formats`)."""
OUTCOME_LABELS = {
    "win": "The player won",
    "draw": "Draw",
    "loss": "The player lost",
    "double_loss": "Both players lose",
}

MISSED_LABELS = {"none": "0 for each missed round", "half": "½ for each missed round"}
"""What each round a late entrant missed counts (``/event admit``)."""


class EventsBot(Protocol):
    """What the events extension uses of the bot (:class:`bot.shell.client.PlateauBot`, the composition root, which
    a feature does not import): the event handlers it built, and the registry of persistent buttons."""

    @property
    def event_ui(self) -> EventUI | None: ...

    def add_dynamic_items(self, *items: type[discord.ui.DynamicItem[Any]]) -> None: ...

    def remove_dynamic_items(self, *items: type[discord.ui.DynamicItem[Any]]) -> None: ...

    async def add_cog(self, cog: commands.Cog) -> None: ...


EVENT = opt("event", "Event number (default: this channel's)")


def event_command(
    name: str, description: str, **more: tuple[locale_str, locale_str]
) -> Callable[[Callable[..., Any]], app_commands.Command[Any, ..., Any]]:
    """``/event <name>``, a command whose options are ``more`` (a table of :func:`opt`, as :func:`options` takes)
    and the event (by number, default: this channel's)."""

    def decorate(callback: Callable[..., Any]) -> app_commands.Command[Any, ..., Any]:
        return command(name, description, key=f"event.{name}")(options(**more, event=EVENT)(callback))

    return decorate


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

    def __init__(self, bot: EventsBot, ui: EventUI | None) -> None:
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

    async def _event_named(self, interaction: discord.Interaction) -> Event | None:
        """The event the command being typed names (its ``event`` option, else this channel's), or None."""
        named = getattr(interaction.namespace, "event", None)
        try:
            return await self.ui.desk.resolve(interaction, named if isinstance(named, int) else None)
        except EventError:
            return None

    async def board_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[int]]:
        """``/event physical board:``: the games of the round being played online, by number and players."""
        event = await self._event_named(interaction)
        if event is None or not event.round_in_progress:
            return []
        lang = language_of(interaction.locale)
        games = [
            g
            for g in await self.service.games(event.id, event.current_round)
            if not (g.is_bye or g.done or g.physical) and current.strip() in str(g.board)
        ][:MAX_CHOICES]
        names = await self.ui.desk.names(event, [uid for g in games for uid in g.players])
        return [choice_of(game_option(g, names, lang), g.board) for g in games]

    async def round_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[int]]:
        """``/event result round:``: the rounds played so far, latest first; with a player chosen, their game and
        its result in each."""
        event = await self._event_named(interaction)
        if event is None or event.current_round < 1:
            return []
        lang = language_of(interaction.locale)
        player = getattr(interaction.namespace, "player", None)
        uid = getattr(player, "id", None)
        rounds = [r for r in range(event.current_round, 0, -1) if current.strip() in str(r)][:MAX_CHOICES]
        choices = []
        for round_ in rounds:
            label = t(lang, "event.choice.round", round=round_)
            if uid is not None:
                game = next((g for g in await self.service.games(event.id, round_) if uid in g.players), None)
                if game is not None:
                    names = await self.ui.desk.names(event, game.players)
                    players = ", ".join(names.get(u, "?") for u in game.players)
                    result = result_text(game, game.result, names, lang)
                    label = t(lang, "event.choice.round_game", round=round_, players=players, result=result)
            choices.append(app_commands.Choice(name=label[:100], value=round_))
        return choices

    @command("create", "Create an event in this channel; players sign up with a button", key="event.create")
    @options(
        name=opt("name", "The event's name, e.g. Spring Open", key="event_name"),
        game=opt("game", "The game and rule set of every match", described="event_game"),
        format=opt("format", "Swiss, round robin, or seated tables"),
        rounds=opt("rounds", "Number of rounds (a round robin plays all of them)"),
        deadline=opt("deadline", "Time each player has for a turn (default 72 h)", described="event_deadline"),
        clock=CLOCK,
        increment=INCREMENT,
        on_timeout=opt(
            "on_timeout", "When time runs out (default: the late player forfeits)", described="event_on_timeout"
        ),
        auto_advance=opt("auto_advance", "Start each round as soon as the previous one ends"),
        rated=opt("rated", "Count the results for ratings (default: yes)"),
        round_minutes=opt("round_minutes", "Minutes each round lasts; unfinished games are then settled"),
        physical=opt("physical", "Played on the club's boards: players report results (default: no)"),
        autopilot=opt("autopilot", "Let members' autopilot play moves that cannot matter in its games (default: yes)"),
        time_off=opt("time_off", "Allow vacations and weekend pauses in the event's games (default: yes)"),
    )
    @app_commands.choices(
        game=variant_choices(),
        format=labelled("format", FORMAT_LABELS),
        **pace_choices(),
    )
    async def create(
        self,
        interaction: discord.Interaction,
        name: app_commands.Range[str, 1, 80],
        game: app_commands.Choice[str],
        format: app_commands.Choice[str],
        rounds: app_commands.Range[int, 1, MAX_ROUNDS] = 3,
        deadline: app_commands.Choice[str] | None = None,
        clock: app_commands.Choice[str] | None = None,
        increment: app_commands.Choice[str] | None = None,
        on_timeout: app_commands.Choice[str] | None = None,
        auto_advance: bool = False,
        rated: bool = True,
        round_minutes: app_commands.Range[int, 10, 600] | None = None,
        physical: bool = False,
        autopilot: bool = True,
        time_off: bool = True,
    ) -> None:
        """Open an event for sign-up (with a game clock and no deadline chosen, its games have no turn limit;
        ``autopilot`` False switches "ask me only when it matters" off in all its games)."""
        game_id, options = parse_variant(game.value)
        timed = clock_options(clock, increment)
        options |= timed
        if not autopilot:
            options["autopilot"] = "off"
        if not time_off:
            # The organisers forbid time off: no vacation nor weekend pause stops its games' deadlines.
            options[FORBIDDEN_OPTION] = "off"
        default = "none" if timed else DEFAULT_EVENT_DEADLINE
        settings = EventSettings(
            name=name,
            game_id=game_id,
            options=options,
            format=format.value,
            rounds=rounds,
            turn_limit=DEADLINE_CHOICES[deadline.value if deadline else default],
            on_timeout=on_timeout.value if on_timeout else "forfeit",
            auto_advance=auto_advance,
            rated=rated,
            round_minutes=round_minutes,
            physical=physical,
        )
        await self.ui.create(interaction, settings)

    @event_command("start", "Close sign-up and start the first round")
    async def start(self, interaction: discord.Interaction, event: int | None = None) -> None:
        """Start the event."""
        await self.ui.start(interaction, event)

    @event_command("next", "Start the next round once every game of this one has ended")
    async def next_round(self, interaction: discord.Interaction, event: int | None = None) -> None:
        """Pair the next round."""
        await self.ui.next_round(interaction, event)

    @event_command(
        "standings",
        "The standings so far, with an image and a CSV file",
        public=opt("public", "Post them for everyone (default: only you see them)"),
    )
    async def standings(self, interaction: discord.Interaction, event: int | None = None, public: bool = False) -> None:
        """Show the standings."""
        await self.ui.show_standings(interaction, event, public)

    @event_command(
        "result",
        "Set or correct the result of a game (organisers)",
        round=opt("round", "The round of the game"),
        player=opt("player", "A player of the game"),
        outcome=opt("outcome", "Two-player games: the result for that player (empty: buttons to tap)"),
    )
    @app_commands.choices(outcome=labelled("outcome", OUTCOME_LABELS, OUTCOMES))
    async def result(
        self,
        interaction: discord.Interaction,
        round: app_commands.Range[int, 1, MAX_ROUNDS * 2],
        player: discord.Member,
        outcome: app_commands.Choice[str] | None = None,
        event: int | None = None,
    ) -> None:
        """Replace a game's result (tables: a menu of places per player)."""
        await self.ui.replace_result(interaction, event, round, player, outcome.value if outcome else None)

    @event_command(
        "physical",
        "Move a table of this round to a physical board (organisers)",
        board=opt("board", "The table's number on the event's board"),
    )
    async def physical(
        self, interaction: discord.Interaction, board: app_commands.Range[int, 1, 200], event: int | None = None
    ) -> None:
        """Play a table on a physical board; its players report the result."""
        await self.ui.move_to_physical(interaction, event, board)

    @event_command(
        "withdraw",
        "Leave an event (organisers: withdraw a player)",
        player=opt("player", "Organisers: the player to withdraw (default: yourself)", described="withdraw_player"),
    )
    async def withdraw(
        self, interaction: discord.Interaction, player: discord.Member | None = None, event: int | None = None
    ) -> None:
        """Withdraw from the event."""
        await self.ui.withdraw(interaction, event, player)

    @event_command("cancel", "Cancel an event; its matches go on as ordinary matches")
    async def cancel(self, interaction: discord.Interaction, event: int | None = None) -> None:
        """Cancel the event."""
        await self.ui.cancel(interaction, event)

    @command("list", "The events of this server", key="event.list")
    async def list_events(self, interaction: discord.Interaction) -> None:
        """List the server's events."""
        await self.ui.list_events(interaction)

    @event_command("log", "What happened: rounds, withdrawals, corrected results")
    async def log_(self, interaction: discord.Interaction, event: int | None = None) -> None:
        """Show the event's log."""
        await self.ui.show_log(interaction, event)

    @event_command(
        "checkin",
        "Open check-in before round 1 (organisers); with a player: check them in",
        player=opt("player", "A signed-up member you saw arrive (default: open check-in)", described="checkin_player"),
    )
    async def checkin(
        self, interaction: discord.Interaction, player: discord.Member | None = None, event: int | None = None
    ) -> None:
        """Open check-in, or check a member in."""
        await self.ui.entry.checkin(interaction, event, player)

    @event_command(
        "admit",
        "Admit a member after the start (organisers): paired from the next round",
        player=opt("player", "The member to admit", described="admit_player"),
        missed=opt("missed", "What each round already played counts for them"),
    )
    @app_commands.choices(missed=labelled("missed", MISSED_LABELS))
    async def admit(
        self,
        interaction: discord.Interaction,
        player: discord.Member,
        missed: app_commands.Choice[str],
        event: int | None = None,
    ) -> None:
        """Admit a member late."""
        await self.ui.entry.admit(interaction, event, player, half=missed.value == "half")

    # Every command naming an event completes its number the same way.
    for _named in (start, next_round, standings, result, physical, withdraw, cancel, log_, checkin, admit):
        _named.autocomplete("event")(event_autocomplete)
    del _named
    # Numbers an organiser would otherwise type: picked from what the event holds.
    physical.autocomplete("board")(board_autocomplete)
    result.autocomplete("round")(round_autocomplete)

    @config.command(
        name=ls("role", "cmd.event.role.name"),
        description=ls("The role that may organise events (none: only server managers)", "cmd.event.role.desc"),
    )
    @options(
        role=opt("role", "The organisers' role (leave empty to clear)"),
    )
    async def role(self, interaction: discord.Interaction, role: discord.Role | None = None) -> None:
        """Set the organiser role."""
        await self.ui.set_role(interaction, role)


async def setup(bot: EventsBot) -> None:
    """Extension entry point."""
    await bot.add_cog(EventCog(bot, bot.event_ui))


def choice_of(option: discord.SelectOption, value: int) -> app_commands.Choice[int]:
    """A menu option's words as an autocomplete choice: its label, then its description."""
    words = " · ".join(filter(None, [option.label, option.description]))
    return app_commands.Choice(name=words[:100], value=value)
