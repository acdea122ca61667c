"""The plan form's words: a reply, an answer or a planned move as its menu and the plan's summary say it, and the
plan itself in lines (pure: no Discord, no store), shared by the form's pages and the word a member gets when a
plan is spent or dropped."""

from __future__ import annotations

from bot.app.i18n import t
from bot.app.plans import kinds
from bot.app.plans.desk import PlanForm, Standing, answered_at
from bot.app.plans.model import Plan
from bot.app.plans.turns import ANY, flat, tail
from bot.app.telling.words import move_label
from games.base import GameState


def opponent(names: list[str], seat: int) -> str:
    """The one opponent's name in a two-seat match (``?`` when the match has more seats)."""
    return names[1 - seat] if len(names) == 2 else "?"


def reply_words(form: PlanForm, state: GameState, move: str, lang: str) -> str:
    """A reply or an answer of the form as its menu says it: a whole turn as its notation, a move in words ("any
    turn" and "any reply" in words too)."""
    if move == ANY:
        return any_words(form.keyed, lang, form.match.game.id)
    if form.keyed == "turn":
        return move
    return said(form, state, move, lang)


def any_words(keyed: str, lang: str, game_id: str | None = None) -> str:
    """The condition "whatever the opponent plays" in words, with what stops it (in ``game_id``'s plans)."""
    return t(lang, "plan.any_turn" if keyed == "turn" else kinds.any_words(game_id))


def said(form: PlanForm, state: GameState, move: str, lang: str) -> str:
    """A move of the form in words, as its button under the turn post says it (the notation when the game has no
    words for it)."""
    return move_label(form.match.game, state, move, lang)[:90]


def plan_lines(
    plan: Plan, seat: int, names: list[str], lang: str, form: PlanForm | None = None, game_id: str | None = None
) -> list[str]:
    """The plan in words, one line per branch of its first level and one for the turn after it (deeper levels
    counted); with the ``form`` it was made on, each first move in words too (``game_id``: the game played, when
    no form is given)."""
    other = opponent(names, seat)
    game_id = form.match.game.id if form is not None else game_id
    choices = {c.when: c for c in (*form.choices, *form.forced)} if form is not None else {}
    lines = []
    for branch in plan.branches:
        move = branch.play
        choice = choices.get(branch.when)
        if plan.keyed == "turn":
            reply = any_words(plan.keyed, lang, game_id) if branch.when == ANY else branch.when
            lines.append(t(lang, "plan.line_reply", name=other, reply=reply, move=flat(branch)))
            lines += [t(lang, "plan.then_turn", name=other, move=flat(second)) for second in tail(branch)]
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


def standing_text(found: Standing, names: list[str], lang: str, game_id: str | None = None) -> str:
    lines = plan_lines(found.plan, found.plan.seat, names, lang, game_id=game_id)
    return t(lang, "plan.list_item", id=found.match_id, lines="\n".join(lines))
