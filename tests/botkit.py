"""Building Plateau bots for SimCord tests, and closing them afterwards.

Kept out of ``conftest.py`` so that tests and fixtures share one registry of bots (pytest imports
``conftest`` under its own module name).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

import discord
import pytest

from bot.app.config import Config
from bot.shell.client import PlateauBot, warm_up_renderers

BOTS: list[PlateauBot] = []


def make_bot(db_path: str) -> PlateauBot:
    """A bot as ``python -m bot`` builds it, on ``db_path`` (SimCord supplies Discord).

    SimCord detaches bots without closing them, so every bot made here has its database closed when
    the test ends (an open aiosqlite connection keeps a worker thread alive).
    """
    # The artwork is drawn before the bot starts (once per process: warm_up_renderers is cached): a bot draws
    # it in the background after its first tick, and SimCord gives a bot 5 s to settle after READY, which a
    # cold drawing on a busy machine could overrun.
    warm_up_renderers()
    # A half-hour tick keeps long stretches of virtual time cheap; reminders are then up to half an hour late.
    bot = PlateauBot(Config(token="simcord", database=db_path, tick_seconds=1800, ai_delay=0, ai_seconds=0.01))
    BOTS.append(bot)
    return bot


async def close_bots() -> None:
    """Close the database of every bot made so far."""
    while BOTS:
        store = getattr(BOTS.pop(), "store", None)
        if store is not None:
            await store.close()


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
