"""Ursuppe in words: the decision awaited (defend, escape or yield…), and the details of the steps the
game records as events (cubes eaten, the environment card, genes bought, scores), never their raw codes."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.app.i18n import has, t, tn
from bot.app.telling.game_words import ursuppe_moves
from bot.app.telling.game_words.base import Counted, GameWords, name_of
from games.base import GameState, Seat
from games.ursuppe.tables import TABLES
from render.ursuppe_words import card_text, gene_name, word


def amoeba_name(amoeba: tuple[int, int] | None, lang: str) -> str:
    """``yellow ▲ 3``: an amoeba named by its player's colour and its number."""
    if amoeba is None:
        return ""
    return f"{t(lang, f'seat.ursuppe.{amoeba[0]}')} {amoeba[1]}"


def turn(state: GameState, mentions: str, lang: str) -> str | None:
    """Ursuppe is made of many small decisions: the turn line says which one is awaited."""
    decision = getattr(state.view_for(None), "decision", None)
    key = f"decision.ursuppe.{getattr(decision, 'kind', '')}"
    if key == "decision.ursuppe.act" and not any(m.kind == "stay" for m in state.legal_moves()):
        # Staying put is offered only with Holding: without it the words would name a choice the buttons lack,
        # and a line more pushes the board off a phone's first screen.
        key = "decision.ursuppe.act_free"
    if decision is None or not has(lang, key):
        return None
    what = t(
        lang,
        key,
        amoeba=decision.amoeba[1] if decision.amoeba else "",
        other=amoeba_name(decision.other, lang),
        amount=decision.amount,
    )
    # The post's buttons are right under this line: the typed command is left to /plateau help, one line less.
    return t(lang, "story.ursuppe.turn", mentions=mentions, decision=what)


def event_fields(event: Any, lang: str) -> dict[str, object]:
    """The amoeba an event targets and the words of its detail (cubes, card, gene, payment...)."""
    target = amoeba_name((event.target_seat, event.target_amoeba or 0), lang) if event.target_seat is not None else ""
    return {"target": target, **_detail_fields(event.kind, str(event.detail), lang)}


def _detail_fields(kind: str, detail: str, lang: str) -> dict[str, object]:
    if kind == "card":
        drift, ozone = (detail[:1], detail[1:]) if detail[:1] in ("N", "E", "S", "W", "-") else ("", detail)
        return {"card": card_text(lang, "" if drift == "-" else drift, int(ozone) if ozone.isdigit() else 0)}
    if kind in ("eat", "tentacle"):
        counts: dict[str, int] = {}
        for letter in detail:
            counts[letter] = counts.get(letter, 0) + 1
        parts = []
        for letter, n in counts.items():
            colour = next((c for c in TABLES.colours if c.letter == letter), None)
            parts.append(f"{n} {(colour.fr if lang == 'fr' else colour.en) if colour else letter}")
        return {"count": len(detail), "cubes": ", ".join(parts) or word(lang, "alt_cubes_none")}
    if kind in ("excrete", "starve", "armor", "income") and detail.isdigit():
        return {"count": int(detail)}
    if kind == "roll":
        return {"dice": t(lang, "words.and").join(detail.split(","))}
    if kind == "fight":
        attacker, _, defender = detail.partition("-")
        return {"attacker": attacker, "defender": defender}
    if kind in ("buy", "discard"):
        return {"gene": gene_name(lang, detail)}
    if kind == "defect":
        paid = []
        for item in detail.split("+"):
            if item.endswith("bp") and item[:-2].isdigit():
                paid.append(t(lang, "words.bp", count=item[:-2]))
            elif item:
                paid.append(gene_name(lang, item))
        return {"paid": ", ".join(paid) or "0"}
    if kind == "score":
        step, _, position = detail.partition(">")
        return {"count": int(step.lstrip("+") or 0), "space": position}
    if kind == "end":
        return {"why": t(lang, f"words.ursuppe.end.{'cards' if detail == 'cards' else 'finish'}")}
    return {}


