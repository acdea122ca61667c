"""What a viewer sees of an Ursuppe position: the frozen :class:`View` that renderers and the bot read.

Everything here is plain data (ints, strings, tuples), so a renderer never touches the engine.

Coordinates: the soup is a 5 × 5 box. Columns are the letters ``a`` (west) to ``e`` (east), rows the
digits ``1`` (north) to ``5`` (south), like a spreadsheet read from the top left: ``b1`` is the lone
square of the top row, ``c3`` the island (the compass rose), ``e5`` does not exist. ``row`` and
``col`` fields count from 0 (``row`` 0 = north, ``col`` 0 = west), so square ``b1`` is row 0, col 1.

Colours: seat ``s`` plays colour ``s`` of ``data/ursuppe.json`` (red, yellow, green, blue, purple,
orange); every per-colour tuple (food cubes, supply) is indexed by seat.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.base import Outcome, Seat

PHASE_NAMES: tuple[str, ...] = (
    "setup",
    "movement and feeding",
    "environment and gene defects",
    "new genes",
    "cell division",
    "deaths",
    "scoring",
    "game over",
)
"""English name of each phase, by phase number (0 = setup, 1..6 = the round's phases, 7 = game over)."""

DECISION_KINDS: dict[str, str] = {
    "start": "choose a starting space on the score track",
    "place": "place a starting amoeba on an empty square",
    "act": "drift, move actively or (Holding) stay put with the amoeba",
    "direction": "choose the direction of the amoeba's move (free die face, two dice, Movement II)",
    "tentacle": "choose up to 3 cubes (2 with 3 players) the amoeba takes along",
    "cling": "cling an amoeba to the one leaving its square (Holding), or let go",
    "again": "make the Speed second move, or stop",
    "feed": "choose what the amoeba eats, or attack, or starve",
    "respond": "the attacked amoeba's owner: defend, escape or yield",
    "retry": "Persistence: try the failed attack again for free, or give up",
    "defect": "choose how to pay the gene defect (genes to discard and/or BP)",
    "buy": "buy genes, or be done",
    "divide": "place new amoebas (cell division), or be done",
    "aggress": "Aggression: one amoeba kills another player's amoeba on its square, or pass",
}
"""Every ``Decision.kind``, with what the deciding player is asked (English)."""

EVENT_KINDS: dict[str, str] = {
    "card": "an environment card was turned up (detail: drift letter or '-', then the ozone value: 'W12')",
    "dice": "a player rolled two dice for the start order (detail: the total)",
    "start": "a player took a starting space (detail: the space)",
    "place": "a starting or new amoeba was placed (square; Phase 4 detail: the BP paid, or 'free')",
    "drift": "an amoeba drifted (square = where it ended, unchanged when blocked; detail: direction, '' without)",
    "move": "an amoeba moved actively, Speed's second move too (square = where it ended; detail: direction/'stay')",
    "stay": "an amoeba stayed put with Holding",
    "roll": "dice rolled for an active move or an escape (detail: the faces, '3' or '3,5')",
    "escape": "an amoeba escaped (square = where it ended; detail: direction or 'stay')",
    "tentacle": "an amoeba carried cubes along (detail: the cubes, 'rrg')",
    "cling": "an amoeba clung to a leaving amoeba (target = the amoeba it followed)",
    "eat": "an amoeba ate (detail: the cubes eaten, 'ryg')",
    "excrete": "an amoeba excreted (detail: how many cubes of its colour the supply had)",
    "parasite": "an amoeba fed on another player (target_seat paid 1 BP)",
    "starve": "an amoeba could not eat and took 1 damage",
    "attack": "an amoeba attacked another (detail 'struggle' or 'aggression'; 'retry' for a free retry)",
    "defend": "the victim fought back with Defense (detail 'retry' for the free Persistence retry)",
    "fight": "the defense fight's dice (detail 'attacker-defender', e.g. '5-3')",
    "yield": "the victim did not (or could no longer) resist",
    "kill": "an amoeba was killed by an attack (target = the victim)",
    "armor": "Armor turned a kill into 1 damage (target = the armored amoeba)",
    "failed": "an attack failed (the victim survived)",
    "defect": "a player paid a gene defect (detail: genes and BP paid, such as 'speed+1bp')",
    "discard": "a gene was discarded (detail: gene id)",
    "buy": "a gene was bought (detail: gene id)",
    "income": "a player received BP in Phase 4 (detail: the amount)",
    "death": "an amoeba died of its damage (square; it became food)",
    "score": "a score marker advanced (detail: '+spaces>position')",
    "end": "the game ended (detail: 'finish' or 'cards')",
}
"""Every ``Event.kind``, with what it records (English)."""


@dataclass(frozen=True, slots=True)
class AmoebaView:
    """One amoeba on the board."""

    seat: Seat
    """Its owner (and colour)."""
    number: int
    """Its number, 1..7 (1..6 with 5–6 players); a player's amoebas act in number order."""
    damage: int
    """Damage points it carries (it dies in Phase 5 at 2, or 3 with Longevity)."""


@dataclass(frozen=True, slots=True)
class SquareView:
    """One of the 19 soup squares."""

    name: str
    """Its coordinates, such as ``b1`` (column letter a–e west to east, row digit 1–5 north to south)."""
    row: int
    """0 (north) .. 4 (south)."""
    col: int
    """0 (west) .. 4 (east)."""
    food: tuple[int, ...]
    """Food cubes on the square, by colour (index = seat)."""
    amoebas: tuple[AmoebaView, ...]
    """The amoebas on the square, by seat then number."""


@dataclass(frozen=True, slots=True)
class CardView:
    """An environment card."""

    drift: str
    """Drift direction ``N``, ``E``, ``S`` or ``W``; empty for the card without drift."""
    ozone: int
    """The ozone value gene defects are measured against."""


@dataclass(frozen=True, slots=True)
class PlayerView:
    """One player's public situation."""

    seat: Seat
    """The seat (0-based)."""
    colour: str
    """The colour id (``red``, ``yellow``, ...; see ``data/ursuppe.json`` for the names in each language)."""
    bp: int
    """Energy points (BP)."""
    genes: tuple[str, ...]
    """Gene ids owned, in gene-table order."""
    mp: int
    """Total mutation points of those genes (Ray Protection counts −2)."""
    gene_cards: int
    """Gene cards counted for scoring (superior genes 2, Ray Protection 0)."""
    score: int
    """Position of the score marker (0 until a starting space is chosen)."""
    on_board: int
    """Live amoebas on the board."""
    reserve: int
    """Amoebas not on the board (available for cell division)."""


@dataclass(frozen=True, slots=True)
class GeneOffer:
    """A gene of the game's deck, as the buy phase offers it."""

    gene: str
    """The gene id (``speed``, ``armor``, ...; names and effect texts in :mod:`games.ursuppe.genes`)."""
    price: int
    """Price in BP."""
    mp: int
    """Mutation points."""
    copies: int
    """Cards of this gene in this game's deck."""
    left: int
    """Cards not owned by anyone now (0 = cannot be bought)."""
    requires: tuple[str, ...]
    """For a superior gene: the genes of which one must be discarded to buy it; empty otherwise."""


@dataclass(frozen=True, slots=True)
class Decision:
    """The decision the game waits for: who, what kind, about which amoeba, and the legal answers."""

    seat: Seat
    """The deciding seat (not necessarily the player on turn: a victim responds to an attack)."""
    kind: str
    """One of :data:`DECISION_KINDS` (``feed``, ``respond``, ``buy``, ...)."""
    amoeba: tuple[Seat, int] | None
    """``(seat, number)`` of the amoeba concerned (the mover, the feeder, the victim), if any."""
    other: tuple[Seat, int] | None
    """A second amoeba: the attacker (``respond``), the leaving amoeba (``cling``)."""
    amount: int
    """The debt to pay (``defect``); 0 otherwise."""
    dice: tuple[int, ...]
    """The dice being used (``direction`` after a roll); empty otherwise."""
    choices: tuple[str, ...]
    """Every legal answer in canonical notation (what autocomplete lists)."""


@dataclass(frozen=True, slots=True)
class Event:
    """One recent step (automatic or chosen), for narration; see :data:`EVENT_KINDS`."""

    kind: str
    """What happened (a key of :data:`EVENT_KINDS`)."""
    seat: Seat | None
    """The player concerned (None for a card)."""
    amoeba: int | None
    """The number of ``seat``'s amoeba concerned, if any."""
    square: str | None
    """The square concerned (where it happened, or where the amoeba ended), if any."""
    detail: str
    """Kind-specific detail: direction, cubes as colour letters, gene id, dice, amount."""
    target_seat: Seat | None = None
    """The other player concerned (victim, parasitized player), if any."""
    target_amoeba: int | None = None
    """The number of ``target_seat``'s amoeba concerned, if any."""
    index: int = 0
    """Serial number of the event in the game (1, 2, ...): the bot narrates those newer than the last seen."""


@dataclass(frozen=True, slots=True)
class View:
    """Everything a board image and the bot's texts need; Ursuppe has no hidden information."""

    viewer: Seat | None
    """Who looks (None = a spectator); every viewer sees the same position."""
    players: int
    """The number of players, 3..6."""
    colours: tuple[str, ...]
    """Colour id of each seat (``red``, ``yellow``, ``green``, ``blue``, ``purple``, ``orange``)."""
    squares: tuple[SquareView, ...]
    """The 19 soup squares in reading order (north row first, west to east)."""
    island: tuple[int, int]
    """``(row, col)`` of the island (the compass rose, where the card lies): ``(2, 2)``."""
    card: CardView | None
    """The environment card face up (None before the first draw)."""
    cards_left: int
    """Environment cards still in the deck."""
    player_info: tuple[PlayerView, ...]
    """Per seat, in seat order."""
    track_length: int
    """Spaces on the score track (50)."""
    finish_zone: int
    """First space of the dark finish zone (41): a marker there after scoring ends the game."""
    genes: tuple[GeneOffer, ...]
    """Every gene of this game's deck, in gene-table order, with copies left to buy."""
    round: int
    """The round, 1..10 (0 during the setup)."""
    phase: int
    """0 setup, 1..6 the phases, 7 game over."""
    phase_name: str
    """English name of ``phase`` (see :data:`PHASE_NAMES`)."""
    order: tuple[Seat, ...]
    """The player order of the current phase (ascending in Phase 1, descending in 2..6)."""
    on_turn: Seat | None
    """The player whose turn it is in the phase (a decision may still belong to someone else)."""
    decision: Decision | None
    """The pending decision; None at a chance step (dice, card) or when the game is over."""
    chance: str
    """At a chance step, what is drawn: ``card``, ``dice`` (start order), ``roll`` (movement),
    ``fight`` (Defense); empty otherwise."""
    events: tuple[Event, ...]
    """The most recent events, oldest first (a short window, not the whole game)."""
    supply: tuple[int, ...]
    """Food cubes left in the supply, by colour (each colour has 55 in all)."""
    outcome: Outcome | None
    """The result once the game is over."""
    position: str = ""
    """The whole position as its one-line state text. Ursuppe hides nothing (cards are drawn when turned
    up), so this is public; the AI players search from it (see :mod:`games.ai.determinise`)."""
