"""Ursuppe notation, state text, view, gene table and data file tests.

Notation: canonical forms read back; lenient English and French input (case, accents, word order
details); the typed errors with their catalog keys. State text: round trips and refusals. View: the
fields a renderer and the bot read. Data: ``data/ursuppe.json`` matches ``ursuppe.md`` and broken
documents are refused with every problem named.
"""

from __future__ import annotations

import copy
import dataclasses
import json
from typing import Any

import pytest

from games.base import (
    AmbiguousMoveError,
    GameOverError,
    IllegalMoveError,
    NotationError,
    NotYourTurnError,
    no_hidden_info,
)
from games.ursuppe import INFO
from games.ursuppe import genes as G
from games.ursuppe.board import ADJACENT, COORDS, INDEX, ISLAND, NAMES, STEP
from games.ursuppe.moves import Move
from games.ursuppe.state import State, from_text, new_state
from games.ursuppe.tables import DATA_FILE, TABLES, load_tables, parse_tables
from games.ursuppe.view import DECISION_KINDS, EVENT_KINDS, PHASE_NAMES, View
from tests.games.kit import legal, play
from tests.games.test_ursuppe_kit import position


def read(state: State, text: str, seat: int | None = None) -> str:
    """The canonical notation of what ``text`` reads as."""
    return state.format_move(state.parse_move(text, seat))


# Canonical notation and lenient input.


def test_every_legal_move_reads_back_from_its_notation() -> None:
    """Each legal move's canonical notation parses back to the same move, at many kinds of steps."""
    states = [
        position(4, amoebas="r1:b2 y1:b2", genes={0: "tentacle movement-2", 1: "holding"}, card="E8"),
        position(3, amoebas="r1:b2"),
        position(4, "phase3", bp=(0, 0, 0, 20), genes={3: "defense@1 escape@1"}),
        position(4, "phase4", amoebas="b1:b2", bp=0),
    ]
    for state in states:
        for move in state.legal_moves():
            assert state.parse_move(state.format_move(move)) == move


def test_phase_1_lenient_forms() -> None:
    """Amoeba actions: number first or not, any case, French words, directions in either language."""
    state = position(4, amoebas="r1:b4", genes={0: "movement-2 holding"})
    assert read(state, "1 drift") == "1 drift"
    assert read(state, "DRIFT") == "1 drift"
    assert read(state, "1 dériver") == "1 drift"
    assert read(state, "1 N") == "1 move N"
    assert read(state, "1 move east") == "1 move E"
    assert read(state, "bouger ouest") == "1 move W"
    assert read(state, "1 o") == "1 move W"  # the French ouest
    assert read(state, "1 sud") == "1 move S"
    assert read(state, "1 stay") == "1 stay"
    assert read(state, "rester") == "1 stay"
    state = play(position(4, amoebas="r1:b4"), "1 move", "roll:6")
    assert read(state, "nord") == "1 N" and read(state, "1 est") == "1 E" and read(state, "West") == "1 W"


def test_feeding_lenient_forms() -> None:
    """Meals by letters or colour names with counts, in English or French; parasitism by colour."""
    state = play(position(3, amoebas="r1:b2"), "1 drift")
    assert read(state, "1 eat yyg") == "1 eat yyg"
    assert read(state, "eat g y y") == "1 eat yyg"
    assert read(state, "mange 2 jaunes 1 vert") == "1 eat yyg"
    assert read(state, "1 manger 1 jaune, 2 verts") == "1 eat ygg"
    state = play(position(4, amoebas="r1:b2 y1:b2", genes={0: "parasitism"}), "1 drift")
    assert read(state, "eat gb parasite yellow") == "1 eat gb parasite yellow"
    assert read(state, "1 manger vert bleu parasiter jaune") == "1 eat gb parasite yellow"


