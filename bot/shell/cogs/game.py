"""The ``/game`` command group: thin adapters from slash commands to :class:`bot.shell.play.messages.GameUI`."""

from __future__ import annotations

import zoneinfo
from functools import cache
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.app.ai_runner import ai_turn
from bot.app.clocks.deadlines import (
    DEADLINE_CHOICES,
    DEFAULT_DEADLINE,
    TIMEOUT_POLICIES,
    QuietHoursError,
    parse_quiet_hours,
)
from bot.app.clocks.game_clock import CLOCK_CHOICES, INCREMENT_CHOICES, fits_pace
from bot.app.i18n import language_of, t
from bot.app.matches import MAX_MOVE_TEXT, LogKind, MatchError, MatchStatus, require_seat
from bot.app.seats.acting import Action
from bot.app.seats.ai import LEVELS
from bot.app.telling.words import sequence_words
from bot.shell.consent.draw import offer_draw
from bot.shell.consent.undo import request_undo
from bot.shell.display import variant_label
from bot.shell.events import event_ui
from bot.shell.fairness import fair_chance
from bot.shell.guide.rules import parse_variant as parse_variant  # re-exported: the events cog imports it here
from bot.shell.guide.rules import show_genes, show_rules
from bot.shell.history import past
from bot.shell.lobby import card as lobby_card
from bot.shell.lobby.salt import salt as add_salt
from bot.shell.play import move_controls
from bot.shell.play.move_controls import MAX_CHOICES as MAX_CHOICES  # re-exported: the events cog imports it here
from bot.shell.play.resign import confirm_resign
from bot.shell.play.status import show_status
from bot.shell.translator import command, labelled, ls, opt, options
from games import GAMES, sequence

if TYPE_CHECKING:
    from bot.shell.client import PlateauBot

MATCH = opt("match", "Match number (default: this channel's)")
"""The option naming a match, which commands run from its channel or thread may leave out."""
CLOCK = opt("clock", "Live game clock: each player's time for the whole match (default: none)")
"""The option choosing a game clock, when a match or an event is created (choices: :func:`pace_choices`)."""
INCREMENT = opt("increment", "Seconds added to a player's game clock after each turn (default: 0)")
"""The option choosing the game clock's increment, beside :data:`CLOCK`."""
LABELS = {
    "none": "No deadline",
    "1m": "1 minute (live)",
    "2m": "2 minutes (live)",
    "5m": "5 minutes (live)",
    "15m": "15 minutes (live)",
    "12h": "12 hours",
    "24h": "24 hours",
    "48h": "48 hours",
    "72h": "72 hours",
    "7d": "7 days",
}
CLOCK_LABELS = {
    "none": "No game clock",
    "5m": "5 minutes each",
    "10m": "10 minutes each",
    "20m": "20 minutes each",
    "30m": "30 minutes each",
}
INCREMENT_LABELS = {"0": "No increment", "2": "+2 s a turn", "5": "+5 s a turn", "10": "+10 s a turn"}
TIMEOUT_LABELS = {
    "vote": "The other players decide",
    "move": "A move is played for the late player",
    "forfeit": "The late player forfeits",
}


def variant_choices() -> list[app_commands.Choice[str]]:
    """One choice per game and rule set (``ur:v2``), or per value of a game's one other option
    (``subulata:layout=fixed``); a game without options is one choice (``ursuppe``)."""
    choices: list[app_commands.Choice[str]] = []
    for info in GAMES:
        option = next((o for o in info.options if o.name == "rules"), None) or (
            info.options[0] if len(info.options) == 1 else None
        )
        if option is None:
            choices.append(app_commands.Choice(name=ls(info.name, f"choice.{info.id}"), value=info.id))
            continue
        for value in option.choices:
            label = f"{info.name} — {option.labels.get(value, value)}"[:100]
            if option.name == "rules":
                key, code = f"choice.{info.id}.{value}", f"{info.id}:{value}"
            elif value == option.default:
                # The default keeps the plain game id, so ``game: subulata`` reads naturally.
                key, code = f"choice.{info.id}.{option.name}.{value}", info.id
            else:
                key, code = f"choice.{info.id}.{option.name}.{value}", f"{info.id}:{option.name}={value}"
            choices.append(app_commands.Choice(name=ls(label, key), value=code))
    return choices[:MAX_CHOICES]


