"""The words of the Ursuppe board image and its alt text, in English and French.

Sentences about the game (the pending decision, the recent events) are built as :data:`Part` lists:
plain strings mixed with references to a player, an amoeba or a handful of food cubes. The image draws
a reference as an icon (the player's shape, the numbered amoeba, coloured chips); the alt text spells it
out with names. Both read the same templates, so the picture and the text never tell different stories.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final, TypeAlias

from games.base import Termination
from games.ursuppe.genes import BY_ID
from games.ursuppe.tables import TABLES
from games.ursuppe.view import Decision, Event, View


@dataclass(frozen=True, slots=True)
class PlayerRef:
    """A player, drawn as their shape and name."""

    seat: int


@dataclass(frozen=True, slots=True)
class AmoebaRef:
    """One amoeba, drawn as its numbered sprite."""

    seat: int
    number: int


@dataclass(frozen=True, slots=True)
class CubesRef:
    """Food cubes, per colour (index = seat), drawn as coloured chips with counts."""

    counts: tuple[int, ...]


Part: TypeAlias = str | PlayerRef | AmoebaRef | CubesRef
"""One piece of a sentence."""

SHAPES: Final = ("circle", "triangle", "square", "diamond", "hexagon", "star")
"""The silhouette of each colour of ``data/ursuppe.json``, in the same order (red is a circle...)."""

WORDS: Final[dict[str, dict[str, str]]] = {
    "en": {
        "title": "Ursuppe",
        "player": "Player {n}",
        "round_phase": "Round {round} · Phase {phase}: {name}",
        "setup": "Setup",
        "over": "Game over after round {round}",
        "phases": "Setup|Movement and feeding|Environment and gene defects|New genes|Cell division|Deaths|"
        "Scoring|Game over",
        "last": "Last move: {text}",
        "cards_left": "{n} cards left",
        "card_one_left": "1 card left",
        "no_card": "no card yet",
        "ozone": "ozone",
        "no_drift": "no drift",
        "supply": "Supply",
        "damage": "= 1 damage",
        "food_key": "food",
        "superior": "superior gene",
        "score": "score",
        "bp": "BP",
        "mp": "MP",
        "amoebas": "amoebas",
        "no_genes": "no genes",
        "gene_one": "{n} gene",
        "genes_n": "{n} genes",
        "genes_heading": "Genes",
        "col_price": "BP",
        "col_mp": "MP",
        "col_left": "left",
        "events": "Last events",
        "no_events": "Nothing yet",
        "order": "Turn order",
        "order_ring": "to play",
        "you": "you",
        "dirs": "north|east|south|west",
        "shape_names": "circle|triangle|square|diamond|hexagon|star",
        # Waiting for chance.
        "chance_card": "Turning up an environment card",
        "chance_dice": "Rolling for the start order",
        "chance_roll": "Rolling the movement dice",
        "chance_fight": "Defense fight: rolling the dice",
        "waiting": "Waiting",
        # Decisions.
        "d_start": "{p}: choose a starting space",
        "d_place": "{p}: place a starting amoeba",
        "d_act": "{p}: {a} drifts or moves",
        "d_act_hold": "{p}: {a} drifts, moves or holds on",
        "d_direction": "{p}: direction for {a}",
        "d_direction_dice": "{p}: direction for {a}, dice {dice}",
        "d_tentacle": "{p}: {a} may take cubes along",
        "d_cling": "{p}: cling to {o}, or let go",
        "d_again": "{p}: second move for {a}, or stop",
        "d_feed": "{p}: {a} eats, attacks or starves",
        "d_respond": "{p}: {a} attacked by {o}: defend, escape or yield",
        "d_retry": "{p}: retry the attack of {a}, or give up",
        "d_defect": "{p}: pay a gene defect of {amount}",
        "d_buy": "{p}: buy genes, or done",
        "d_divide": "{p}: cell division, place new amoebas",
        "d_aggress": "{p}: Aggression, kill or pass",
        "d_other": "{p} decides",
        "wins": "{p} wins with {score}",
        "tie": "Tie at {score}: {names}",
        "win_resign": "Won by resignation: {names}",
        "win_shared": "Won: {names}",
        "ended": "The game has ended",
        # Events.
        "e_card": "New card: {card}",
        "e_dice": "{p} rolls {x} for the start order",
        "e_start": "{p} starts on space {x}",
        "e_place": "{a} placed on {sq}",
        "e_place_free": "{a} placed on {sq} for free",
        "e_place_paid": "{a} placed on {sq} for {x} BP",
        "e_drift": "{a} drifts {dir} to {sq}",
        "e_drift_none": "{a} does not drift",
        "e_move": "{a} moves {dir} to {sq}",
        "e_move_stay": "{a} stays on {sq}",
        "e_stay": "{a} holds on at {sq}",
        "e_roll": "{p} rolls {x}",
        "e_escape": "{a} escapes {dir} to {sq}",
        "e_escape_stay": "{a} escapes but stays on {sq}",
        "e_tentacle": "{a} takes {c} along",
        "e_cling": "{a} clings to {t}",
        "e_eat": "{a} eats {c}",
        "e_excrete": "{a} excretes {x} cubes",
        "e_excrete_none": "{a} excretes nothing",
        "e_excrete_one": "{a} excretes 1 cube",
        "e_parasite": "{a} feeds on {tp}: −1 BP",
        "e_starve": "{a} starves: {x} damage",
        "e_starve_one": "{a} starves: 1 damage",
        "e_attack": "{a} attacks {t}",
        "e_attack_aggression": "{a} attacks {t} (Aggression)",
        "e_attack_retry": "{a} attacks {t} again",
        "e_defend": "{a} fights back",
        "e_fight": "Fight: attacker {x}, defender {y}",
        "e_yield": "{a} gives in",
        "e_kill": "{a} kills {t}",
        "e_armor": "Armor: {a} takes damage, now {x}",
        "e_armor_one": "Armor: {a} takes damage, now 1",
        "e_failed": "{a} fails to kill {t}",
        "e_defect": "{p} pays a gene defect: {x}",
        "e_discard": "{p} discards {g}",
        "e_buy": "{p} buys {g}",
        "e_income": "{p} receives {x} BP",
        "e_death": "{a} dies on {sq}",
        "e_score": "{p} advances {x} to {y}",
        "e_end_finish": "Game over: a marker reached the finish zone",
        "e_end_cards": "Game over: the last card was played",
        "e_other": "{kind}",
        "card_text": "drift {dir}, ozone {ozone}",
        "card_text_none": "no drift, ozone {ozone}",
        # Alt text.
        "alt_title": "Ursuppe board, {players} players.",
        "alt_card": "Environment card: {card}; {left}.",
        "alt_no_card": "No environment card yet.",
        "alt_decision": "Waiting for {text}.",
        "alt_player": "{name} ({colour} {shape}): score {score}, {bp} BP, MP {mp}{warn}, {amoebas}, {genes}.",
        "alt_mp_warn": " above the ozone",
        "alt_amoebas": "amoebas on {squares}",
        "alt_amoebas_n": "{n} amoebas",
        "alt_no_amoebas": "no amoeba",
        "alt_genes": "genes {names}",
        "alt_genes_n": "{n} genes",
        "alt_damage": "{n} damage",
        "alt_damage_one": "1 damage",
        "alt_track": "Finish zone from space {zone} of {length}.",
        "finish_short": "finish zone: {zone}–{length}",
        "alt_amoeba_own": "amoeba {n}",
        "alt_amoeba_of": "{name}'s amoeba {n}",
        "alt_cubes_none": "nothing",
        "alt_food": "Most food: {squares}.",
    },
    "fr": {
        "title": "Ursuppe",
        "player": "Joueur {n}",
        "round_phase": "Manche {round} · Phase {phase} : {name}",
        "setup": "Mise en place",
        "over": "Partie terminée après la manche {round}",
        "phases": "Mise en place|Déplacement et nutrition|Environnement et sélection|Nouveaux gènes|"
        "Division cellulaire|Morts|Score|Partie terminée",
        "last": "Dernier coup : {text}",
        "cards_left": "{n} cartes restantes",
        "card_one_left": "1 carte restante",
        "no_card": "pas encore de carte",
        "ozone": "ozone",
        "no_drift": "pas de dérive",
        "supply": "Réserve",
        "damage": "= 1 blessure",
        "food_key": "vivres",
        "superior": "gène supérieur",
        "score": "score",
        "bp": "PE",
        "mp": "PM",
        "amoebas": "amibes",
        "no_genes": "aucun gène",
        "gene_one": "{n} gène",
        "genes_n": "{n} gènes",
        "genes_heading": "Gènes",
        "col_price": "PE",
        "col_mp": "PM",
        "col_left": "reste",
        "events": "Derniers événements",
        "no_events": "Rien pour l'instant",
        "order": "Qui joue",
        "order_ring": "à jouer",
        "you": "vous",
        "dirs": "le nord|l'est|le sud|l'ouest",
        "shape_names": "cercle|triangle|carré|losange|hexagone|étoile",
        "chance_card": "Tirage d'une carte d'environnement",
        "chance_dice": "Lancer des dés pour l'ordre de départ",
        "chance_roll": "Lancer des dés de déplacement",
        "chance_fight": "Combat de défense : lancer des dés",
        "waiting": "En attente",
        "d_start": "{p} : choisir une case de départ",
        "d_place": "{p} : poser une amibe de départ",
        "d_act": "{p} : {a} dérive ou se déplace",
        "d_act_hold": "{p} : {a} dérive, se déplace ou s'agrippe",
        "d_direction": "{p} : direction de {a}",
        "d_direction_dice": "{p} : direction de {a}, dés {dice}",
        "d_tentacle": "{p} : {a} peut emporter des cubes",
        "d_cling": "{p} : s'agripper à {o}, ou lâcher",
        "d_again": "{p} : second déplacement de {a}, ou arrêt",
        "d_feed": "{p} : {a} mange, attaque ou a faim",
        "d_respond": "{p} : {a} attaquée par {o} : se défendre, fuir ou céder",
        "d_retry": "{p} : retenter l'attaque de {a}, ou renoncer",
        "d_defect": "{p} : payer une sélection de {amount}",
        "d_buy": "{p} : acheter des gènes, ou finir",
        "d_divide": "{p} : division cellulaire, poser des amibes",
        "d_aggress": "{p} : Agression, tuer ou passer",
        "d_other": "{p} décide",
        "wins": "{p} gagne avec {score}",
        "tie": "Égalité à {score} : {names}",
        "win_resign": "Victoire par abandon : {names}",
        "win_shared": "Victoire : {names}",
        "ended": "La partie est terminée",
        "e_card": "Nouvelle carte : {card}",
        "e_dice": "{p} fait {x} pour l'ordre de départ",
        "e_start": "{p} part de la case {x}",
        "e_place": "{a} posée en {sq}",
        "e_place_free": "{a} posée gratuitement en {sq}",
        "e_place_paid": "{a} posée en {sq} pour {x} PE",
        "e_drift": "{a} dérive vers {dir} en {sq}",
        "e_drift_none": "{a} ne dérive pas",
        "e_move": "{a} va vers {dir} en {sq}",
        "e_move_stay": "{a} reste en {sq}",
        "e_stay": "{a} s'agrippe en {sq}",
        "e_roll": "{p} lance {x}",
        "e_escape": "{a} fuit vers {dir} en {sq}",
        "e_escape_stay": "{a} fuit mais reste en {sq}",
        "e_tentacle": "{a} emporte {c}",
        "e_cling": "{a} s'agrippe à {t}",
        "e_eat": "{a} mange {c}",
        "e_excrete": "{a} excrète {x} cubes",
        "e_excrete_none": "{a} n'excrète rien",
        "e_excrete_one": "{a} excrète 1 cube",
        "e_parasite": "{a} parasite {tp} : −1 PE",
        "e_starve": "{a} a faim : {x} blessures",
        "e_starve_one": "{a} a faim : 1 blessure",
        "e_attack": "{a} attaque {t}",
        "e_attack_aggression": "{a} attaque {t} (Agression)",
        "e_attack_retry": "{a} attaque {t} à nouveau",
        "e_defend": "{a} se défend",
        "e_fight": "Combat : attaquant {x}, défenseur {y}",
        "e_yield": "{a} se rend",
        "e_kill": "{a} tue {t}",
        "e_armor": "Armure : {a} blessée, {x} blessures",
        "e_armor_one": "Armure : {a} blessée, 1 blessure",
        "e_failed": "{a} ne tue pas {t}",
        "e_defect": "{p} paie une sélection : {x}",
        "e_discard": "{p} défausse {g}",
        "e_buy": "{p} achète {g}",
        "e_income": "{p} reçoit {x} PE",
        "e_death": "{a} meurt en {sq}",
        "e_score": "{p} avance de {x} jusqu'à {y}",
        "e_end_finish": "Fin : un marqueur atteint la zone sombre",
        "e_end_cards": "Fin : la dernière carte est jouée",
        "e_other": "{kind}",
        "card_text": "dérive vers {dir}, ozone {ozone}",
        "card_text_none": "pas de dérive, ozone {ozone}",
        "alt_title": "Plateau d'Ursuppe, {players} joueurs.",
        "alt_card": "Carte d'environnement : {card} ; {left}.",
        "alt_no_card": "Pas encore de carte d'environnement.",
        "alt_decision": "Décision attendue — {text}.",
        "alt_player": "{name} ({colour}, {shape}) : score {score}, {bp} PE, {mp} PM{warn}, {amoebas}, {genes}.",
        "alt_mp_warn": " au-dessus de l'ozone",
        "alt_amoebas": "amibes en {squares}",
        "alt_amoebas_n": "{n} amibes",
        "alt_no_amoebas": "aucune amibe",
        "alt_genes": "gènes {names}",
        "alt_genes_n": "{n} gènes",
        "alt_damage": "{n} blessures",
        "alt_damage_one": "1 blessure",
        "alt_track": "Zone sombre à partir de la case {zone} sur {length}.",
        "finish_short": "zone sombre : {zone} à {length}",
        "alt_amoeba_own": "amibe {n}",
        "alt_amoeba_of": "amibe {n} de {name}",
        "alt_cubes_none": "rien",
        "alt_food": "Le plus de vivres : {squares}.",
    },
}

SHORT_GENE_NAMES: Final[dict[str, dict[str, str]]] = {
    "en": {"struggle": "Struggle"},
    "fr": {"ray-protection": "Anti-radiations", "division-rate": "Taux division"},
}
"""Shorter names for the few genes whose full name does not fit a pill or a table cell."""

_FIELD: Final = re.compile(r"\{(p|a|o|t|tp|c)\}")
_HOLD: Final = re.compile(r"\d+ stay")
"""The notation of staying put with Holding (``3 stay``; ``3 move stay`` is Movement II)."""


def word(lang: str, key: str) -> str:
    """The text of ``key`` in ``lang``."""
    return WORDS[lang][key]


def pick(lang: str, key: str, index: int) -> str:
    """Entry ``index`` of the ``|``-separated list ``key``."""
    return WORDS[lang][key].split("|")[index]


def colour_index(colour: str, seat: int) -> int:
    """The index of colour id ``colour`` in the data file (the seat's own index if unknown)."""
    for i, c in enumerate(TABLES.colours):
        if c.id == colour:
            return i
    return seat % len(TABLES.colours)


def colour_name(lang: str, colour: str, seat: int) -> str:
    """The name of a colour id in ``lang``."""
    c = TABLES.colours[colour_index(colour, seat)]
    return c.fr if lang == "fr" else c.en


def shape_name(lang: str, colour: str, seat: int) -> str:
    """The name of the silhouette of a colour in ``lang``."""
    return pick(lang, "shape_names", colour_index(colour, seat))


def gene_name(lang: str, gene_id: str, short: bool = False) -> str:
    """The name of a gene in ``lang`` (a shorter one for tight places when ``short``)."""
    if short and gene_id in SHORT_GENE_NAMES[lang]:
        return SHORT_GENE_NAMES[lang][gene_id]
    gene = BY_ID.get(gene_id)
    if gene is None:
        return gene_id
    return gene.fr if lang == "fr" else gene.en


def letters_to_counts(letters: str, players: int) -> tuple[int, ...]:
    """Cubes as colour letters (``rrg``) to counts per colour."""
    counts = [0] * players
    for ch in letters:
        for i, c in enumerate(TABLES.colours[:players]):
            if c.letter == ch:
                counts[i] += 1
    return tuple(counts)


def direction_word(lang: str, letter: str) -> str:
    """``N`` → ``north`` (``le nord``)."""
    index = "NESW".find(letter[:1].upper()) if letter else -1
    return pick(lang, "dirs", index) if index >= 0 else letter


def card_text(lang: str, drift: str, ozone: int) -> str:
    """``drift west, ozone 12`` in ``lang``."""
    if not drift:
        return word(lang, "card_text_none").format(ozone=ozone)
    return word(lang, "card_text").format(dir=direction_word(lang, drift), ozone=ozone)


def fill(template: str, refs: dict[str, Part | None], **plain: object) -> list[Part]:
    """``template`` with its plain fields formatted and its reference fields (``{p}``...) as parts."""
    parts: list[Part] = []
    pos = 0
    for m in _FIELD.finditer(template):
        if m.start() > pos:
            parts.append(template[pos : m.start()].format(**plain))
        ref = refs.get(m[1])
        if ref is not None:
            parts.append(ref)
        else:
            parts.append("?")
        pos = m.end()
    if pos < len(template):
        parts.append(template[pos:].format(**plain))
    return parts


def decision_parts(view: View, lang: str) -> list[Part]:
    """What the game waits for: a decision, a chance step or nothing (game over)."""
    d = view.decision
    if d is None:
        if view.chance:
            return [word(lang, "chance_" + view.chance) if "chance_" + view.chance in WORDS[lang] else view.chance]
        return []
    return _decision(d, lang, view)


def _decision(d: Decision, lang: str, view: View) -> list[Part]:
    refs: dict[str, Part | None] = {
        "p": PlayerRef(d.seat),
        "a": AmoebaRef(*d.amoeba) if d.amoeba else None,
        "o": AmoebaRef(*d.other) if d.other else None,
    }
    key = "d_" + d.kind
    if d.kind == "act" and any(_HOLD.fullmatch(c) for c in d.choices):
        key = "d_act_hold"
    if d.kind == "direction" and d.dice:
        key = "d_direction_dice"
    if key not in WORDS[lang]:
        key = "d_other"
    if refs["a"] is None and "{a}" in WORDS[lang][key]:
        refs["a"] = PlayerRef(d.seat)
    if refs["o"] is None and "{o}" in WORDS[lang][key]:
        refs["o"] = PlayerRef(d.seat)
    return fill(WORDS[lang][key], refs, dice=", ".join(map(str, d.dice)), amount=d.amount)


def outcome_parts(view: View, lang: str, names: tuple[str, ...]) -> list[Part]:
    """The result line of a finished game."""
    out = view.outcome
    if out is None:
        return [word(lang, "ended")]
    winners = out.winners
    scores = out.scores or tuple(p.score for p in view.player_info)
    if len(winners) == 1:
        seat = winners[0]
        score = scores[seat] if seat < len(scores) else ""
        return fill(word(lang, "wins"), {"p": PlayerRef(seat)}, score=score)
    if winners:
        listed = ", ".join(names[s] for s in winners)
        tied = {scores[s] for s in winners if s < len(scores)}
        if len(tied) == 1:
            return [word(lang, "tie").format(score=next(iter(tied)), names=listed)]
        # Several winners on different scores: the last human resigned and the seats the AI took win together
        # (a tie "at" the first one's score read wrong beside the scores).
        key = "win_resign" if out.termination is Termination.RESIGNATION else "win_shared"
        return [word(lang, key).format(names=listed)]
    return [word(lang, "ended")]


def event_parts(event: Event, lang: str, players: int) -> list[Part]:
    """One event as a sentence."""
    kind = event.kind
    detail = event.detail
    seat = event.seat
    actor: Part | None = None
    if seat is not None:
        actor = AmoebaRef(seat, event.amoeba) if event.amoeba else PlayerRef(seat)
    target: Part | None = None
    if event.target_seat is not None:
        target = (
            AmoebaRef(event.target_seat, event.target_amoeba) if event.target_amoeba else PlayerRef(event.target_seat)
        )
    refs: dict[str, Part | None] = {
        "p": PlayerRef(seat) if seat is not None else None,
        "a": actor,
        "t": target,
        "tp": PlayerRef(event.target_seat) if event.target_seat is not None else None,
        "c": None,
    }
    plain: dict[str, object] = {"x": detail, "y": "", "sq": event.square or "", "dir": "", "g": "", "kind": kind}
    key = "e_" + kind
    if kind == "card":
        drift, ozone = (detail[:1], detail[1:]) if detail[:1] in ("N", "E", "S", "W", "-") else ("", detail)
        plain["card"] = card_text(lang, "" if drift == "-" else drift, int(ozone) if ozone.isdigit() else 0)
    elif kind == "place":
        if detail == "free":
            key = "e_place_free"
        elif detail.isdigit():
            key = "e_place_paid"
    elif kind in ("drift", "move", "escape"):
        if kind == "drift" and not detail:
            key = "e_drift_none"
        elif detail == "stay" or not detail:
            key = f"e_{kind}_stay" if kind != "drift" else "e_drift_none"
        else:
            plain["dir"] = direction_word(lang, detail)
    elif kind == "roll":
        plain["x"] = detail.replace(",", " & " if lang == "en" else " et ")
    elif kind in ("tentacle", "eat"):
        refs["c"] = CubesRef(letters_to_counts(detail, players))
        if not detail:
            refs["c"] = None
            plain_none = word(lang, "alt_cubes_none")
            return fill(WORDS[lang][key].replace("{c}", plain_none), refs, **plain)
    elif kind == "excrete" and detail in ("0", "1"):
        key = "e_excrete_none" if detail == "0" else "e_excrete_one"
    elif kind in ("starve", "armor") and detail == "1":
        key += "_one"
    elif kind == "attack":
        if detail == "aggression":
            key = "e_attack_aggression"
        elif "retry" in detail:
            key = "e_attack_retry"
    elif kind == "fight":
        a, _, d = detail.partition("-")
        plain["x"], plain["y"] = a, d
    elif kind == "defect":
        plain["x"] = _payment(lang, detail)
    elif kind in ("discard", "buy"):
        plain["g"] = gene_name(lang, detail)
    elif kind == "score":
        step, _, pos = detail.partition(">")
        plain["x"], plain["y"] = step.lstrip("+"), pos
    elif kind == "end":
        key = "e_end_cards" if detail == "cards" else "e_end_finish"
    if key not in WORDS[lang]:
        key = "e_other"
    return fill(WORDS[lang][key], refs, **plain)


def _payment(lang: str, detail: str) -> str:
    parts = []
    for item in detail.split("+"):
        if item.endswith("bp") and item[:-2].isdigit():
            parts.append(f"{item[:-2]} {word(lang, 'bp')}")
        elif item:
            parts.append(gene_name(lang, item))
    return ", ".join(parts) or "0"


def phase_title(view: View, lang: str) -> str:
    """``Round 4 · Phase 1: Movement and feeding``, ``Setup`` or ``Game over after round 7``."""
    if view.phase >= 7 or view.outcome is not None:
        return word(lang, "over").format(round=view.round)
    if view.phase == 0:
        return word(lang, "setup")
    names = word(lang, "phases").split("|")
    name = names[view.phase] if 0 <= view.phase < len(names) else view.phase_name
    return word(lang, "round_phase").format(round=view.round, phase=view.phase, name=name)


__all__ = [
    "SHAPES",
    "WORDS",
    "AmoebaRef",
    "CubesRef",
    "Part",
    "PlayerRef",
    "card_text",
    "colour_index",
    "colour_name",
    "decision_parts",
    "direction_word",
    "event_parts",
    "fill",
    "gene_name",
    "outcome_parts",
    "phase_title",
    "pick",
    "shape_name",
    "word",
]
