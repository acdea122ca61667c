"""The messaging policy: after a change, what to post, what to edit, whom to ping and whom to DM.

Pure code (no Discord): the bot layer gathers a :class:`Situation` from the service (who acts now, the
messages already kept for the match, the players' notification settings, a digest of each player's
private view) and carries out the :class:`Plan` this module returns, sending and editing nothing else.

A **turn** is the stretch during which the same seat must act. Its key is the seat the game says is on
turn (``on_turn`` in its public view, such as Ursuppe's player whose amoebas move), or else the set of
seats that must act. Chance steps and automatic steps never change the key by themselves, so they belong
to the turn they happen in; seats acting together that finish one by one stay in their turn. This is the
turn :mod:`bot.app.telling.turns` numbers: each new turn post is one turn more than the one before. The rules:

- a new turn post, pinging only the seats that must act, when the key changes; an edit otherwise (but a member
  who has just taken over from the AI a seat that must act gets a new post pinging them, in the same turn);
- a seat that must act while another seat is on turn (a victim who defends, a holder who clings) gets a
  compact question, pinging only it; the question is edited to its answer by the next change;
- the end of the match is one new post pinging every player (none in a live event game: the event's board
  shows the result);
- a private-view DM per player, edited in place with every new turn (so it never shows an older turn than the
  public board); a new one (which notifies) only when their private information changed by someone else's
  doing (their turn starting is told by the post's ping, once);
  ``/game notify`` governs DMs too.

Discord API calls are counted too (each costs rate limit): the interaction that made the change is
answered by the step it makes anyway, when one fits (:data:`Answer`), and the status card, a match sheet far
above the turn posts, holds nothing that changes every turn: it is edited only when what it shows changes
(a seat changing hands, the result; :data:`StatusStep`). The line that invited players from a parent
channel into the match's thread is edited once, when the match ends (:attr:`Plan.parent`).
"""

from __future__ import annotations

import dataclasses
import hashlib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

PingMode = str
"""``all`` (the default), ``turn`` (only about one's own turn) or ``off``."""

Via = Literal["none", "click", "command", "private"]
"""What made the change and still waits for its interaction to be answered: nothing (a deadline, an AI,
an interaction answered already), a click on a public message of the match's channel, a command typed in
that channel, or an interaction to be answered privately (a secret move, a click in a DM)."""

Answer = Literal["none", "edit", "retire", "settle", "post", "ack"]
"""How the interaction is answered, in one call that also does a step of the plan:

- ``edit``: the click was on the turn post, which the change edits: the response is that edit
  (UPDATE_MESSAGE);
- ``retire``: the click was on the turn post that a new post replaces: the response retires it;
- ``settle``: the click was on the out-of-turn question, which is settled: the response is its answer;
- ``post``: a command in the channel starts a new turn: the response is the new turn post;
- ``ack``: no step fits (an edit made by a command, a click elsewhere, a secret): a private
  acknowledgement, sent before the slower rendering;
- ``none``: no interaction waits.
"""

StatusStep = Literal["edit", "keep"]
"""The status card: edited (or posted, the first time), or kept as it is."""


@dataclass(frozen=True, slots=True)
class TurnPost:
    """The public turn post as remembered: its message, the turn's key and the turn's number."""

    message_id: int | None
    key: tuple[int, ...]
    number: int


@dataclass(frozen=True, slots=True)
class PrivateDM:
    """A player's private-view DM as remembered: its message (and DM channel) and the digest it shows."""

    channel_id: int | None
    message_id: int | None
    digest: str


@dataclass(frozen=True, slots=True)
class Question:
    """The pending out-of-turn question as remembered: its message and the seats it asks."""

    message_id: int | None
    seats: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Situation:
    """Everything the policy needs to know about a match right after a change (or at its start)."""

    seats: tuple[int, ...]
    """User id of each seat."""
    active: bool
    """The match goes on (False once finished or aborted)."""
    actors: tuple[int, ...]
    """Seats that must act now (empty once over)."""
    on_turn: int | None = None
    """The seat the game says is on turn, when it says so (None: the turn belongs to the actors)."""
    movers: tuple[int, ...] = ()
    """Seats whose own decision made this change (their private changes are no news to them)."""
    pings: Mapping[int, PingMode] = dataclasses.field(default_factory=dict)
    """``/game notify`` settings by user id (missing: ``all``)."""
    turn: TurnPost | None = None
    """The turn post kept so far (None before the first)."""
    question: Question | None = None
    """The out-of-turn question kept so far."""
    hidden_info: bool = False
    """The game has private views (DMs are managed only then)."""
    digests: Mapping[int, str] = dataclasses.field(default_factory=dict)
    """By user id: a digest of their private information now (see :func:`private_digest`)."""
    before: Mapping[int, str] = dataclasses.field(default_factory=dict)
    """By user id: the digest of their private information before this change (missing: unknown, no news)."""
    dms: Mapping[int, PrivateDM] = dataclasses.field(default_factory=dict)
    """By user id: the private-view DM kept so far."""
    unreachable: frozenset[int] = frozenset()
    """Users whose DMs are known to be closed (served by the fallback button instead)."""
    repost: bool = False
    """Someone asked for the board again: a new post, nobody pinged."""
    via: Via = "none"
    """What made the change, when its interaction still waits for an answer (see :data:`Via`)."""
    clicked: int | None = None
    """The message clicked (``via == "click"``)."""
    sheet: str = ""
    """A digest of what the status card should show now (see :func:`bot.shell.play.status.sheet_digest`)."""
    sheet_shown: str | None = None
    """The digest of what it showed when last edited (None: never posted)."""
    handed_over: tuple[int, ...] = ()
    """Seats a member took over from the AI in this change: that member is new to the seat's turn."""
    parent: int | None = None
    """The line in the parent channel that points to the match's thread, while it still invites players
    (None: there is none, or it was edited already)."""
    live: bool = False
    """Live play (:func:`bot.app.clocks.game_clock.live_play`: minutes a turn, or a game clock): a new turn and a
    question out of turn ping nobody; the clock's low-time reminder does."""
    quiet_end: bool = False
    """The end pings nobody either: a live game of an event (its quiet mode: the players sit at the club's
    tables, and the event's board shows the result)."""
    elsewhere: frozenset[int] = frozenset()
    """Members whose turn pings do not go to the channel (their own choice, :mod:`bot.app.desk.pings`: a direct
    message, or a daily digest): the turn post names them without a mention (:attr:`Plan.away`)."""