def deadline_choices() -> list[app_commands.Choice[str]]:
    """The turn deadlines offered when a match or an event is created."""
    return labelled("deadline", LABELS, DEADLINE_CHOICES)


def clock_choices() -> list[app_commands.Choice[str]]:
    """The game clocks offered when a match or an event is created (:mod:`bot.app.clocks.game_clock`)."""
    return labelled("clock", CLOCK_LABELS, CLOCK_CHOICES)


def increment_choices() -> list[app_commands.Choice[str]]:
    """The seconds a game clock may add after each turn."""
    return labelled("increment", INCREMENT_LABELS, INCREMENT_CHOICES)


def clock_options(clock: app_commands.Choice[str] | None, increment: app_commands.Choice[str] | None) -> dict[str, str]:
    """The service options a ``clock:`` and an ``increment:`` choose (none without a game clock)."""
    if clock is None or CLOCK_CHOICES.get(clock.value) is None:
        return {}
    return {"clock": clock.value, "increment": increment.value if increment else "0"}


def timeout_choices() -> list[app_commands.Choice[str]]:
    """What may happen when a turn's time runs out."""
    return labelled("on_timeout", TIMEOUT_LABELS, TIMEOUT_POLICIES)


def pace_choices() -> dict[str, list[app_commands.Choice[str]]]:
    """The choices of the options that set a new match's pace, the same for a match and an event's games:
    ``deadline``, ``clock``, ``increment`` and ``on_timeout``."""
    return {
        "deadline": deadline_choices(),
        "clock": clock_choices(),
        "increment": increment_choices(),
        "on_timeout": timeout_choices(),
    }


def rated_choices() -> list[app_commands.Choice[str]]:
    """One choice per rated game: each rule set of a game that has several, otherwise the game itself."""
    choices: list[app_commands.Choice[str]] = []
    for info in GAMES:
        rules = next((o for o in info.options if o.name == "rules"), None)
        if rules is None:
            choices.append(app_commands.Choice(name=ls(info.name, f"choice.{info.id}"), value=info.id))
            continue
        for value in rules.choices:
            label = f"{info.name} — {rules.labels.get(value, value)}"[:100]
            choices.append(app_commands.Choice(name=ls(label, f"choice.{info.id}.{value}"), value=f"{info.id}:{value}"))
    return choices[:MAX_CHOICES]


