"""The words for a move a stand-in played for its member (issue 36): "played by alice's plan", "played by alice's
standing order", "played for alice: the choice could not matter", in every text told from the log (the turn post,
``/game history``, the export and the replay).

Only the stand-in's kind and the member's name are told, never what the plan or the order held: the move itself
is all another member learns.
"""

from __future__ import annotations

from bot.app.i18n import has, t

__all__ = ["marked_line", "stand_in_line", "stand_in_note", "stand_in_short"]


def _key(lang: str, prefix: str, stand_in: str) -> str:
    key = f"{prefix}.{stand_in}"
    return key if has(lang, key) else f"{prefix}.other"


def stand_in_note(lang: str, stand_in: str, name: str) -> str:
    """Who chose the move, in a few words: ``played for alice: the choice could not matter``."""
    return t(lang, _key(lang, "standin", stand_in), name=name)


def marked_line(lang: str, line: str, stand_in: str, name: str) -> str:
    """A move's sentence with who chose it: ``alice played A4-A2 (played by alice's plan).``"""
    return t(lang, "standin.line", line=line.rstrip().removesuffix("."), why=stand_in_note(lang, stand_in, name))


def stand_in_line(lang: str, stand_in: str, name: str) -> str:
    """Who chose the move, as a line of its own (games told by their events, whose lines are not the move's)."""
    return t(lang, "standin.alone", why=stand_in_note(lang, stand_in, name))


def stand_in_short(lang: str, stand_in: str, name: str) -> str:
    """Who chose the move, short enough for a replay frame's caption: ``alice's plan``."""
    return t(lang, _key(lang, "standin.short", stand_in), name=name)
