"""Building Plateau bots for SimCord tests, and closing them afterwards.

Kept out of ``conftest.py`` so that tests and fixtures share one registry of bots (pytest imports
``conftest`` under its own module name).
"""

from __future__ import annotations

import asyncio
import atexit
import copy
import pickle
import re
import shutil
import tempfile
import types
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import discord
import pytest
import simcord.builders
import simcord.env
from PIL import Image, PngImagePlugin
from simcord.backend import serializers
from simcord.env import Env
from zlib_ng import zlib_ng

from bot.app.config import Config
from bot.app.storage import Store, is_postgres_url
from bot.shell.client import PlateauBot, warm_up_renderers
from render import common as render_common

BOTS: list[PlateauBot] = []


def make_bot(db_path: str) -> PlateauBot:
    """A bot as ``python -m bot`` builds it, on ``db_path`` (SimCord supplies Discord).

    SimCord detaches bots without closing them, so every bot made here has its database closed when
    the test ends (an open aiosqlite connection keeps a worker thread alive).
    """
    lay_migrated_file(db_path)
    # The artwork is drawn before the bot starts (once per process: warm_up_renderers is cached): a bot draws
    # it in the background after its first tick, and SimCord gives a bot 5 s to settle after READY, which a
    # cold drawing on a busy machine could overrun.
    warm_up_renderers()
    # A half-hour tick keeps long stretches of virtual time cheap; reminders are then up to half an hour late.
    bot = PlateauBot(Config(token="simcord", database=db_path, tick_seconds=1800, ai_delay=0, ai_seconds=0.01))
    BOTS.append(bot)
    return bot


_MIGRATED: list[Path] = []
"""The process's migrated empty SQLite file, once made (see :func:`lay_migrated_file`)."""


def lay_migrated_file(db_path: str) -> None:
    """When nothing is at ``db_path`` yet (a plain file path), copy there an empty SQLite database holding every
    migration: the bot then opens it as it opens the file it made and migrated itself, without running the
    migrations' few hundred statements at every test (a bot restarted on its file finds that file)."""
    if db_path == ":memory:" or is_postgres_url(db_path) or db_path.startswith("sqlite:") or Path(db_path).exists():
        return
    if not _MIGRATED:
        folder = Path(tempfile.mkdtemp(prefix="plateau-migrated-"))
        atexit.register(shutil.rmtree, folder, True)
        made = folder / "plateau.db"
        # In a thread of its own: the test's event loop is running.
        with ThreadPoolExecutor(1) as thread:
            thread.submit(asyncio.run, _migrate(str(made))).result()
        _MIGRATED.append(made)
    shutil.copyfile(_MIGRATED[0], db_path)


async def _migrate(path: str) -> None:
    store = await Store.open(path)
    await store.close()


async def close_bots() -> None:
    """Close the database of every bot made so far."""
    while BOTS:
        store = getattr(BOTS.pop(), "store", None)
        if store is not None:
            await store.close()


# SimCord's copies of payloads.

SIMCORD_COPYING = ("simcord.results", "simcord.components", "simcord.backend.serializers")
"""SimCord's modules that import ``deepcopy`` by name (every message read back from a channel's history is
copied in ``simcord.results``)."""

SIMCORD_COPYING_THROUGH_COPY = ("simcord.gateway", "simcord.http.router")
"""SimCord's modules that call ``copy.deepcopy`` (every gateway event the bot receives, every request it sends
to the log of requests)."""


def plain_copy(value: Any) -> Any:
    """A deep copy of plain data (dicts, lists, strings, numbers, bytes), as ``copy.deepcopy`` makes it, shared
    parts shared alike, through ``pickle`` (C, about six times faster for a message's payload); anything
    ``pickle`` refuses goes to ``copy.deepcopy``."""
    try:
        return pickle.loads(pickle.dumps(value, pickle.HIGHEST_PROTOCOL))
    except Exception:
        return copy.deepcopy(value)


def copy_simcord_payloads_fast(patch: pytest.MonkeyPatch) -> None:
    """Give SimCord's payload copies :func:`plain_copy`. ``ChannelHandle.history`` rebuilds every message of the
    channel on each call, and a test that looks at the latest board after every move of a game reads the
    whole history each time: ``deepcopy`` was about a seventh of a SimCord test's CPU."""
    for module in SIMCORD_COPYING:
        patch.setattr(f"{module}.deepcopy", plain_copy)
    fast = types.SimpleNamespace(deepcopy=plain_copy, copy=copy.copy)
    for module in SIMCORD_COPYING_THROUGH_COPY:
        patch.setattr(f"{module}.copy", fast)


