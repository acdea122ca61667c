"""The bot process: a ``commands.Bot`` that opens the database, loads the cogs and syncs commands."""

from __future__ import annotations

import asyncio
import functools
import hashlib
import json
import logging
from typing import Any

import discord
from discord.ext import commands

from bot.app.ai_runner import AIRunner
from bot.app.config import Config
from bot.app.desk.book import DeskBook
from bot.app.desk.queue import DeskQueue
from bot.app.events import EventService
from bot.app.heavy import HeavyWork
from bot.app.matches import MatchService, ServiceConfig, TurnReport
from bot.app.plans.desk import PlanDesk
from bot.app.standins import STAND_INS
from bot.app.storage import Store
from bot.shell.allocator import keep_big_blocks_returnable
from bot.shell.consent.draw import DrawButton
from bot.shell.consent.pace import PaceButton
from bot.shell.consent.rematch import RematchAnswerButton, RematchButton
from bot.shell.consent.replace import ReplaceButton, TakeSeatButton
from bot.shell.consent.undo import UndoButton
from bot.shell.context import Shell
from bot.shell.desk.keeper import DeskKeeper
from bot.shell.desk.pings_ui import PingSelect
from bot.shell.errors import PlateauTree
from bot.shell.events import EventUI
from bot.shell.guide.help import HelpButton
from bot.shell.history.past import HistoryButton
from bot.shell.history.ratings import LeaderboardButton
from bot.shell.history.review import ReviewButton
from bot.shell.lobby.card import LobbyButton
from bot.shell.lobby.salt import SaltButton
from bot.shell.orders.panel import ChoiceSelect, KindSelect, OrderButton
from bot.shell.pbp.post_ui import PostUI
from bot.shell.pbp.votes import TimeoutButton
from bot.shell.plans.flow import PlanButton, PlanSelect, words_listener
from bot.shell.play.details import DetailsButton
from bot.shell.play.messages import GameUI
from bot.shell.play.move_controls import BuilderButton, BuilderSelect, MoveButton
from bot.shell.play.private import PrivateViewButton, SetupButton, on_setup_form
from bot.shell.play.resign import ResignButton
from bot.shell.play.setup import SetupPickButton, SetupPickSelect
from bot.shell.settings.panel import AutopilotButton, DefaultOrdersSelect, MemberSettingSelect
from bot.shell.timeoff.weekend import WeekendButton
from bot.shell.translator import CatalogTranslator
from games import GAMES
from render import RENDERERS, BoardContext, render_board

log = logging.getLogger(__name__)

EXTENSIONS = (
    "bot.shell.groups",
    "bot.shell.pbp.clock",
    "bot.shell.history.ratings",
    "bot.shell.profile.commands",
    "bot.shell.events.commands",
    "bot.shell.play.ai_seats",
    "bot.shell.history.review",
    "bot.shell.desk.listeners",
)
"""Every extension, loaded in this order (Discord lists the top-level commands in the order they are added)."""
DYNAMIC_ITEMS = (
    LobbyButton,
    SaltButton,
    MoveButton,
    BuilderSelect,
    BuilderButton,
    PrivateViewButton,
    DetailsButton,
    ResignButton,
    DrawButton,
    SetupButton,
    SetupPickSelect,
    SetupPickButton,
    TimeoutButton,
    UndoButton,
    HistoryButton,
    RematchButton,
    RematchAnswerButton,
    ReviewButton,
    ReplaceButton,
    TakeSeatButton,
    PaceButton,
    WeekendButton,
    LeaderboardButton,
    HelpButton,
    MemberSettingSelect,
    DefaultOrdersSelect,
    AutopilotButton,
    PlanButton,
    PlanSelect,
    KindSelect,
    ChoiceSelect,
    OrderButton,
    PingSelect,
)
"""Every persistent button, registered once in ``setup_hook`` (each lives beside its handler; the events'
buttons come with their extension)."""
SYNC_LOCALES = (discord.Locale.american_english, discord.Locale.french)
COMMAND_DIGEST_KEY = "command_digest"


@functools.cache
def warm_up_renderers() -> None:
    """Draw every game's opening board once, in each rule set, for the spectator and for each seat (a seat's own
    view may face it the other way), at the fewest and the most players, so the static artwork and palettes are
    cached before the first move: a cold drawing costs a member's first post up to a quarter of a second.

    Once per process (some seconds of CPU): a later call, by another bot of the same process, does nothing."""
    for info in GAMES:
        if info.id not in RENDERERS:
            log.error("game %s has no board renderer", info.id)
            continue
        rules = next((o for o in info.options if o.name == "rules"), None)
        for choice in rules.choices if rules is not None else (None,):
            options = info.option_defaults() | ({"rules": choice} if choice is not None else {})
            for players in sorted({info.min_players, info.max_players}):
                state = info.new(players, options)
                names = tuple(f"{i + 1}" for i in range(players))
                for seat in (None, *range(players)):
                    # The reader's seat, as their own posts pass it: Ur's board turns to face seat 0.
                    render_board(info.id, state.view_for(seat), BoardContext(names=names, viewer=seat))