def test_attack_and_response_forms() -> None:
    """Attacks name the victim by colour and number; the victim's owner answers in either language."""
    state = position(4, amoebas="r1:b2 y1:b2", genes={0: "struggle", 1: "defense escape"}, food={"b2": ""})
    state = play(state, "1 drift")
    assert read(state, "1 attack yellow 1") == "1 attack yellow 1"
    assert read(state, "attaquer jaune 1") == "1 attack yellow 1"
    assert read(state, "attack y1") == "1 attack yellow 1"
    assert read(state, "attack") == "1 attack yellow 1"  # a single target
    assert read(state, "jeûner") == "1 starve"
    state = play(state, "1 attack yellow 1")
    assert read(state, "Défendre", 1) == "defend"
    assert read(state, "fuir", 1) == "escape"
    assert read(state, "céder", 1) == "yield"


def test_gene_names_in_any_language() -> None:
    """Genes by English, French or German name, any case, accents and spaces optional."""
    state = position(4, "phase3", round=3, bp=(0, 0, 0, 30), genes={3: "defense@1 escape@1"})
    assert read(state, "buy tentacle") == "buy tentacle"
    assert read(state, "acheter tentacules") == "buy tentacle"
    assert read(state, "Acheter Protection anti-radiations") == "buy ray-protection"
    assert read(state, "buy ray protection") == "buy ray-protection"
    assert read(state, "buy TAUX DE DIVISION") == "buy division-rate"
    assert read(state, "acheter frugalite") == "buy frugality"
    assert read(state, "buy struggle for survival") == "buy struggle"
    assert read(state, "acheter attaque") == "buy struggle"
    assert read(state, "buy armor discard escape") == "buy armor, discard escape"
    assert read(state, "acheter armure, défausser défense") == "buy armor, discard defense"
    assert read(state, "fini") == "done"
    with pytest.raises(AmbiguousMoveError) as err:
        state.parse_move("buy armor")
    assert set(err.value.legal) == {"buy armor, discard defense", "buy armor, discard escape"}
    assert G.find_gene("Évasion") is G.BY_ID["escape"] and G.find_gene("Movement II") is G.BY_ID["movement-2"]
    assert G.find_gene("bewegung ii") is G.BY_ID["movement-2"] and G.find_gene("nothing") is None


def test_defect_and_division_forms() -> None:
    """Payments by genes and BP; placements by square with or without the amoeba number."""
    state = play(
        position(4, "phase2", genes={0: "intelligence movement-1 longevity tentacle"}, bp=(1, 0, 0, 0)), "card:N11"
    )
    assert read(state, "pay movement-1 + 1 BP") == "pay movement-1 + 1 BP"
    assert read(state, "défausser mouvement et payer 1 PE") == "pay movement-1 + 1 BP"
    assert read(state, "pay Intelligence") == "pay intelligence"
    state = position(4, "phase4", amoebas="b1:b2", bp=0)
    assert read(state, "divide 3 c2") == "divide 3 c2"
    assert read(state, "c2") == "divide 2 c2"  # the lowest free number
    assert read(state, "diviser 5 en b1") == "divide 5 b1"
    assert read(state, "done") == "done"


def test_chance_notation() -> None:
    """Chance outcomes: card:W12 (card:-14 without drift), dice:7, roll:3 or roll:1,3, fight:5-3."""
    state = new_state(4)
    assert state.parse_move("card:w12") == Move("card", value=(2,))
    assert state.format_move(state.parse_move("CARD:-14")) == "card:-14"
    state = play(position(4, amoebas="r1:b4", genes={0: "movement-1"}), "1 move")
    assert read(state, "roll:3,1") == "roll:1,3"
    with pytest.raises(IllegalMoveError):
        state.parse_move("roll:7,1")
    with pytest.raises(IllegalMoveError) as err:
        state.parse_move("1 drift")
    assert err.value.key == "ursuppe.chance_pending"


