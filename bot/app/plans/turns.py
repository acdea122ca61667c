"""Turn plans, for games whose turn is several decisions (Ultima-Tek): "if bob's turn is ``c3-d3; d3>d5; end``,
my turn is ``reveal e4; e4-e5; end``".

A turn plan's condition is the opponent's whole turn as everyone sees it: each of their decisions in the game's
public notation (a bonus placed face down reads ``place c3``, its kind left out), so a plan is keyed on nothing
the member cannot see and matching it reveals nothing. Its move is the member's whole next turn, kept as a chain
of branches whose conditions are :data:`~bot.app.plans.model.GO_ON` (each decision follows the one before, nothing
between), every decision of the turn named, forced ones too, so the plan reads the same with autoplay on or off.
Its last decision may be followed by a second turn for any opponent turn (:func:`tail`), up to where the game
stops it (Ultima-Tek: at its bonus phase, which the member's own draw between the two turns decides), read again
against the real position when it comes, as a plan for any turn is.

The form offers a few turns for each side, found by the project's quickest AI level from the position as the
member may know it (the opponent's secrets dealt again), from generators seeded by the match, its version and the
seat only: what it offers depends on nothing the member cannot see.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any, Final

from bot.app.matches import MatchError
from bot.app.plans.model import GO_ON, Branch
from games import sequence
from games.ai import decide
from games.base import GameError, GameInfo, GameState, Seat

ANY: Final = "*"
"""The condition "whatever the opponent's turn, unless it changes what my turn does" (a decision of it no longer
legal or written otherwise, a piece, a throw or a bonus of theirs ending on a hex it names; per game,
:attr:`bot.app.plans.kinds.TurnPlans.changes`): the plan for a turn the member cannot guess whole, stopped as a roll
plan in Ur is when the opponent took or blocked what it names."""
SEP: Final = "; "
"""Between the decisions of a turn, in a condition or a move."""
LEVEL: Final = "easy"
"""The AI level that proposes turns: the quickest (a form is made while the member waits)."""
OPPONENT_TURNS: Final = 4
"""Opponent turns a form offers."""
OWN_TURNS: Final = 3
"""Turns of the member's a form offers for each opponent turn."""
TRIES: Final = 2
"""Seeds tried per turn offered (the AI often finds the same turn twice)."""
MAX_TURN: Final = 40
"""Decisions a turn may hold (a safety net: none has that many)."""


def split(text: str) -> list[str]:
    """The decisions of a turn's text."""
    return [part.strip() for part in text.split(";") if part.strip()]


Until = Callable[[GameState, Seat], bool]
"""Where a second planned turn stops (Ultima-Tek: at its bonus phase), read on the position before each decision."""


def play_turn(
    game: GameInfo,
    state: GameState,
    mover: Seat,
    choose: Callable[[GameState], object],
    until: Until | None = None,
) -> tuple[list[str], GameState]:
    """``mover``'s decisions to the end of their turn (or to where ``until`` stops it), each one ``choose`` picks
    (a forced one as it is), in notation, and the position once they no longer act (a draw may be next)."""
    played: list[str] = []
    while len(played) < MAX_TURN and sequence.turn_goes_on(state, mover):
        if until is not None and until(state, mover):
            break
        move = sequence.forced(game, state, mover)
        if move is None:
            move = choose(state)
        played.append(state.format_move(move))
        state = state.apply(move)
    return played, state


def settle(state: GameState, rng: random.Random) -> GameState:
    """``state`` past its chance steps (a draw into a hand the member cannot see), by ``rng``."""
    while state.is_chance() and state.outcome() is None:
        outcomes = state.chance_outcomes()
        state = state.apply(rng.choices([o for o, _ in outcomes], [float(p) for _, p in outcomes])[0])
    return state