class PlateauBot(commands.Bot):
    """Plateau's bot. Slash commands only, so it needs no privileged intent.

    ``setup_hook`` opens the database (running its migrations), builds the match and event services, installs
    the translator, loads the extensions, registers the persistent buttons and syncs the commands. The
    board artwork is drawn later, in the background, once the clock's first tick has caught up with what
    waited during the restart (:meth:`start_warm_up`).
    """

    store: Store
    service: MatchService
    ui: GameUI
    pbp: PostUI
    ai: AIRunner
    events: EventService
    event_ui: EventUI | None = None
    """The events' handlers, built by ``setup_hook`` (None before: a cog loaded alone shows its commands)."""
    shell: Shell
    """The collaborators the buttons' handlers work with (see :mod:`bot.shell.context`)."""
    heavy: HeavyWork
    """Bounds the hints and verifications members ask for (see :mod:`bot.app.heavy`)."""
    plans: PlanDesk
    """Members' plans ahead (see :mod:`bot.shell.plans`)."""
    desk: DeskKeeper
    """Every member's desk DM (see :mod:`bot.shell.desk`)."""
    warm_up: asyncio.Task[None] | None = None
    """The background drawing of every game's opening board (:func:`warm_up_renderers`), once started."""

    def __init__(self, config: Config, **options: Any) -> None:
        # Plateau never joins a voice channel: discord.py's warnings about missing voice libraries are noise.
        discord.VoiceClient.warn_nacl = False
        discord.VoiceClient.warn_dave = False
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents.default(),
            tree_cls=PlateauTree,
            help_command=None,
            # Nobody is pinged unless a message names exactly whom it means to ping: a display name or an
            # event name holding "<@id>" must not reach that member.
            allowed_mentions=discord.AllowedMentions.none(),
            **options,
        )
        self.config = config
        self.heavy = HeavyWork()

    def owns(self, guild_id: int | None) -> bool:
        """True when this process runs the shard of ``guild_id`` (see :meth:`bot.app.config.Config.owns`)."""
        return self.config.owns(guild_id)

    async def _publish_ai(self, report: TurnReport) -> None:
        """Show a change an AI seat made, in the channel's language."""
        await self.ui.publish_board(report.match, report, self.ui.channel_language(report.match))

    async def setup_hook(self) -> None:
        """Open storage, load extensions, register buttons and sync commands (see class docstring)."""
        keep_big_blocks_returnable()  # before any board is drawn
        self.store = await Store.open(self.config.database)
        self.service = MatchService(self.store, clock=discord.utils.utcnow, config=ServiceConfig(stand_ins=STAND_INS))
        self.ui = GameUI(self, self.service)
        self.pbp = PostUI(self, self.service, self.ui)
        self.shell = Shell(self, self.service, self.ui, self.pbp, self.heavy)
        self.ai = AIRunner(self.service, self.config, owns=self.owns, publish=self._publish_ai)
        self.events = EventService(self.store, self.service, clock=discord.utils.utcnow)
        book = DeskBook(self.store, discord.utils.utcnow)
        self.desk = DeskKeeper(self, self.service, self.ui, book, DeskQueue(), self.events)
        self.event_ui = EventUI(self, self.ui, self.service, self.events)
        self.plans = PlanDesk(self.store, self.service, clock=discord.utils.utcnow)
        await self.tree.set_translator(CatalogTranslator())
        for extension in EXTENSIONS:
            await self.load_extension(extension)
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        self.add_listener(on_setup_form, "on_interaction")  # set-up forms, before and after a restart
        self.add_listener(words_listener(self.shell), "on_match_changed")  # plans the game left: a word by DM
        await self.sync_commands()

    def start_warm_up(self) -> None:
        """Draw every game's opening board in the background, once (later calls do nothing).

        It takes seconds of CPU and holds the interpreter lock for much of them, slowing down every
        coroutine meanwhile. So it is neither awaited in ``setup_hook`` (discord.py connects to Discord
        only after it) nor run during the first tick (the posts and reminders missed while the bot was
        down): the clock starts it once that tick is done. A board drawn before it ends is merely slower.
        """
        if self.warm_up is None:
            self.warm_up = asyncio.get_running_loop().create_task(self._warm_up_renderers())

    async def _warm_up_renderers(self) -> None:
        try:
            await asyncio.to_thread(warm_up_renderers)
        except Exception:
            log.exception("the board artwork could not be drawn in advance")

    async def command_digest(self) -> str:
        """A hash of the command tree as Discord would receive it, translations included."""
        translator = self.tree.translator
        assert translator is not None
        payload = [await cmd.get_translated_payload(self.tree, translator) for cmd in self.tree.get_commands()]
        return hashlib.sha256(json.dumps(payload, sort_keys=True, default=str).encode()).hexdigest()

    async def sync_commands(self) -> None:
        """Sync instantly to the development server when one is set; globally only when the tree changed.

        Global syncs are rate limited (200 command creations a day), so an unchanged tree is not sent.
        """
        if self.config.dev_guild_id is not None:
            guild = discord.Object(self.config.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
            log.info("commands synced to development server %s", self.config.dev_guild_id)
            return
        digest = await self.command_digest()
        if await self.store.get_meta(COMMAND_DIGEST_KEY) == digest:
            log.info("command tree unchanged; not syncing")
            return
        await self.tree.sync()
        await self.store.set_meta(COMMAND_DIGEST_KEY, digest)
        log.info("commands synced globally")

    async def close(self) -> None:
        """Close Discord first, then the database."""
        await super().close()
        store = getattr(self, "store", None)
        if store is not None:
            await store.close()


class ShardedPlateauBot(PlateauBot, commands.AutoShardedBot):
    """Plateau on several gateway connections: ``AutoShardedBot`` running ``PLATEAU_SHARD_IDS`` (or every
    shard) of ``PLATEAU_SHARDS``. Several such processes, each with its own shards, share one PostgreSQL
    database; each looks after the matches of its own servers in the background (clock, AI seats)."""


def create_bot(config: Config, **options: Any) -> PlateauBot:
    """The bot ``config`` asks for: sharded when ``PLATEAU_SHARDS`` is set, a plain one otherwise."""
    if not config.sharded:
        return PlateauBot(config, **options)
    shard_ids = None if config.shard_ids is None else list(config.shard_ids)
    return ShardedPlateauBot(config, shard_count=config.shard_count, shard_ids=shard_ids, **options)