def test_typed_errors() -> None:
    """Bad syntax, illegal moves, the wrong seat, the wrong amoeba and a finished game raise typed errors."""
    state = position(4, amoebas="r1:b4 r2:b2", genes={0: "movement-2"})
    with pytest.raises(NotationError) as bad:
        state.parse_move("xyzzy")
    assert bad.value.key == "ursuppe.notation" and "1 drift" in bad.value.legal
    with pytest.raises(NotYourTurnError) as turn:
        state.parse_move("1 drift", 2)
    assert turn.value.key == "not_your_turn"
    with pytest.raises(IllegalMoveError) as wrong:
        state.parse_move("2 drift")
    assert wrong.value.key == "ursuppe.wrong_amoeba"
    state = position(4, "phase4", amoebas="b1:b2 b2:b4", bp=0)
    with pytest.raises(IllegalMoveError) as illegal:
        state.parse_move("divide 3 e2")
    assert illegal.value.key == "illegal_move" and "divide 3 c2" in illegal.value.legal
    with pytest.raises(IllegalMoveError):
        state.parse_move("divide 3 c3")  # the island
    over = position(4, "phase6", scores=(45, 1, 2, 3))
    with pytest.raises(GameOverError):
        over.parse_move("done")
    with pytest.raises(GameOverError):
        over.apply(Move("done", 0))
    with pytest.raises(IllegalMoveError):
        state.apply(Move("divide", 3, 3, value=(INDEX["e2"],)))


# State text.


def test_state_text_round_trips_through_a_game() -> None:
    """Every state of a played game reads back equal from its one-line text."""
    state = position(4, amoebas="r1:b2 y1:b2", genes={0: "struggle", 1: "escape tentacle"}, food={"b2": "rr"})
    for text in ["1 drift", "1 attack yellow 1", "escape", "roll:3"]:
        state = play(state, text)
        assert from_text(state.to_text()) == state
        assert "\n" not in state.to_text()


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        (lambda t: t.replace("ursuppe 4", "ursuppe 7"), "players"),
        (lambda t: t.replace("bp=4.4.4.4", "bp=4.4.4"), "BP"),
        (lambda t: t.replace("0.1.b2.0", "0.1.c3.0"), "amoeba"),
        (lambda t: t.replace("genes=-/", "genes=wings@0/"), "gene"),
        (lambda t: t.replace("genes=-/-", "genes=defense@0/defense@0"), "copies"),
        (lambda t: t.replace(" act ", " fly "), "step"),
        (lambda t: t.replace("scores=1.2.3.4", "scores=1.1.3.4"), "share"),
        (lambda t: t.replace("food=2.2.2.2/", "food=56.2.2.2/"), "food"),
        (lambda t: t.split(" events=")[0], "fields"),
    ],
)
def test_state_text_refuses_broken_texts(change: Any, reason: str) -> None:
    """from_text refuses impossible or malformed positions, with a NotationError."""
    state = position(4, amoebas="r1:b2", card="E8")
    text = state.to_text()
    with pytest.raises(NotationError):
        from_text(change(text))


# The view.


def test_view_fields() -> None:
    """The view: 19 squares with cubes and amoebas, the island, the card, players, genes, the decision."""
    state = position(4, amoebas="r1:b2 y1:b2:1", genes={0: "speed persistence@9"}, card="E8", cards=("W6", "E8"))
    view = state.view_for(None)
    assert isinstance(view, View) and view.viewer is None and view.players == 4
    assert view.colours == ("red", "yellow", "green", "blue")
    b2 = view.squares[INDEX["b2"]]
    assert (b2.name, b2.row, b2.col, b2.food) == ("b2", 1, 1, (2, 2, 2, 2))
    assert [(a.seat, a.number, a.damage) for a in b2.amoebas] == [(0, 1, 0), (1, 1, 1)]
    assert view.island == (2, 2) == ISLAND
    assert view.card is not None and (view.card.drift, view.card.ozone) == ("E", 8)
    assert view.cards_left == 9
    red = view.player_info[0]
    assert (red.colour, red.bp, red.genes, red.mp, red.gene_cards) == ("red", 4, ("speed", "persistence"), 7, 3)
    assert (red.score, red.on_board, red.reserve) == (1, 1, 6)
    assert (view.track_length, view.finish_zone) == (50, 41)
    speed = next(g for g in view.genes if g.gene == "speed")
    assert (speed.price, speed.mp, speed.copies, speed.left, speed.requires) == (4, 3, 2, 1, ())
    armor = next(g for g in view.genes if g.gene == "armor")
    assert armor.requires == ("defense", "escape")
    assert (view.round, view.phase, view.phase_name) == (2, 1, "movement and feeding")
    assert view.on_turn == 0 and view.order == (0, 1, 2, 3)
    assert view.decision is not None
    assert (view.decision.seat, view.decision.kind, view.decision.amoeba) == (0, "act", (0, 1))
    assert view.decision.choices == tuple(legal(state))
    assert view.chance == "" and view.supply == (17, 17, 17, 17) and view.outcome is None
    assert state.view_for(2) == dataclasses.replace(view, viewer=2)  # nothing is hidden
    assert no_hidden_info(state, 1, None) is state