def reuse_unchanged_messages(patch: pytest.MonkeyPatch) -> None:
    """Let SimCord hand out again the ``discord.Message`` it built for a message that has not changed since.

    ``ChannelHandle.history`` builds a ``discord.Message`` for every message of the channel at each call, and the
    tests read a channel's history after each move of a game (its latest board, its votes): building them again
    and again was a tenth of a bot test's CPU. A message is built afresh once anything of it changes (its
    payload as SimCord serialises it), or the bot's connection or its channel object does (a restart); the cache
    lives for one test."""
    build = simcord.builders.to_discord_message
    built: dict[tuple[int, int], tuple[object, object, bytes, discord.Message]] = {}

    def reuse(env: Env, message: Any) -> discord.Message:
        state, channel = env.bot._connection, env.bot.get_channel(message.channel_id)
        payload = pickle.dumps(serializers.message_payload(env.backend, message), pickle.HIGHEST_PROTOCOL)
        key = (id(env), message.id)
        known = built.get(key)
        if known is not None and known[0] is state and known[1] is channel and known[2] == payload:
            return known[3]
        made = build(env, message)
        built[key] = (state, channel, payload, made)
        return made

    patch.setattr(simcord.builders, "to_discord_message", reuse)


def attach_within_settle_timeout(patch: pytest.MonkeyPatch) -> None:
    """Let SimCord wait for a starting (or restarted) bot to settle as long as for any other action: its
    ``_attach_bot`` waits a fixed 5 s whatever the environment's ``settle_timeout``, which a bot starting on a
    machine loaded by other suites overran now and then ("bot did not settle (timeout=5s)")."""
    attach = simcord.env._attach_bot

    async def attach_patiently(env: Env, bot: discord.Client) -> None:
        settle = env._settle_internal

        async def patient(*, timeout: float | None = None, **kwargs: Any) -> None:
            await settle(timeout=None if timeout is None else max(timeout, env.settle_timeout), **kwargs)

        setattr(env, "_settle_internal", patient)  # noqa: B010 (a method shadowed on one instance)
        try:
            await attach(env, bot)
        finally:
            delattr(env, "_settle_internal")

    patch.setattr(simcord.env, "_attach_bot", attach_patiently)


SETTLE_RECHECK_SECONDS = 0.005
"""How long SimCord's settling waits, in real time, before looking again at work that is still pending (its own
default is 50 ms)."""


def recheck_settling_promptly(patch: pytest.MonkeyPatch) -> None:
    """Let SimCord look again at pending work every :data:`SETTLE_RECHECK_SECONDS` while it settles.

    Settling waits for a pending task to *finish*, up to its idle interval, before it looks again; a task that
    merely parks meanwhile (the bot's clock loop going back to sleep after a tick, a handler waiting for a
    timer) is only noticed once that interval is over. With 50 ms, every tick of the clock in a test that lets
    days of virtual time pass left the worker idle: the weekend time-off test spent 13.6 of its 14 seconds
    waiting so, for 1.5 s of CPU. What settling waits for, and until when, is unchanged; it only checks more
    often."""
    settle = simcord.env.Env._settle_internal

    async def settle_promptly(env: Env, *, idle: float = SETTLE_RECHECK_SECONDS, **kwargs: Any) -> None:
        await settle(env, idle=min(idle, SETTLE_RECHECK_SECONDS), **kwargs)

    patch.setattr(simcord.env.Env, "_settle_internal", settle_promptly)


# Boards a SimCord bot posts.

CHEAP_PNG_LEVEL = 1
"""zlib's level for every PNG encoded while a SimCord bot runs in a test: a third of the CPU of the boards' level
(6–7) for the same pixels, in some 40 % more bytes."""


def encode_pngs_cheaply(patch: pytest.MonkeyPatch) -> None:
    """Encode every PNG at :data:`CHEAP_PNG_LEVEL`. A bot test posts a board at every turn: encoding took 6.8 s of
    the 32 s of CPU of the end-to-end, play-by-post and rematch tests, most of it zlib's. The image is the same
    (PNG is lossless; equal pixels still give equal bytes), only less compressed. The renderer's own tests, which
    weigh the bytes, keep the real level: they start no bot."""
    save = Image.SAVE[PngImagePlugin.PngImageFile.format]

    def save_cheaply(image: Image.Image, fp: Any, filename: str | bytes, *args: Any, **kwargs: Any) -> None:
        image.encoderinfo = {**image.encoderinfo, "compress_level": CHEAP_PNG_LEVEL}
        save(image, fp, filename, *args, **kwargs)

    patch.setitem(Image.SAVE, PngImagePlugin.PngImageFile.format, save_cheaply)
    # The boards have a PNG writer of their own (render.common.encode_png), compressed by zlib-ng.
    patch.setattr(render_common, "zlib_ng", _CheapCompressor)