@dataclass(frozen=True, slots=True)
class DMStep:
    """Send (``new``) or edit one player's private-view DM."""

    user_id: int
    action: Literal["new", "edit"]
    message_id: int | None
    """The DM to edit (``edit``), or the previous one now superseded (``new``)."""
    digest: str


@dataclass(frozen=True, slots=True)
class QuestionStep:
    """Ask an out-of-turn question (``ask``) or turn the previous one into its answer (``settle``)."""

    action: Literal["ask", "settle"]
    seats: tuple[int, ...]
    ping: tuple[int, ...] = ()
    """User ids to mention (``ask`` only)."""
    message_id: int | None = None
    """The question message to edit (``settle`` only)."""


@dataclass(frozen=True, slots=True)
class Plan:
    """What the bot layer does after a change, and nothing else."""

    post: Literal["new", "edit"]
    """A new public post, or an edit of the kept turn post."""
    turn: TurnPost
    """The turn post to remember afterwards (a new post's message id is filled in by the layer)."""
    ping: tuple[int, ...]
    """User ids mentioned, and allowed to be pinged, in the public post (exactly these)."""
    retire: int | None = None
    """The previous turn post, whose controls must go (a new post replaces it)."""
    questions: tuple[QuestionStep, ...] = ()
    dms: tuple[DMStep, ...] = ()
    finished: bool = False
    """The match is over: the post is the end post."""
    answer: Answer = "none"
    """How the interaction that made the change is answered (see :data:`Answer`)."""
    status: StatusStep = "keep"
    """What becomes of the status card (see :data:`StatusStep`)."""
    parent: int | None = None
    """The parent channel's line to edit now, once, as the match ends: it no longer invites anyone."""
    away: tuple[int, ...] = ()
    """User ids whose turn starts now and who would have been pinged, but whose pings go elsewhere
    (:attr:`Situation.elsewhere`): the shell tells them there."""


def turn_key(situation: Situation) -> tuple[int, ...]:
    """Who the turn belongs to: the seat on turn when the game says, else the seats that act; () at the end."""
    if not situation.active:
        return ()
    if situation.on_turn is not None:
        return (situation.on_turn,)
    return tuple(sorted(situation.actors))


def out_of_turn(situation: Situation) -> tuple[int, ...]:
    """Seats that must act now while the turn is another seat's (they get a question, not the turn post)."""
    if not situation.active or situation.on_turn is None:
        return ()
    return tuple(sorted(set(situation.actors) - {situation.on_turn}))


def accepts(pings: Mapping[int, PingMode], user_id: int, *, own_turn: bool) -> bool:
    """Whether ``user_id`` accepts a notification now: never when ``off``; with ``turn`` only about their turn."""
    mode = pings.get(user_id, "all")
    return mode == "all" or (own_turn and mode == "turn")