def test_view_events_are_numbered_and_structured() -> None:
    """Events record automatic and chosen steps with increasing serial numbers."""
    state = position(4, amoebas="r1:b2", bp=0, card="E8")
    events = state.events
    assert [e.kind for e in events] == ["drift", "eat", "excrete"]
    assert [e.index for e in events] == [1, 2, 3]
    drift = events[0]
    assert (drift.seat, drift.amoeba, drift.square, drift.detail) == (0, 1, "c2", "E")
    assert all(e.kind in EVENT_KINDS for e in events)
    state = play(state, "card:W6")
    assert state.events[-1].kind != "card" or state.events[-1].index > 3
    assert any(e.kind == "card" and e.detail == "W6" for e in state.events)


def test_view_describes_chance_and_out_of_turn_decisions() -> None:
    """At a chance step the view names it; an out-of-turn decision names its seat and the attacker."""
    state = play(position(4, amoebas="r1:b4"), "1 move")
    view = state.view_for(None)
    assert view.decision is None and view.chance == "roll"
    assert set(DECISION_KINDS) >= {"act", "feed", "respond", "cling", "buy", "divide", "defect", "aggress"}
    assert len(PHASE_NAMES) == 8


# Registry entry.


def test_game_info() -> None:
    """INFO: 3 to 6 players, chance, no hidden information, no options, bounded plies."""
    assert (INFO.id, INFO.min_players, INFO.max_players) == ("ursuppe", 3, 6)
    assert INFO.has_chance and not INFO.has_hidden_info and INFO.options == ()
    assert INFO.resample_hidden is no_hidden_info
    assert INFO.max_plies >= 10_000
    assert INFO.new(5, {}) == new_state(5)
    with pytest.raises(ValueError):
        new_state(2)


# Board and gene table.


def test_board_layout() -> None:
    """The soup: 19 squares, orthogonal neighbours only, the island and the edge block movement."""
    assert len(NAMES) == 19 and ISLAND == (2, 2)
    assert sorted(NAMES[q] for q in ADJACENT[INDEX["b1"]]) == ["b2"]
    assert sorted(NAMES[q] for q in ADJACENT[INDEX["c2"]]) == ["b2", "d2"]  # the island below
    assert sorted(NAMES[q] for q in ADJACENT[INDEX["b4"]]) == ["a4", "b3", "b5", "c4"]
    assert STEP[INDEX["d5"]][1] == INDEX["d5"]  # e5 does not exist
    assert all(COORDS[q] != ISLAND for q in range(19))


def test_gene_table_matches_the_rules() -> None:
    """The gene table of ursuppe.md: prices, MP, cards for 3 and 4 players, superior prerequisites."""
    table = {g.id: (g.price, g.mp, g.copies[0], g.copies[1]) for g in G.GENES}
    assert table["intelligence"] == (2, 3, 1, 2)
    assert table["ray-protection"] == (5, -2, 1, 2)
    assert table["frugality"] == (6, 5, 0, 1) and table["parasitism"] == (6, 5, 0, 1)
    assert table["armor"] == (6, 6, 1, 1) and table["persistence"] == (4, 4, 1, 1)
    assert sum(g.copies[1] for g in G.GENES) == 30 and sum(g.copies[0] for g in G.GENES) == 20
    assert sum(g.copies[1] for g in G.GENES if g.superior) == 5
    assert {g.id: g.requires for g in G.GENES if g.superior} == {
        "persistence": ("speed",),
        "movement-2": ("movement-1",),
        "aggression": ("struggle",),
        "armor": ("defense", "escape"),
    }
    for g in G.GENES:
        assert g.en and g.fr and g.effect_en and g.effect_fr and G.effect(g, "fr") == g.effect_fr
        assert G.name(g, "fr") == g.fr
    assert G.BY_ID["escape"].fr == "Évasion"