class _CheapCompressor:
    """zlib-ng's compressor at :data:`CHEAP_PNG_LEVEL`, whatever level the board's writer asks for."""

    @staticmethod
    def compressobj(level: int = -1, *args: Any, **kwargs: Any) -> Any:
        return zlib_ng.compressobj(CHEAP_PNG_LEVEL, *args, **kwargs)


# What Discord sends: the server's preferred locale and each member's client locale.


def send_real_locales(monkeypatch: pytest.MonkeyPatch) -> dict[int, str]:
    """Make SimCord's interactions carry the guild's preferred locale as ``guild_locale`` (as set when the
    test created the guild; SimCord itself always sends "en-US"), and each user's client locale as ``locale``.

    Returns the client locales by user id, which a test fills in (a user not in it has an "en-US" client).
    """
    import simcord.interactions as payloads

    clients: dict[int, str] = {}
    build: Callable[..., Any] = payloads.base_payload

    def as_discord_sends(backend: Any, **kwargs: Any) -> Any:
        record, payload = build(backend, **kwargs)
        payload["locale"] = clients.get(kwargs["user_id"], payload["locale"])
        if kwargs.get("guild_id") is not None:
            payload["guild_locale"] = backend.get_guild(kwargs["guild_id"]).preferred_locale
        return record, payload

    monkeypatch.setattr(payloads, "base_payload", as_discord_sends)
    return clients


# Reading what the bot posted (turn posts are Components V2 messages: their text is in text displays).


def _walk(components: Any) -> Iterator[Any]:
    for item in components or ():
        yield item
        yield from _walk(getattr(item, "children", None) or getattr(item, "components", None) or ())


def controls_of(message: discord.Message) -> list[Any]:
    """Every interactive component of a message (buttons and selects), nested layouts included."""
    return [c for c in _walk(message.components) if isinstance(c, (discord.components.Button, discord.SelectMenu))]


def text_of(message: discord.Message) -> str:
    """Everything a message says in words: its content and every text display of its layout."""
    displays = [c.content for c in _walk(message.components) if isinstance(c, discord.components.TextDisplay)]
    return "\n".join([message.content, *displays]).strip()


def labels_of(message: discord.Message) -> list[str]:
    """Labels of every button on a message, nested layouts included."""
    return [c.label or "" for c in _walk(message.components) if isinstance(c, discord.components.Button)]


def move_buttons(message: discord.Message) -> dict[str, str]:
    """The move buttons of a turn post: the move each one plays (its notation, from the custom id) → its label
    (the move in words)."""
    return {
        c.custom_id.split(":", 4)[4]: c.label or ""
        for c in _walk(message.components)
        if isinstance(c, discord.components.Button) and (c.custom_id or "").startswith("plateau:mv:")
    }


def boards_in(channel: Any, viewer: Any = None) -> list[discord.Message]:
    """The public messages of a channel that carry a board image, oldest first."""
    history = channel.history(viewer=viewer) if viewer is not None else channel.history()
    return [m for m in history if m.attachments and not m.flags.ephemeral]


MENTION = re.compile(r"<@!?([0-9]+)>")
CREATES = re.compile(r"^/(channels/[0-9]+/messages|webhooks/[0-9]+/[^/]+|interactions/[0-9]+/[^/]+/callback)$")


def text_displays(components: Any) -> list[str]:
    """The contents of every text display (type 10) in a request's raw ``components``, in order."""
    texts: list[str] = []

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            if node.get("type") == 10 and isinstance(node.get("content"), str):
                texts.append(node["content"])
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(components)
    return texts


def _request_text(payload: Any) -> str:
    return "\n".join([payload.get("content") or "", *text_displays(payload.get("components"))])


def pings_of(request: Any) -> list[int]:
    """Users a message-creating request pings (mentioned in its text and allowed), as Discord would count."""
    if request.method != "POST" or not CREATES.match(request.path) or not isinstance(request.json, dict):
        return []
    payload = request.json.get("data", request.json) if "callback" in request.path else request.json
    if "callback" in request.path and request.json.get("type") not in (4,):
        return []
    mentioned = [int(m) for m in dict.fromkeys(MENTION.findall(_request_text(payload)))]
    allowed = payload.get("allowed_mentions")
    if allowed is None or "users" in allowed.get("parse", []):
        return mentioned
    permitted = {int(u) for u in allowed.get("users", [])}
    return [uid for uid in mentioned if uid in permitted]


def pings_since(env: Any, start: int) -> list[int]:
    """Every ping sent by the bot's requests from index ``start`` of ``env.http_requests`` on."""
    return [uid for request in env.http_requests[start:] for uid in pings_of(request)]
