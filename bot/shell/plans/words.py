"""The plan form's words: a reply, an answer or a planned move as its menu and the plan's summary say it, and the
plan itself in lines (pure: no Discord, no store), shared by the form's pages and the word a member gets when a
plan is spent or dropped."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.app.i18n import t
from bot.app.plans import kinds
from bot.app.plans.desk import PlanForm, Standing, answered_at
from bot.app.plans.kinds import keyed
from bot.app.plans.model import Plan
from bot.app.plans.turns import ANY, flat, split, tail
from bot.app.telling.words import move_label, typed_moves
from games.base import GameInfo, GameState


def opponent(names: list[str], seat: int) -> str:
    """The one opponent's name in a two-seat match (``?`` when the match has more seats)."""
    return names[1 - seat] if len(names) == 2 else "?"


def reply_words(form: PlanForm, state: GameState, move: str, lang: str) -> str:
    """A reply or an answer of the form as its menu says it: a whole turn as the member types it
    (:func:`turn_words`), a move in words ("any turn" and "any reply" in words too)."""
    if move == ANY:
        return any_words(form.keyed, lang, form.match.game.id)
    if form.keyed == "turn":
        return turn_words(form.match.game, move, lang)
    return said(form, state, move, lang)


def turn_words(game: GameInfo, turn: str, lang: str) -> str:
    """A whole turn of a turn plan (its decisions separated by ``;``) as a member of ``lang`` types it into
    ``/game move``: a French member reads ``défausser c3; révéler d4; poser run b4`` where the notation says
    ``discard c3; reveal d4; place run b4`` (issue 39); the notation itself where the game has no typed form."""
    return typed_moves(game, split(turn), lang) or turn


def any_words(kind: str, lang: str, game_id: str | None = None) -> str:
    """The condition "whatever the opponent plays" in words, with what stops it (in ``game_id``'s plans)."""
    return t(lang, "plan.any_turn" if kind == "turn" else kinds.any_words(game_id))


def told_words(game: GameInfo, words: Mapping[str, Any], lang: str) -> dict[str, Any]:
    """The words of a plan's spent or dropped notice, a turn plan's decisions said as the member types them
    (:func:`turn_words`): a French member's DM says ``poser run d1``, not ``place run d1``."""
    told = dict(words)
    if keyed(game.id) == "turn":
        for key in ("move", "reply"):
            if isinstance(told.get(key), str) and told[key] != ANY:
                told[key] = turn_words(game, told[key], lang)
    return told


def said(form: PlanForm, state: GameState, move: str, lang: str) -> str:
    """A move of the form in words, as its button under the turn post says it (the notation when the game has no
    words for it)."""
    return move_label(form.match.game, state, move, lang)[:90]


def plan_lines(
    plan: Plan, seat: int, names: list[str], lang: str, form: PlanForm | None = None, game: GameInfo | None = None
) -> list[str]:
    """The plan in words, one line per branch of its first level and one for the turn after it (deeper levels
    counted); with the ``form`` it was made on, each first move in words too. A turn plan's turns are said as
    the member types them (:func:`turn_words`) in the game of the ``form``, or the ``game`` given."""
    other = opponent(names, seat)
    game = form.match.game if form is not None else game
    game_id = game.id if game is not None else None
    choices = {c.when: c for c in (*form.choices, *form.forced)} if form is not None else {}
    lines = []
    for branch in plan.branches:
        move = branch.play
        choice = choices.get(branch.when)
        if plan.keyed == "turn":

            def typed(turn: str) -> str:
                return turn if game is None else turn_words(game, turn, lang)

            reply = any_words(plan.keyed, lang, game_id) if branch.when == ANY else typed(branch.when)
            lines.append(t(lang, "plan.line_reply", name=other, reply=reply, move=typed(flat(branch))))
            lines += [t(lang, "plan.then_turn", name=other, move=typed(flat(second))) for second in tail(branch)]
            continue
        if form is not None and choice is not None:
            at = choice.at if plan.keyed == "roll" else answered_at(choice)
            words = said(form, at, move, lang)
            move = move if words == move else f"{words} ({move})"
        if plan.keyed == "roll":
            lines.append(t(lang, "plan.line_roll", roll=branch.when.split(":")[-1], move=move))
            if branch.then:
                moves = " · ".join(
                    t(lang, "plan.then_roll", roll=b.when.split(":")[-1], move=b.play) for b in branch.then
                )
                lines.append(t(lang, "plan.then_rolls", moves=moves))
        else:
            reply = any_words(plan.keyed, lang, game_id) if branch.when == ANY else branch.when
            lines.append(t(lang, "plan.line_reply", name=other, reply=reply, move=move))
            for deeper in branch.then:
                reply = any_words(plan.keyed, lang, game_id) if deeper.when == ANY else deeper.when
                lines.append(t(lang, "plan.then_reply", name=other, reply=reply, move=deeper.play))
        further = sum(len(b.then) for b in branch.then)
        if further:
            lines[-1] += " " + t(lang, "plan.deeper", count=further)
    return lines


def standing_text(found: Standing, names: list[str], lang: str, game: GameInfo | None = None) -> str:
    """A standing plan as ``/plateau plans`` lists it: the match, then the plan in lines (:func:`plan_lines`)."""
    lines = plan_lines(found.plan, found.plan.seat, names, lang, game=game)
    return t(lang, "plan.list_item", id=found.match_id, lines="\n".join(lines))
