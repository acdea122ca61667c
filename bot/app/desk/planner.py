"""The member's desk, decided without Discord: which matches it lists, in what order, in which words, and whether
the kept DM is edited, sent for the first time, or left as it is.

The shell gathers one :class:`DeskEntry` per match the member plays (only those on a server they still share
with the bot, in a channel Discord lets them see: :attr:`DeskEntry.visible`), calls :func:`plan_desk` and
:func:`desk_message`, and carries out :func:`desk_step`. Nothing here holds hidden information: an entry has the
public facts of a turn post (whose turn, since when, until when), never a seat's private view.

The order is the one correspondence players ask for: the member's turns first, the most urgent first (the
earliest deadline or game-clock flag fall; a turn without either after those, the oldest first); then the
matches waiting for others, the one waiting longest first; then lobbies they sit in and event rounds.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Final, Literal

from bot.app.i18n import t

MAX_BUTTONS: Final = 25
"""Discord's most components in a message's five rows: one link button per listed turn of the member's, first."""
MAX_CONTENT: Final = 2000
"""Discord's limit on a message's text."""
MAX_LISTED: Final = 40
"""Lines listed at most; the rest are counted in one line ("…and 12 more")."""

Kind = Literal["turn", "waiting", "lobby", "event"]


@dataclass(frozen=True, slots=True)
class DeskEntry:
    """One match (or lobby, or event round) as the desk shows it: public facts only."""

    match_id: int
    kind: Kind
    """``turn``: the member must act; ``waiting``: others must; ``lobby``: seated, not started; ``event``: a
    round of an event they play in."""
    game: str
    """The game's name in the member's language (an event's name for ``event``)."""
    server: str
    """The server's name."""
    link: str
    """A jump link to the match's latest post (or its channel)."""
    since: datetime
    """When the current turn began (a lobby: when it opened)."""
    deadline: datetime | None = None
    """The member's turn deadline (``turn``), or the earliest of the players awaited (``waiting``)."""
    flag: datetime | None = None
    """The member's game clock runs out then (live play with a clock), when that comes first."""
    waiting_for: tuple[str, ...] = ()
    """Display names of the players awaited (``waiting``)."""
    turn: int | None = None
    """The turn number, as the match's posts count them."""
    visible: bool = True
    """The member may see the match's channel, on a server they still share with the bot."""
    round: int | None = None
    """An event's round running (``event``; None: sign-up still open)."""
    rounds: int | None = None
    """An event's number of rounds (``event``)."""
    board: int | None = None
    """An event's game on one of the club's boards whose result the member is to report (``event``)."""

    @property
    def due(self) -> datetime | None:
        """The instant the member's time runs out: the turn deadline or the clock's flag fall, the earlier."""
        found = [at for at in (self.deadline, self.flag) if at is not None]
        return min(found) if found else None


@dataclass(frozen=True, slots=True)
class Desk:
    """The desk's sections, each in its order (see the module docstring)."""

    yours: tuple[DeskEntry, ...] = ()
    waiting: tuple[DeskEntry, ...] = ()
    later: tuple[DeskEntry, ...] = ()
    """Lobbies and event rounds."""

    @property
    def empty(self) -> bool:
        return not (self.yours or self.waiting or self.later)


@dataclass(frozen=True, slots=True)
class DeskMessage:
    """The desk as sent: its text, and one link button per turn of the member's (label, url), in order."""

    content: str
    buttons: tuple[tuple[str, str], ...]

    @property
    def digest(self) -> str:
        """What the message shows, in short: an edit that would change nothing is not sent."""
        text = self.content + "\n" + "\n".join(f"{label}\t{url}" for label, url in self.buttons)
        return hashlib.sha256(text.encode()).hexdigest()[:16]


@dataclass(frozen=True, slots=True)
class KeptDesk:
    """The desk DM kept for a member: its channel and message, and the digest of what it shows."""

    channel_id: int | None
    message_id: int | None
    digest: str = ""


@dataclass(frozen=True, slots=True)
class DeskStep:
    """What the shell does with a member's desk: ``send`` a first one (or a new one, the kept one being gone),
    ``edit`` the kept one in place, ``keep`` it (it shows this already), or ``none`` (no desk: the member shares
    no server with the bot any more, or has never had a match to show)."""

    action: Literal["send", "edit", "keep", "none"]
    message_id: int | None = None


def _urgency(entry: DeskEntry) -> tuple[int, datetime, int]:
    due = entry.due
    return (0, due, entry.match_id) if due is not None else (1, entry.since, entry.match_id)


