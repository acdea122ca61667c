"""What both store backends share: the store's errors and its time format."""

from __future__ import annotations

from datetime import UTC, datetime

from bot.app.storage.migrate import MigrationError


class StoreError(Exception):
    """Base class of the store's own errors."""


class SchemaVersionError(StoreError, MigrationError):
    """The database was written by a newer Plateau: its schema is ahead of this code's migrations."""


class ConflictError(StoreError):
    """A uniqueness rule refused a write: someone else wrote first (stale ply, reused interaction id)."""


class ChannelBusyError(ConflictError):
    """The channel already has a match in lobby or active."""


def to_iso(moment: datetime) -> str:
    """ISO-8601 UTC text with microseconds, e.g. ``2024-05-01T12:00:00.000000Z``.

    One fixed width and zone, so texts sort like the instants they name. A naive datetime is taken
    to be UTC already.
    """
    if moment.tzinfo is not None:
        moment = moment.astimezone(UTC)
    return moment.strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def from_iso(text: str) -> datetime:
    """The aware UTC datetime of a text written by :func:`to_iso`."""
    return datetime.fromisoformat(text).astimezone(UTC)