@app_commands.guild_only()
class GameCog(
    commands.GroupCog, group_name=ls("game", "cmd.game.name"), group_description=ls("Play board games", "cmd.game.desc")
):
    """Create, join and play matches in a channel or thread."""

    def __init__(self, bot: PlateauBot) -> None:
        self.bot = bot
        super().__init__()

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
        match = await self.bot.ui.require_current(interaction)
        await lobby_card.lobby_action(self.bot.shell, interaction, "join", match.id)

    @command("leave", "Leave the open match before it starts")
    async def leave(self, interaction: discord.Interaction) -> None:
        """Give up a seat in the lobby."""
        match = await self.bot.ui.require_current(interaction)
        await lobby_card.lobby_action(self.bot.shell, interaction, "leave", match.id)

    @command("start", "Start the match once enough players have joined")
    async def start(self, interaction: discord.Interaction) -> None:
        """Start the lobby's match."""
        match = await self.bot.ui.require_current(interaction)
        await lobby_card.lobby_action(self.bot.shell, interaction, "start", match.id)

    @command("move", "Play a move (the list shows your legal moves)")
    @options(move=opt("move", "Your move in the game's notation, e.g. A4-A2; several moves of your turn: a; b; c"))
    async def move(self, interaction: discord.Interaction, move: app_commands.Range[str, 1, MAX_MOVE_TEXT]) -> None:
        """Play a move in this channel's match."""
        await move_controls.play(self.bot.shell, interaction, None, move)

    @move.autocomplete("move")
    async def move_autocomplete(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        """The caller's legal moves that contain what they typed (at most 25)."""
        return await move_controls.move_choices(self.bot.service, interaction, current)

    @command("board", "Show the current board again")
    async def board(self, interaction: discord.Interaction) -> None:
        """Repost the board of this channel's match (or its last finished one)."""
        match = await self.bot.service.current(interaction.channel_id or 0)
        if match is None:
            match = await self.bot.service.last_in_channel(interaction.channel_id or 0)
        if match is None or match.status is MatchStatus.LOBBY:
            raise MatchError("no_match")
        await self.bot.ui.repost(interaction, match)

    @command("status", "Who plays, whose turn it is, the last moves")
    async def status(self, interaction: discord.Interaction) -> None:
        """An ephemeral summary of this channel's match."""
        await show_status(self.bot.shell, interaction)

    @command("view", "Get your own view of the board by DM")
    async def view(self, interaction: discord.Interaction) -> None:
        """DM the caller their private view (with a fallback when DMs are closed)."""
        await self.bot.ui.private.request_private_view(interaction)

    @command("resign", "Resign from this channel's match")
    async def resign(self, interaction: discord.Interaction) -> None:
        """Ask for confirmation, then resign."""
        await confirm_resign(self.bot.shell, interaction)

    @command("hint", "The strong AI's suggestion for your move (unrated matches only)")
    async def hint(self, interaction: discord.Interaction) -> None:
        """Suggest a move to the player to act, privately, in an unrated match."""
        lang = language_of(interaction.locale)
        match = await self.bot.ui.require_current(interaction)
        if match.status is not MatchStatus.ACTIVE:
            raise MatchError("not_active")
        if await self.bot.service.counts_for_rating(match):
            raise MatchError("hint_rated")
        seat = require_seat(match, interaction.user.id, Action.HINT)
        if seat not in match.state.actors():
            raise MatchError("hint_not_your_turn")
        # A strong search per request: a member's second hint on the same match waits for none, it is refused.
        busy = MatchError("hint_busy", id=match.id)
        with self.bot.heavy.one_at_a_time(("hint", interaction.user.id, match.id), busy):
            await interaction.response.defer(thinking=True, ephemeral=True)
            seconds = self.bot.config.ai_seconds
            moves, whole = await self.bot.heavy.run(lambda: ai_turn(match, seat, "strong", seconds=seconds))
        typed = f"{sequence.SEPARATOR} ".join(moves)
        autoplay = match.options.get("autoplay") == "on"
        steps = sequence_words(match.game, match.state, seat, moves, lang, autoplay=autoplay)
        if steps is None:
            key = "hint.suggest" if len(moves) == 1 else "hint.turn" if whole else "hint.turn_start"
            await interaction.followup.send(t(lang, key, move=moves[0], moves=typed), ephemeral=True)
        elif len(moves) == 1:
            await interaction.followup.send(t(lang, "hint.in_words", what=steps[0], move=moves[0]), ephemeral=True)
        else:
            # The turn in words, one numbered line per decision; the typed form last, for /game move.
            listed = "\n".join(f"{i}. {step}" for i, step in enumerate(steps, 1))
            key = "hint.turn_words" if whole else "hint.turn_start_words"
            await interaction.followup.send(t(lang, key, steps=listed, moves=typed)[:2000], ephemeral=True)

    @command("draw", "Offer your opponents a draw")
    async def draw(self, interaction: discord.Interaction) -> None:
        """Offer a draw (the others accept or decline with buttons)."""
        await offer_draw(self.bot.shell, interaction)

    @command("abort", "Stop this channel's match without a result")
    async def abort(self, interaction: discord.Interaction) -> None:
        """Abort the match (its creator, or members who can manage the channel)."""
        match = await self.bot.ui.require_current(interaction)
        moderator = bool(interaction.permissions.manage_channels)
        organiser = await event_ui(self.bot).is_organiser(interaction)
        report = await self.bot.service.abort(match.id, interaction.user.id, moderator=moderator, organiser=organiser)
        if report.entries and report.entries[-1].kind is LogKind.RESIGN:
            # A rated match already under way: the creator's abort counted as their resignation (with three or
            # more players the AI took the seat and the match goes on).
            await self.bot.ui.post_board(interaction, report)
            await interaction.followup.send(t(language_of(interaction.locale), "abort.resigned"), ephemeral=True)
            return
        self.bot.dispatch("match_finished", report.match)
        lang = language_of(interaction.guild_locale or interaction.locale)
        names = await self.bot.ui.text_names(report.match, lang)
        done = t(lang, "abort.done", game=variant_label(report.match, lang), id=match.id, names=", ".join(names))
        await interaction.response.send_message(
            "\n".join([done, *fair_chance.fairness_lines(report.match, lang, final=True)]),
            allowed_mentions=discord.AllowedMentions.none(),
        )
        if match.lobby_message_id is not None and match.status is MatchStatus.LOBBY:
            embed = await self.bot.ui.lobby_embed(report.match, lang)
            await self.bot.ui.edit_message(match.channel_id, match.lobby_message_id, embed=embed, view=None)
        await self.bot.ui.close_parent_line(report.match, lang)

    @command("rules", "The rules of a game, in short")
    @options(game=opt("game", "The game and rule set (default: this channel's match)", described="rules_game"))
    @app_commands.choices(game=variant_choices())
    async def rules(self, interaction: discord.Interaction, game: app_commands.Choice[str] | None = None) -> None:
        """Explain a rule set in our own words."""
        await show_rules(self.bot.service, interaction, None if game is None else game.value)

    @command("genes", "Ursuppe: every gene with its price, mutation points and effect")
    async def genes(self, interaction: discord.Interaction) -> None:
        """List Ursuppe's genes in the reader's language."""
        await show_genes(interaction)

    @command("undo", "Ask the other players to take back your last move")
    async def undo(self, interaction: discord.Interaction) -> None:
        """Request an undo (the others accept or refuse with buttons)."""
        await request_undo(self.bot.shell, interaction)

    @command("history", "A match told turn by turn, page by page")
    @options(match=MATCH)
    async def history(self, interaction: discord.Interaction, match: app_commands.Range[int, 1] | None = None) -> None:
        """Show the move log."""
        await past.show_history(self.bot.shell, interaction, match)

    @command("replay", "An animated replay of a match")
    @options(match=MATCH)
    async def replay(self, interaction: discord.Interaction, match: app_commands.Range[int, 1] | None = None) -> None:
        """Post an animated replay."""
        await past.replay(self.bot.shell, interaction, match)

    @command("export", "The match record as a text file that replays exactly")
    @options(match=MATCH)
    async def export(self, interaction: discord.Interaction, match: app_commands.Range[int, 1] | None = None) -> None:
        """Send the match record."""
        await past.export(self.bot.shell, interaction, match)

    @command("salt", "Add your own entropy to the match's dice and draws")
    @options(text=opt("text", "Any text of yours, mixed into every roll and draw", key="salt_text"))
    async def salt(self, interaction: discord.Interaction, text: app_commands.Range[str, 1, 100]) -> None:
        """Record the caller's salt before the first roll or draw."""
        await add_salt(self.bot.shell, interaction, None, text)

    @command("verify", "Check that a match's dice and draws were fair")
    @options(match=MATCH)
    async def verify(self, interaction: discord.Interaction, match: app_commands.Range[int, 1] | None = None) -> None:
        """The commitment, salts and (once over) the seed of a match, with every draw re-checked."""
        await fair_chance.verify(self.bot.shell, interaction, match)

    @command("mine", "Open your desk: every match you play, kept up to date in your DMs")
    async def mine(self, interaction: discord.Interaction) -> None:
        """Open the caller's desk (see :mod:`bot.shell.desk`)."""
        await self.bot.desk.open(interaction)

    @command("list", "Open matches of this channel or server")
    @options(scope=opt("where", "This channel or the whole server", key="scope"))
    @app_commands.choices(
        scope=[
            app_commands.Choice(name=ls("This channel", "choice.scope.channel"), value="channel"),
            app_commands.Choice(name=ls("The whole server", "choice.scope.server"), value="server"),
        ]
    )
    async def list_matches(
        self, interaction: discord.Interaction, scope: app_commands.Choice[str] | None = None
    ) -> None:
        """List open matches."""
        await self.bot.pbp.list_open(interaction, scope.value if scope else "channel")

    @command("vacation", "Declare a vacation: your deadlines pause (0 days ends it)")
    @options(
        days=opt("days", "How many days (0 ends your vacation)"),
        start_in=opt("start_in", "Days from now until it starts (default: now)"),
    )
    async def vacation(
        self,
        interaction: discord.Interaction,
        days: app_commands.Range[int, 0, 30],
        start_in: app_commands.Range[int, 0, 90] = 0,
    ) -> None:
        """Declare or end a vacation."""
        await self.bot.pbp.vacation(interaction, days, start_in)

    @command("quiet", "Hours when reminders wait, in your time zone")
    @options(
        hours=opt("hours", "e.g. 22-7 or 22:30-07:00; 'off' to clear"), timezone=opt("timezone", "e.g. Europe/Paris")
    )
    async def quiet(
        self, interaction: discord.Interaction, hours: app_commands.Range[str, 2, 60], timezone: str | None = None
    ) -> None:
        """Set quiet hours."""
        if hours.strip().lower() in ("off", "none", "aucune", "non"):
            await self.bot.pbp.quiet(interaction, None)
            return
        try:
            quiet = parse_quiet_hours(hours, timezone)
        except QuietHoursError as exc:
            raise MatchError("bad_quiet_hours", detail=str(exc)) from exc
        await self.bot.pbp.quiet(interaction, quiet)

    @quiet.autocomplete("timezone")
    async def timezone_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """Time zone names containing what was typed."""
        typed = current.strip().lower().replace(" ", "_")
        found = [z for z in all_zones() if typed in z.lower()]
        found.sort(key=lambda z: (not z.lower().startswith(typed), len(z)))
        return [app_commands.Choice(name=z, value=z) for z in found[:MAX_CHOICES]]

    @command("notify", "How this match pings you: always, only on your turn, or never")
    @options(mode=opt("pings", "When I may ping you in this match"))
    @app_commands.choices(
        mode=[
            app_commands.Choice(name=ls("Always (default)", "choice.pings.all"), value="all"),
            app_commands.Choice(name=ls("Only when it is my turn", "choice.pings.turn"), value="turn"),
            app_commands.Choice(name=ls("Never (muted)", "choice.pings.off"), value="off"),
        ]
    )
    async def notify(self, interaction: discord.Interaction, mode: app_commands.Choice[str]) -> None:
        """Set how this match pings the caller."""
        await self.bot.pbp.notify(interaction, mode.value)


@cache
def all_zones() -> tuple[str, ...]:
    """Every IANA time zone name, sorted (read once)."""
    return tuple(sorted(zoneinfo.available_timezones()))


async def setup(bot: PlateauBot) -> None:
    """Extension entry point."""
    await bot.add_cog(GameCog(bot))
