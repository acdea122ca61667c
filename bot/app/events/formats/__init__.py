"""Event formats, found through one registry: a new format is its module here (a :class:`Format`), its entry in
:data:`FORMATS`, its value in :class:`~bot.app.events.model.EventFormat` and its texts in each catalog
(``event.format.<id>``, ``event.standings.legend.<id>``, ``choice.format.<id>``); ``/event create`` offers
every registered format. tests/test_event_formats.py runs every registered format through sign-up, pairing,
results, standings and export.

- :mod:`.base`: what a format must answer (:class:`Format`);
- :mod:`.two_player`: what Swiss and round robin share; :mod:`.swiss`, :mod:`.round_robin`;
- :mod:`.tables`: seated rounds of multiplayer tables.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

from bot.app.events.formats.base import Format
from bot.app.events.formats.round_robin import ROUND_ROBIN
from bot.app.events.formats.swiss import SWISS
from bot.app.events.formats.tables import TABLES
from bot.app.events.model import EventFormat

FORMATS: Final[Mapping[EventFormat, Format]] = MappingProxyType({f.id: f for f in (SWISS, ROUND_ROBIN, TABLES)})
"""Every format an event may be played in, by the value stored with the event."""


class UnknownFormatError(LookupError):
    """An event format no module serves: refused, never played as another format."""


def format_of(event_format: EventFormat | str) -> Format:
    """The format stored as ``event_format`` (its :class:`EventFormat` or its value).

    Raises:
        UnknownFormatError: no registered format has that value.
    """
    try:
        return FORMATS[EventFormat(event_format)]
    except (KeyError, ValueError):
        raise UnknownFormatError(f"no event format {event_format!r}") from None


__all__ = ["FORMATS", "Format", "UnknownFormatError", "format_of"]
