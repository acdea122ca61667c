"""The words for a move a stand-in played for its member (issue 36): "played by alice's plan", "played by alice's
standing order", "played for alice: the choice could not matter", in every text told from the log (the turn post,
``/game history``, the export and the replay).

Only the stand-in's kind and the member's name are told, never what the plan or the order held: the move itself
is all another member learns. :func:`asked_line` says why a member was asked after all (their order's stop, their
autopilot, their plan); it goes only into that member's own messages, since it tells what they planned or chose.
"""

from __future__ import annotations

from collections.abc import Mapping

from bot.app.i18n import has, t

__all__ = ["asked_line", "marked_line", "stand_in_line", "stand_in_note", "stand_in_short"]


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


def asked_line(lang: str, why: str, words: Mapping[str, str]) -> str:
    """Why the member is asked after all, in one short line (``why``: :attr:`bot.app.matches.model.Stopped.why`):
    ``Your standing order stopped: a rival that can attack shares a square with mine.``"""
    kind, _, detail = why.partition(".")
    if kind == "order":
        if detail == "illegal" or not has(lang, f"orders.stop.{detail}"):
            return t(lang, "asked.order.illegal")
        return t(lang, "asked.order", stop=t(lang, f"orders.stop.{detail}"))
    if kind == "plan" and detail == "unforeseen":
        key = "asked.plan.unforeseen.roll" if "roll" in words else "asked.plan.unforeseen.reply"
        return t(lang, key, roll=words.get("roll", "?"), reply=words.get("reply", "?"))
    key = f"asked.{why}"
    if not has(lang, key):
        return t(lang, "asked.other")
    return t(lang, key, **{"move": "?", "points": "?", "limit": "?", **words})