def summary(events: Sequence[Any], names: Sequence[str], lang: str, you: Seat | None = None) -> list[str]:
    """A turn post's short story of Ursuppe's events: one line per player's stretch of events (each amoeba's
    steps together: "amoeba 1 rolled 4 (south) for its way, moved to d5, ate 4 cubes"), the start-order
    rolls as the order they settle, the environment card and the end as they are; excretions are left to
    ``/game history``. Told to seat ``you`` (a post addressed to that player), their amoebas are "your amoeba 3"
    and their own line says so."""
    lines: list[str] = []
    rolls: dict[int, list[int]] = {}
    seat: int | None = None
    parts: list[tuple[int | None, str]] = []

    def close() -> None:
        if parts:
            name = name_of(names, seat)
            if seat is not None and seat == you:
                name = t(lang, "story.you_named", name=name)
            lines.append(t(lang, "story.ursuppe.player", name=name, what=_grouped(parts, lang)))
        parts.clear()

    def settle() -> None:
        if rolls:
            close()
            ranking = sorted(rolls, key=lambda s: rolls[s], reverse=True)
            order = ", ".join(f"**{name_of(names, s)}**" for s in ranking)
            lines.append(t(lang, "story.ursuppe.start_order", order=order))
            rolls.clear()

    for event in events:
        if event.kind == "dice" and event.seat is not None and event.detail.isdigit():
            rolls.setdefault(event.seat, []).append(int(event.detail))
            continue
        settle()
        key = f"story.ursuppe.{event.kind}"
        if event.kind == "excrete":
            continue
        if event.seat is None or not has(lang, key):
            close()
            whole = f"event.ursuppe.{event.kind}"
            if has(lang, whole):
                lines.append(_said(whole, event, names, lang, you))
            continue
        if event.seat != seat:
            close()
            seat = event.seat
        parts.append((event.amoeba, _said(key, event, names, lang, you)))
    settle()
    close()
    return lines


def _said(key: str, event: Any, names: Sequence[str], lang: str, you: Seat | None = None) -> str:
    params = event_fields(event, lang)
    if you is not None and event.target_seat == you:
        params["target"] = t(lang, "story.ursuppe.your_amoeba", amoeba=event.target_amoeba or 0)
    if event.kind == "roll":
        faces = [f for f in str(event.detail).split(",") if f]
        params["dice"] = t(lang, "words.and").join(
            t(lang, "story.ursuppe.face", value=f, way=t(lang, f"story.ursuppe.way.{f}")) for f in faces
        )
    count = params.pop("count", None)
    fields = {
        "name": name_of(names, event.seat),
        "amoeba": event.amoeba if event.amoeba is not None else "",
        "square": event.square or "",
        "detail": event.detail,
        **params,
    }
    return tn(lang, key, count, **fields) if isinstance(count, int) else t(lang, key, **fields)


def _grouped(parts: Sequence[tuple[int | None, str]], lang: str) -> str:
    """Each amoeba's steps in one clause, in the order the amoebas first acted; a player's own steps apart."""
    clauses: list[str] = []
    current: int | None = None
    steps: list[str] = []

    def close() -> None:
        if steps:
            what = ", ".join(steps)
            clauses.append(t(lang, "story.ursuppe.amoeba", amoeba=current, what=what) if current else what)
        steps.clear()

    for amoeba, said in parts:
        if amoeba != current:
            close()
            current = amoeba
        steps.append(said)
    close()
    return t(lang, "story.ursuppe.next").join(clauses)


def counted(kind: str, value: str) -> Counted | None:
    """Ursuppe's movement rolls, each die a face: one die (``roll:4``, a drift) or two (``roll:2,5``,
    Movement I). Not counted: the start-order dice (``dice:N``, a sum, once per player) and the Defense
    fights (``fight:x-y``, both sides' dice in one outcome)."""
    faces = tuple(value.split(","))
    return Counted(faces) if kind == "roll" and all(f.isdigit() for f in faces) else None


def scores(state: GameState, names: Sequence[str], lang: str) -> str:
    """Nothing: the board's cards show each player's score beside their name (and the alt text says it)."""
    return ""


def typed(shown: str, lang: str) -> str | None:
    """A decision as a member of ``lang`` types it: the notation in English (its verbs, colour letters and gene
    ids are English), None in French, where the buttons and the words say it instead."""
    return shown if lang == "en" else None


WORDS = GameWords(
    counted=counted,
    typed=typed,
    turn=turn,
    event_fields=event_fields,
    summary=summary,
    label=ursuppe_moves.label,
    marks=ursuppe_moves.marks,
    legend=ursuppe_moves.legend,
    note=ursuppe_moves.food_words,
    scores=scores,
    # Measured with bench/phone_shots.py at 390x844: under the board (up to 345 CSS px high with six players),
    # the turn line, the "drift all" row and the details button, three lines of buttons still end on the first
    # screen; five eating choices of two lines each did not. More are chosen in the menu (one row).
    button_lines=3,
)
"""Ursuppe's entry in :data:`bot.app.telling.game_words.GAME_WORDS`."""