def plan(situation: Situation) -> Plan:
    """The messages to send or edit after a change (see the module docstring for the rules)."""
    s = situation
    away: tuple[int, ...] = ()
    key = turn_key(s)
    previous = s.turn
    asked = out_of_turn(s)
    own = tuple(seat for seat in key if seat in s.actors) if s.active else ()
    # Seats that act together and finish one by one (a simultaneous set-up) are still in their turn (as the
    # turn count says, bot.app.telling.turns): the post is edited, nobody pinged again.
    turn_changed = previous is None or (previous.key != key and not set(key) < set(previous.key))
    # A member who just took over a seat that must act now is told like a turn that starts: a new post pings them.
    handed = tuple(seat for seat in own if seat in s.handed_over)
    if not s.active:
        # The end: one post for everybody (only ``off`` stays quiet), after the last turn's post.
        ping = () if s.repost or s.quiet_end else tuple(uid for uid in s.seats if s.pings.get(uid, "all") != "off")
        post: Literal["new", "edit"] = "new"
        number = previous.number if previous is not None else 0
    elif turn_changed or previous is None or previous.message_id is None or s.repost or handed:
        post = "new"
        number = (previous.number if previous is not None else 0) + (1 if turn_changed else 0)
        starting = own if turn_changed else handed
        ping = () if s.repost or s.live else _pingable(s, starting)
        away = () if s.repost or s.live else _pingable(s, starting, elsewhere=True)
    else:
        post, number, ping = "edit", previous.number, ()
    retire = previous.message_id if post == "new" and previous is not None else None

    questions: list[QuestionStep] = []
    if not s.repost:
        # Any change settles the question kept so far (its seat answered, or the match moved on without it).
        if s.question is not None and s.question.message_id is not None:
            questions.append(QuestionStep("settle", s.question.seats, message_id=s.question.message_id))
        if asked:
            questions.append(QuestionStep("ask", asked, ping=() if s.live else _pingable(s, asked, elsewhere=None)))

    kept = previous.message_id if previous is not None else None
    return Plan(
        post=post,
        turn=TurnPost(None if post == "new" else kept, key, number),
        ping=ping,
        retire=retire,
        questions=tuple(questions),
        dms=_dm_steps(s, turn_changed),
        finished=not s.active,
        answer=_answer(s, post, kept, retire, questions),
        status="edit" if s.sheet != s.sheet_shown else "keep",
        parent=s.parent if not s.active and not s.repost else None,
        away=away,
    )


def _answer(
    s: Situation, post: Literal["new", "edit"], kept: int | None, retire: int | None, questions: list[QuestionStep]
) -> Answer:
    if s.via == "click" and s.clicked is not None:
        if post == "edit" and s.clicked == kept:
            return "edit"
        if s.clicked == retire:
            return "retire"
        if any(q.action == "settle" and q.message_id == s.clicked for q in questions):
            return "settle"
        return "ack"
    if s.via == "command" and post == "new" and not s.repost:
        return "post"
    return "none" if s.via == "none" else "ack"


def _pingable(s: Situation, seats: tuple[int, ...], *, elsewhere: bool | None = False) -> tuple[int, ...]:
    """The members of ``seats`` who accept a ping about their turn: those pinged in the channel, or (with
    ``elsewhere``) those whose pings go elsewhere; ``None``: both (a question out of turn always asks in the
    channel)."""
    users = (s.seats[seat] for seat in seats if seat < len(s.seats))
    return tuple(
        dict.fromkeys(
            uid
            for uid in users
            if accepts(s.pings, uid, own_turn=True) and (elsewhere is None or (uid in s.elsewhere) == elsewhere)
        )
    )


def _dm_steps(s: Situation, turn_changed: bool) -> tuple[DMStep, ...]:
    if not s.hidden_info:
        return ()
    steps = []
    for seat, uid in enumerate(s.seats):
        if uid in s.unreachable:
            continue
        digest = s.digests.get(uid, "")
        kept = s.dms.get(uid)
        mode = s.pings.get(uid, "all")
        if kept is None or kept.message_id is None:
            if mode != "off":
                steps.append(DMStep(uid, "new", None, digest))
            continue
        # News: what they privately hold changed in this change, by someone else's doing (their own move is
        # no news; their own earlier changes the DM has not shown yet are no news either).
        news = s.before.get(uid, digest) != digest and seat not in s.movers
        if news and mode == "all":
            steps.append(DMStep(uid, "new", kept.message_id, digest))
        elif news or turn_changed or not s.active:
            # Edited silently: news for a player who asked for fewer notifications, and the picture (which also
            # shows the public board, and their own changes since) with every turn the channel tells of, theirs
            # or another's, and at the end: a private view never shows an older turn than the public board.
            # A turn starting is told once, by the turn post's ping, not by a second notification here.
            steps.append(DMStep(uid, "edit", kept.message_id, digest))
    return tuple(steps)


def private_digest(private_view: Any, public_view: Any) -> str:
    """A digest of what a player's view holds beyond the spectator's: it changes when their private
    information changes, not when the public board moves.

    Views are compared field by field; in a field holding a collection only the items the spectator
    does not see count (a player's own face-down bonus, their hidden values).
    """
    if not (dataclasses.is_dataclass(private_view) and type(private_view) is type(public_view)):
        return hashlib.sha256(repr(private_view).encode()).hexdigest()[:16]
    parts = []
    for f in dataclasses.fields(private_view):
        mine, theirs = getattr(private_view, f.name), getattr(public_view, f.name)
        if f.name == "viewer" or mine == theirs:
            continue
        if isinstance(mine, tuple | frozenset) and isinstance(theirs, tuple | frozenset):
            seen = set(theirs) if _hashable(theirs) else list(theirs)
            parts.append((f.name, repr([item for item in mine if item not in seen])))
        else:
            parts.append((f.name, repr(mine)))
    return hashlib.sha256(repr(parts).encode()).hexdigest()[:16]


def _hashable(items: Any) -> bool:
    try:
        set(items)
    except TypeError:
        return False
    return True