def candidates(
    game: GameInfo, known: GameState, seat: Seat, seed: str
) -> list[tuple[str, str, GameState, tuple[str, ...]]]:
    """The form's offers: (condition, its label, the position the member answers in, their turns in full
    notation), at most :data:`OPPONENT_TURNS`, each with at most :data:`OWN_TURNS` of the member's turns."""
    if known.is_chance() or known.outcome() is not None or seat in known.actors() or len(known.actors()) != 1:
        return []
    (mover,) = known.actors()
    found: dict[str, tuple[str, str, GameState, tuple[str, ...]]] = {}
    for i in range(OPPONENT_TURNS * TRIES):
        if len(found) >= OPPONENT_TURNS:
            break
        rng = random.Random(f"{seed}:opponent:{i}")
        played, after = play_turn(game, known, mover, _chooser(game, mover, rng))
        condition = SEP.join(game.public_notation(text) for text in played)
        if not played or condition in found:
            continue
        after = settle(after, rng)
        if after.outcome() is not None or after.actors() != (seat,):
            continue  # the member does not answer that turn with a turn of theirs: nothing to plan
        answers = list(_own_turns(game, after, seat, f"{seed}:{i}"))
        if answers:
            found[condition] = (condition, condition, after, tuple(answers))
    offers = list(found.values())
    if offers:
        # Whatever they play, my turn as I would answer their likeliest one, unless theirs changes what it does.
        offers.insert(0, (ANY, ANY, offers[0][2], offers[0][3]))
    return offers


def _own_turns(game: GameInfo, state: GameState, seat: Seat, seed: str, until: Until | None = None) -> Iterator[str]:
    seen: set[str] = set()
    for j in range(OWN_TURNS * TRIES):
        if len(seen) >= OWN_TURNS:
            return
        rng = random.Random(f"{seed}:own:{j}")
        played, _ = play_turn(game, state, seat, _chooser(game, seat, rng), until)
        text = SEP.join(played)
        if played and text not in seen:
            seen.add(text)
            yield text


def _chooser(game: GameInfo, mover: Seat, rng: random.Random) -> Callable[[GameState], object]:
    def choose(state: GameState) -> object:
        return decide(game.id, state, mover, LEVEL, rng)

    return choose


def chain(moves: list[str]) -> Branch:
    """A turn's decisions as a plan's chain: the first, then each one after the one before (:data:`GO_ON`)."""
    branch = Branch(GO_ON, moves[-1])
    for move in reversed(moves[:-1]):
        branch = Branch(GO_ON, move, (branch,))
    return branch


def tail(branch: Branch) -> tuple[Branch, ...]:
    """What follows a turn plan's branch once its turn is played: the branches of the member's second turn."""
    while branch.then and branch.then[0].when == GO_ON:
        branch = branch.then[0]
    return branch.then


def attach(branch: Branch, after: tuple[Branch, ...]) -> Branch:
    """A turn's chain with ``after`` (a second turn) following its last decision."""
    if not branch.then or branch.then[0].when != GO_ON:
        return Branch(branch.when, branch.play, after)
    return Branch(branch.when, branch.play, (attach(branch.then[0], after),))


def flat_plan(branch: Branch) -> Branch:
    """A stored turn plan's branch as the form holds it: its turn as one text, and its second turn's too."""
    return Branch(branch.when, flat(branch), tuple(Branch(b.when, flat(b)) for b in tail(branch)))


def flat(branch: Branch) -> str:
    """A turn plan's branch as the text of its move: its decision and those of its chain (up to the turn's end:
    a chain's last decision may be followed by the branches of the member's next turn)."""
    moves = [branch.play]
    while branch.then and branch.then[0].when == GO_ON:
        branch = branch.then[0]
        moves.append(branch.play)
    return SEP.join(moves)


def check_turn(
    game: GameInfo,
    known: GameState,
    seat: Seat,
    branch: Branch,
    rng: random.Random,
    wild: GameState | None,
    until: Until | None = None,
    seed: str = "",
) -> Branch:
    """``branch`` (an opponent turn → the member's turn, the move as :func:`flat` text; then, with ``until``,
    for any opponent turn, a second turn up to where ``until`` stops it) in canonical notation, its moves as a
    chain, once checked from ``known``; a branch for :data:`ANY` opponent turn is checked from ``wild``, the
    position after the opponent turn the form guessed likeliest; a second turn from :func:`second_at` (``seed``).

    Raises:
        MatchError: ``plan_reply`` (a turn the opponent cannot play, or one after which the member does not
            answer; a second turn for another condition than any turn, or in a game without second turns),
            ``plan_move`` (a decision that is not legal there or not the member's, or one past the end of the
            member's turn, or of the second turn's part a plan may name).
    """
    replies, moves, state = first_turn(game, known, seat, branch, rng, wild)
    then: tuple[Branch, ...] = ()
    second = tail(branch)
    if second:
        if len(second) != 1 or second[0].when != ANY or until is None:
            raise MatchError("plan_reply", reply=second[0].when)
        at = second_at(game, state, seat, seed)
        if at is None:
            raise MatchError("plan_reply", reply=ANY)
        seconds, _ = _checked_moves(at, seat, split(flat(second[0]))[:MAX_TURN], until)
        then = (Branch(ANY, seconds[0], chain(seconds).then),)
    return Branch(SEP.join(replies), moves[0], attach(chain(moves), then).then)


