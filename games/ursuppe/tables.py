"""The Ursuppe data file (``data/ursuppe.json``), read once at import and validated.

Every number the rules give (gene prices and counts, the board, the environment cards, the feeding
and scoring tables, the score track) lives in the data file, so a correction needs no code. The file is
checked as a whole and every problem is named at once; a broken file fails loudly at start-up.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

DATA_FILE: Final = Path(__file__).resolve().parents[2] / "data" / "ursuppe.json"

DRIFTS: Final = ("N", "E", "S", "W", "")
"""The drift directions a card may show ('' = no drift)."""

GENE_IDS: Final = (
    "intelligence",
    "movement-1",
    "spores",
    "speed",
    "defense",
    "escape",
    "substitution",
    "ray-protection",
    "streamlining",
    "tentacle",
    "holding",
    "longevity",
    "frugality",
    "struggle",
    "parasitism",
    "division-rate",
    "persistence",
    "movement-2",
    "aggression",
    "armor",
)
"""The 20 genes the engine implements, in gene-table order (the data file must list exactly these)."""


@dataclass(frozen=True, slots=True)
class Colour:
    """A player colour: its id, its one-letter code for cubes and its names."""

    id: str
    letter: str
    en: str
    fr: str


@dataclass(frozen=True, slots=True)
class Card:
    """An environment card: drift direction (``''`` = none) and ozone value."""

    drift: str
    ozone: int

    @property
    def label(self) -> str:
        """``W12``, ``-14``: drift letter (``-`` for none) then ozone."""
        return f"{self.drift or '-'}{self.ozone}"


@dataclass(frozen=True, slots=True)
class Gene:
    """One gene of the table: names, price, mutation points, cards per player count and effect texts."""

    index: int
    id: str
    en: str
    fr: str
    de: str
    price: int
    mp: int
    copies: tuple[int, int, int, int]
    """Cards in the deck for 3, 4, 5 and 6 players."""
    requires: tuple[str, ...]
    """For a superior gene, the genes of which one is discarded to buy it."""
    aliases: tuple[str, ...]
    effect_en: str
    effect_fr: str

    @property
    def superior(self) -> bool:
        """True for the four superior genes."""
        return bool(self.requires)

    def copies_for(self, players: int) -> int:
        """Cards of this gene in a game of ``players``."""
        return self.copies[players - 3]


@dataclass(frozen=True, slots=True)
class PlayerCount:
    """The rules that depend on the number of players."""

    amoebas: int
    first_amoeba_damage: int
    income: int
    tentacle_cubes: int
    amoeba_scoring: tuple[int, ...]
    """Spaces by number of live amoebas (index = amoebas, capped at the last entry)."""
    normal_meals: tuple[tuple[int, ...], ...]
    substitution_meals: tuple[tuple[int, ...], ...]


@dataclass(frozen=True, slots=True)
class Tables:
    """The validated contents of the data file."""

    min_players: int
    max_players: int
    colours: tuple[Colour, ...]
    rows: tuple[str, ...]
    """The board: five strings of five cells, ``#`` soup, ``C`` island, ``.`` nothing (north row first)."""
    die_faces: tuple[str, ...]
    """Meaning of die faces 1..6: a direction letter, ``stay`` or ``free``."""
    cards: tuple[Card, ...]
    cubes_per_colour: int
    start_bp: int
    start_cubes: int
    per_players: dict[int, PlayerCount]
    excretion: int
    struggle_cubes: int
    death_cubes: int
    damage_limit: int
    longevity_damage_limit: int
    division_cost: int
    division_rate_cost: int
    ray_protection_discard_value: int
    gene_card_scoring: tuple[int, ...]
    track_length: int
    finish_zone: int
    genes: tuple[Gene, ...]


NUMBERS: Final = (
    "cubes_per_colour",
    "excretion",
    "struggle_cubes",
    "death_cubes",
    "damage_limit",
    "longevity_damage_limit",
    "division_cost",
    "division_rate_cost",
    "ray_protection_discard_value",
)
"""The fields of :class:`Tables` the document gives as positive integers at its top level, under the same names."""


def _ints(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(v, int) and not isinstance(v, bool) for v in value)


