"""Ursuppe's judge: every seat's share as a softmax over the seats of a fitted linear score of its standing.

For each seat it weighs its place on the score track, the spaces it would gain at the next scoring (its
live amoebas and gene cards through the game's own tables), where that rate would take it by the end
(the rounds left estimated from the deck and from how soon the leader reaches the finish zone), its
amoebas, their damage, its genes, its energy, whether it leads, and its track position again weighted by
how far the deck is spent. One weight vector serves every table size from 3 to 6 (fitted over all of
them); the softmax over however many seats there are makes the shares.

It is judged once per round, before the round's environment card is turned up; Ursuppe hides nothing, and
a turn's decisions are too wide to search, so any other state is weighed as it stands.
"""

from __future__ import annotations

from typing import Final

from games.ai.judge.linear import LinearJudge
from games.base import GameState, Seat
from games.ursuppe import genes as soup_genes
from games.ursuppe import state as soup
from games.ursuppe.moves import DECK_SIZE
from games.ursuppe.tables import TABLES

NAMES: Final = ("score", "rate", "projected", "amoebas", "damage", "genes", "energy", "leads", "score_late")
CARD_PHASE: Final = 2


def moment(state: GameState) -> bool:
    """Ursuppe is judged once per round: before the round's environment card is turned up."""
    assert isinstance(state, soup.State)
    return state.step == "card" and state.phase == CARD_PHASE


def _rate(state: soup.State, seat: Seat) -> int:
    """The spaces ``seat`` would gain at a scoring now (live amoebas and gene cards)."""
    amoeba_table = TABLES.per_players[state.players].amoeba_scoring
    gene_table = TABLES.gene_card_scoring
    live = sum(1 for a in state.amoebas if a[0] == seat)
    cards = sum(soup_genes.scoring_cards(g) for g, _ in state.genes[seat])
    return amoeba_table[min(live, len(amoeba_table) - 1)] + gene_table[min(cards, len(gene_table) - 1)]


def features(state: GameState, seat: Seat) -> tuple[float, ...]:
    """The features of ``seat`` (see the module docstring)."""
    assert isinstance(state, soup.State)
    rates = [_rate(state, s) for s in range(state.players)]
    top = max(state.scores)
    # Scorings left: one per card still to turn up (and this round's own while it is not scored yet),
    # fewer when the leader's pace reaches the finish zone first.
    deck_left = DECK_SIZE - len(state.cards) + (1 if state.phase < 6 else 0)
    reach = max(0.0, (TABLES.finish_zone - top) / max(1, max(rates)))
    left = max(0.0, min(float(deck_left), reach + 0.5))
    spent = len(state.cards) / DECK_SIZE
    score = state.scores[seat]
    return (
        score / 10,
        rates[seat] / 4,
        (score + rates[seat] * left) / 10,
        sum(1 for a in state.amoebas if a[0] == seat) / 4,
        sum(a[3] for a in state.amoebas if a[0] == seat) / 4,
        len(state.genes[seat]) / 3,
        state.bp[seat] / 5,
        1.0 if score == top else 0.0,
        score / 10 * spent,
    )


JUDGE: Final = LinearJudge("ursuppe", "ursuppe", NAMES, features, moment, lookahead=0, tables=(3, 4, 5, 6), ridge=1e-4)
"""Ursuppe's judge, over every table size (the baseline until ``data/judge/ursuppe.json`` ships)."""