# The data file.


def document() -> dict[str, Any]:
    """A fresh copy of the shipped data document, to break in tests."""
    return copy.deepcopy(json.loads(DATA_FILE.read_text(encoding="utf-8")))


def test_data_file_loads_and_matches_the_rules() -> None:
    """data/ursuppe.json: 11 cards (W 6 9 12, E 8 10 10, N 9 11, S 10 13, none 14), track 50 / 41."""
    tables = load_tables()
    assert tables == TABLES
    assert sorted(c.label for c in tables.cards) == sorted(
        ["W6", "W9", "W12", "E8", "E10", "E10", "N9", "N11", "S10", "S13", "-14"]
    )
    assert (tables.cubes_per_colour, tables.start_bp, tables.track_length, tables.finish_zone) == (55, 4, 50, 41)
    assert tables.per_players[3].normal_meals == ((2, 1),) and tables.per_players[4].normal_meals == ((1, 1, 1),)
    assert tables.per_players[4].amoeba_scoring == (0, 0, 0, 1, 2, 4, 5, 6)
    assert tables.per_players[6].amoeba_scoring == (0, 0, 1, 2, 4, 5, 6)
    assert tables.gene_card_scoring == (0, 0, 0, 1, 2, 3, 4)


def refusal(doc: dict[str, Any]) -> str:
    """The message with which the data parser refuses ``doc``."""
    with pytest.raises(ValueError, match="invalid Ursuppe data") as err:
        parse_tables(doc)
    return str(err.value)


def test_broken_data_is_refused_naming_every_problem() -> None:
    """A broken document is refused with one message naming each problem."""
    doc = document()
    doc["board"]["rows"][2] = "# # # # #"
    doc["genes"][3]["price"] = 0
    doc["environment_cards"][0]["drift"] = "X"
    doc["feeding"]["4"]["substitution"] = [[2, 1]]
    doc["score_track"]["finish_zone"] = 60
    message = refusal(doc)
    for expected in [
        "the board must have exactly one island",
        "gene speed",
        "environment card 0",
        "substitution eats one cube more",
        "score_track",
    ]:
        assert expected in message


def test_data_gene_list_and_prerequisites_checked() -> None:
    """The genes must be the 20 of the table in order, with known prerequisites."""
    doc = document()
    doc["genes"][19]["requires"] = ["wings"]
    assert "unknown prerequisite 'wings'" in refusal(doc)
    doc = document()
    del doc["genes"][0]
    assert "the genes must be" in refusal(doc)
    doc = document()
    doc["colours"] = doc["colours"][:5]
    assert "6 colours" in refusal(doc)


def test_parasitism_effect_text_says_same_square() -> None:
    """ursuppe.md: Parasitism works on a rival amoeba sharing the SAME square, not a neighbouring one; the
    effect texts (English and French) say so."""
    gene = G.BY_ID["parasitism"]
    assert gene.effect_en.startswith("On a square shared with a rival amoeba")
    assert gene.effect_fr.startswith("Sur une case partagée avec une amibe adverse")
    for text in (gene.effect_en, gene.effect_fr):
        assert "next to" not in text.lower() and "à côté" not in text.lower()


def test_state_texts_from_before_held_and_spared_still_read() -> None:
    """A snapshot written before the ``held`` and ``spared`` fields existed reads as both empty."""
    state = position(4, amoebas="r1:b2 y1:c2")
    old = " ".join(t for t in state.to_text().split() if not t.startswith(("held=", "spared=")))
    assert from_text(old) == state