def _int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def parse_tables(raw: Any) -> Tables:
    """Validate the JSON document and build :class:`Tables`.

    Raises:
        ValueError: ``invalid Ursuppe data: ...`` naming every problem found.
    """
    problems: list[str] = []
    if not isinstance(raw, dict):
        raise ValueError("invalid Ursuppe data: the document must be an object")

    def need(cond: bool, message: str) -> bool:
        if not cond:
            problems.append(message)
        return cond

    players = raw.get("players", {})
    lo, hi = players.get("min"), players.get("max")
    need((lo, hi) == (3, 6), f"players must be min 3, max 6, not {lo}..{hi}")

    colours: list[Colour] = []
    for i, c in enumerate(raw.get("colours", [])):
        if need(
            isinstance(c, dict) and all(isinstance(c.get(k), str) and c.get(k) for k in ("id", "letter", "en", "fr")),
            f"colour {i} needs id, letter, en and fr",
        ):
            colours.append(Colour(c["id"], c["letter"], c["en"], c["fr"]))
    need(len(colours) == 6, f"there must be 6 colours, found {len(colours)}")
    need(len({c.id for c in colours}) == len(colours), "colour ids must differ")
    need(
        len({c.letter for c in colours}) == len(colours) and all(len(c.letter) == 1 for c in colours),
        "colour letters must be single, distinct letters",
    )

    rows = tuple(str(r).replace(" ", "") for r in raw.get("board", {}).get("rows", []))
    if need(len(rows) == 5 and all(len(r) == 5 for r in rows), "the board must be 5 rows of 5 cells"):
        cells = "".join(rows)
        need(set(cells) <= {"#", "C", "."}, "board cells must be '#', 'C' or '.'")
        need(cells.count("#") == 19, f"the board must have 19 soup squares, found {cells.count('#')}")
        need(cells.count("C") == 1, "the board must have exactly one island")

    faces = raw.get("die_faces", {})
    die_faces = tuple(faces.get(str(k), "") for k in range(1, 7))
    need(
        sorted(die_faces) == sorted(("W", "N", "E", "S", "stay", "free")),
        "die faces 1..6 must be the four directions, stay and free",
    )

    cards: list[Card] = []
    for i, c in enumerate(raw.get("environment_cards", [])):
        if need(
            isinstance(c, dict) and c.get("drift") in DRIFTS and _int(c.get("ozone")),
            f"environment card {i} needs a drift among N, E, S, W, '' and an integer ozone",
        ):
            cards.append(Card(c["drift"], c["ozone"]))
    need(len(cards) >= 2, "there must be at least 2 environment cards")

    per_players: dict[int, PlayerCount] = {}
    table = raw.get("scoring", {})
    amoeba_tables = table.get("amoebas", {})
    feeding = raw.get("feeding", {})
    for n in range(3, 7):
        entry = raw.get("per_players", {}).get(str(n))
        fields = ("amoebas", "first_amoeba_damage", "income", "tentacle_cubes")
        if not need(
            isinstance(entry, dict) and all(_int(entry.get(k)) and entry[k] >= 0 for k in fields),
            f"per_players {n} needs amoebas, first_amoeba_damage, income and tentacle_cubes",
        ):
            continue
        scoring = amoeba_tables.get(entry.get("amoeba_scoring"))
        need(_ints(scoring) and len(scoring) == entry["amoebas"] + 1, f"{n} players: bad amoeba scoring table")
        meals = feeding.get(str(n), {})
        normal = meals.get("normal", [])
        subst = meals.get("substitution", [])
        others = n - 1
        scoring_ok = _ints(scoring) and len(scoring) == entry["amoebas"] + 1
        meals_ok = True
        for name, patterns in (("normal", normal), ("substitution", subst)):
            ok = isinstance(patterns, list) and bool(patterns) and all(_ints(p) and p for p in patterns)
            if need(ok, f"feeding for {n} players: {name} must list cube patterns"):
                for p in patterns:
                    ok = ok and need(
                        len(p) <= others and all(v > 0 for v in p),
                        f"feeding for {n} players: {name} pattern {p} must use at most {others} colours, each > 0",
                    )
            meals_ok = meals_ok and ok
        if not (meals_ok and scoring_ok):
            continue
        need(
            all(sum(p) == sum(normal[0]) + 1 for p in subst) and len({sum(p) for p in normal}) == 1,
            f"feeding for {n} players: substitution eats one cube more than the normal meal",
        )
        per_players[n] = PlayerCount(
            amoebas=entry["amoebas"],
            first_amoeba_damage=entry["first_amoeba_damage"],
            income=entry["income"],
            tentacle_cubes=entry["tentacle_cubes"],
            amoeba_scoring=tuple(scoring),
            normal_meals=tuple(tuple(sorted(p, reverse=True)) for p in normal),
            substitution_meals=tuple(tuple(sorted(p, reverse=True)) for p in subst),
        )

    numbers: dict[str, int] = {}
    for key in NUMBERS:
        value: Any = raw.get(key)
        need(_int(value) and value > 0, f"{key} must be a positive integer")
        numbers[key] = value if _int(value) else 0
    start = raw.get("start", {})
    need(_int(start.get("bp")) and start["bp"] >= 0, "start.bp must be an integer >= 0")
    need(
        _int(start.get("cubes_per_colour_per_square")) and start["cubes_per_colour_per_square"] >= 0,
        "start.cubes_per_colour_per_square must be an integer >= 0",
    )
    if not problems:
        need(
            19 * start["cubes_per_colour_per_square"] <= numbers["cubes_per_colour"],
            "the starting cubes exceed the cubes of a colour",
        )
    gene_scoring = table.get("gene_cards")
    need(_ints(gene_scoring) and len(gene_scoring) >= 1, "scoring.gene_cards must list spaces by gene cards")
    track = raw.get("score_track", {})
    length, finish = track.get("length"), track.get("finish_zone")
    need(
        _int(length) and _int(finish) and 6 < finish <= length,
        "score_track needs a length and a finish_zone start within it",
    )

    genes: list[Gene] = []
    raw_genes = raw.get("genes", [])
    ids = [g.get("id") for g in raw_genes if isinstance(g, dict)]
    need(tuple(ids) == GENE_IDS, f"the genes must be, in order: {', '.join(GENE_IDS)}")
    for i, g in enumerate(raw_genes):
        if not isinstance(g, dict):
            problems.append(f"gene {i} must be an object")
            continue
        gid = g.get("id", f"#{i}")
        texts = g.get("effect", {})
        copies = g.get("copies", {})
        counts: tuple[Any, ...] = tuple(copies.get(str(n)) for n in range(3, 7))
        fields_ok = (
            all(isinstance(g.get(k), str) and g.get(k) for k in ("en", "fr", "de"))
            and _int(g.get("price"))
            and g["price"] > 0
            and _int(g.get("mp"))
            and all(_int(c) and c >= 0 for c in counts)
            and isinstance(g.get("requires"), list)
            and isinstance(g.get("aliases"), list)
            and all(isinstance(texts.get(lang), str) and texts.get(lang) for lang in ("en", "fr"))
        )
        if not need(fields_ok, f"gene {gid}: needs en/fr/de names, price > 0, mp, copies for 3..6, effect en/fr"):
            continue
        for req in g["requires"]:
            need(req in ids and req != gid, f"gene {gid}: unknown prerequisite {req!r}")
        genes.append(
            Gene(
                index=i,
                id=gid,
                en=g["en"],
                fr=g["fr"],
                de=g["de"],
                price=g["price"],
                mp=g["mp"],
                copies=(int(counts[0]), int(counts[1]), int(counts[2]), int(counts[3])),
                requires=tuple(g["requires"]),
                aliases=tuple(str(a) for a in g["aliases"]),
                effect_en=texts["en"],
                effect_fr=texts["fr"],
            )
        )
    superiors = {g.id for g in genes if g.requires}
    for g in genes:
        need(not (set(g.requires) & superiors), f"gene {g.id}: a prerequisite cannot itself be superior")

    if problems:
        raise ValueError("invalid Ursuppe data: " + "; ".join(problems))
    return Tables(
        min_players=3,
        max_players=6,
        colours=tuple(colours),
        rows=rows,
        die_faces=die_faces,
        cards=tuple(cards),
        start_bp=start["bp"],
        start_cubes=start["cubes_per_colour_per_square"],
        per_players=per_players,
        **numbers,
        gene_card_scoring=tuple(gene_scoring),
        track_length=length,
        finish_zone=finish,
        genes=tuple(genes),
    )


def load_tables(path: Path = DATA_FILE) -> Tables:
    """Read and validate the data file."""
    return parse_tables(json.loads(path.read_text(encoding="utf-8")))


TABLES: Final = load_tables()