def plan_desk(entries: Sequence[DeskEntry]) -> Desk:
    """The desk's sections from the member's entries: hidden ones left out, each section in its order."""
    shown = [e for e in entries if e.visible]
    yours = sorted((e for e in shown if e.kind == "turn"), key=_urgency)
    waiting = sorted((e for e in shown if e.kind == "waiting"), key=lambda e: (e.since, e.match_id))
    later = sorted((e for e in shown if e.kind in ("lobby", "event")), key=lambda e: (e.kind, e.since, e.match_id))
    return Desk(tuple(yours), tuple(waiting), tuple(later))


def _stamp(at: datetime, style: str = "R") -> str:
    """A Discord timestamp: each reader's client shows it in their own time zone and language."""
    return f"<t:{int(at.timestamp())}:{style}>"


def entry_line(entry: DeskEntry, lang: str) -> str:
    """One line in words: the match and its server, then its state ("your turn 14, deadline in 5 hours")."""
    number = "" if entry.kind == "event" else f"#{entry.match_id} "
    head = f"[{number}{entry.game}]({entry.link}) · {entry.server}"
    if entry.kind == "turn":
        due = entry.due
        state = (
            t(lang, "desk.line.turn", turn=entry.turn or 1)
            if due is None
            else t(lang, "desk.line.turn_due", turn=entry.turn or 1, due=_stamp(due))
        )
    elif entry.kind == "waiting":
        names = ", ".join(entry.waiting_for) or "—"
        state = t(lang, "desk.line.waiting", turn=entry.turn or 1, names=names, since=_stamp(entry.since))
    elif entry.kind == "lobby":
        state = t(lang, "desk.line.lobby", since=_stamp(entry.since))
    elif entry.round is None:
        state = t(lang, "desk.line.event_signup")
    elif entry.board is not None:
        state = t(
            lang, "desk.line.event_board", round=entry.round, rounds=entry.rounds or entry.round, board=entry.board
        )
    else:
        state = t(lang, "desk.line.event_round", round=entry.round, rounds=entry.rounds or entry.round)
    return f"{head} — {state}"


def desk_message(desk: Desk, lang: str) -> DeskMessage:
    """The desk's text and buttons, within Discord's limits (a section's last lines give way to a count). It says
    nothing that changes with the time of drawing (relative times are Discord timestamps, which clients keep
    current), so a redraw that changes nothing edits nothing."""
    # The latest turn change listed, not the drawing's time: a redraw that changes nothing edits nothing.
    listed = (*desk.yours, *desk.waiting, *desk.later)
    parts = [t(lang, "desk.title")]
    if listed:
        parts.append(t(lang, "desk.updated", at=_stamp(max(e.since for e in listed), "f")))
    count = 0
    left = 0
    for key, section in (("desk.yours", desk.yours), ("desk.waiting", desk.waiting), ("desk.later", desk.later)):
        if not section:
            continue
        lines = [f"**{t(lang, key, count=len(section))}**"]
        for entry in section:
            line = "• " + entry_line(entry, lang)
            if count >= MAX_LISTED or sum(len(p) + 1 for p in (*parts, *lines)) + len(line) > MAX_CONTENT - 80:
                left += 1
                continue
            lines.append(line)
            count += 1
        parts.append("\n".join(lines))
    if desk.empty:
        parts.append(t(lang, "desk.none"))
    if left:
        parts.append(t(lang, "desk.more", count=left))
    buttons = tuple((t(lang, "desk.button", id=e.match_id, game=e.game)[:80], e.link) for e in desk.yours[:MAX_BUTTONS])
    return DeskMessage("\n\n".join(parts)[:MAX_CONTENT], buttons)


def desk_step(kept: KeptDesk | None, message: DeskMessage, *, shares_server: bool, asked: bool = False) -> DeskStep:
    """What to do with a member's desk now (see :class:`DeskStep`).

    A desk is sent the first time only when the member asks for it (``/game mine``: ``asked``); from then on
    every change edits it. A member who left every server the bot shares gets no desk (the kept one stays as it
    was: nothing is sent to someone the bot no longer meets).
    """
    if not shares_server:
        return DeskStep("none")
    if kept is None or kept.message_id is None:
        return DeskStep("send") if asked else DeskStep("none")
    if kept.digest == message.digest:
        return DeskStep("keep", kept.message_id)
    return DeskStep("edit", kept.message_id)