def first_turn(
    game: GameInfo, known: GameState, seat: Seat, branch: Branch, rng: random.Random, wild: GameState | None
) -> tuple[list[str], list[str], GameState]:
    """The opponent turn and the member's turn of ``branch`` checked (see :func:`check_turn`): the opponent's
    decisions in public notation, the member's in full notation, and the position after the member's turn."""
    state = known
    replies = []
    if branch.when == ANY:
        if wild is None:
            raise MatchError("plan_reply", reply=ANY)
        state, replies = wild, [ANY]
    for text in split(branch.when) if branch.when != ANY else []:
        if state.is_chance() or state.outcome() is not None or len(state.actors()) != 1 or seat in state.actors():
            raise MatchError("plan_reply", reply=text)
        (mover,) = state.actors()
        wanted = game.public_notation(text)
        move = next((m for m in state.legal_moves(mover) if game.public_notation(state.format_move(m)) == wanted), None)
        if move is None:
            raise MatchError("plan_reply", reply=text)
        replies.append(wanted)
        state = state.apply(move)
    state = settle(state, rng)
    if not replies or state.outcome() is not None or state.actors() != (seat,):
        raise MatchError("plan_reply", reply=branch.when or "?")
    moves, state = _checked_moves(state, seat, split(flat(branch)))
    return replies, moves, state


def _checked_moves(
    state: GameState, seat: Seat, texts: list[str], until: Until | None = None
) -> tuple[list[str], GameState]:
    """A turn's decisions in full notation, each legal, the member's, within the turn and before ``until`` stops
    it; and the position after them."""
    moves = []
    for text in texts:
        if not sequence.turn_goes_on(state, seat) or (until is not None and until(state, seat)):
            raise MatchError("plan_move", move=text)
        move = own_move(state, seat, text)
        moves.append(state.format_move(move))
        state = state.apply(move)
    if not moves:
        raise MatchError("plan_move", move="?")
    return moves, state


def second_at(game: GameInfo, state: GameState, seat: Seat, seed: str) -> GameState | None:
    """Where the member's second planned turn is made and checked: ``state`` (after their first planned turn)
    past the draw, the opponent's turn the quickest AI guesses and the draw after it, all from generators of
    ``seed`` alone; None when the member does not then act alone. The second turn is kept for any opponent turn
    and read again against the real one when it comes (the game's auto-stop)."""
    rng = random.Random(f"{seed}:second")
    state = settle(state, rng)
    if state.outcome() is not None or len(state.actors()) != 1 or seat in state.actors():
        return None
    (mover,) = state.actors()
    _, state = play_turn(game, state, mover, _chooser(game, mover, rng))
    state = settle(state, rng)
    if state.outcome() is not None or state.actors() != (seat,):
        return None
    return state


def second_turns(
    game: GameInfo,
    known: GameState,
    seat: Seat,
    first: Branch,
    wild: GameState | None,
    base: int,
    until: Until,
) -> tuple[str, ...]:
    """The second turns a form offers after the line ``first`` (an opponent turn → the member's turn, as text):
    the quickest AI's, up to where ``until`` stops them, at most :data:`OWN_TURNS`; none when the line does
    not check or the member does not act after it."""
    try:
        _, _, state = first_turn(game, known, seat, first, check_rng(base, seat), wild)
    except MatchError:
        return ()
    seed = second_seed(base, seat)
    at = second_at(game, state, seat, seed)
    return () if at is None else tuple(_own_turns(game, at, seat, seed, until))


def check_rng(base: int, seat: Seat) -> random.Random:
    """The generator a turn plan's branch is checked with (the draws after the opponent's turn): one per
    branch, so the form and the check read the same position."""
    return random.Random(f"check:{base}:{seat}")


def second_seed(base: int, seat: Seat) -> str:
    """The seed of the position a second turn is offered and checked in."""
    return f"second:{base}:{seat}"


def own_move(state: GameState, seat: Seat, text: str) -> Any:
    """The move ``text`` names for ``seat`` in ``state``; a plan's refusal when it names none of theirs."""
    try:
        move = state.parse_move(text, seat)
    except GameError:
        raise MatchError("plan_move", move=text) from None
    if state.mover(move) != seat:
        raise MatchError("plan_move", move=text)
    return move
