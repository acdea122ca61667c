"""What the events extension holds once loaded, for the persistent buttons that act through it."""

from __future__ import annotations

from typing import Any, Final

import discord
from discord.ext import commands

COG_NAME: Final = "EventCog"
"""The events cog's name, under which the running bot holds it."""


def held(client: discord.Client, kind: type, part: str | None = None) -> Any:
    """The events cog's UI (or its attribute ``part``) as ``kind``, the handlers a button calls (each caller
    names its own protocol as its return type: a protocol cannot bind a type variable).

    Raises:
        RuntimeError: the events extension is not loaded, or holds nothing of that kind.
    """
    cog = client.get_cog(COG_NAME) if isinstance(client, commands.Bot) else None
    found = getattr(cog, "ui", None)
    if part is not None:
        found = getattr(found, part, None)
    if not isinstance(found, kind):
        raise RuntimeError("the events extension is not loaded")
    return found
