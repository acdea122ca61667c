"""The gene table (from ``data/ursuppe.json``): names in English, French and German, price, mutation
points, cards per player count, prerequisites of the superior genes, a one-line effect in English and
French, and the lookup of a gene by any of its names (case and accents ignored).
"""

from __future__ import annotations

import re
import unicodedata
from typing import Final

from games.ursuppe.tables import TABLES, Gene

GENES: Final = TABLES.genes
"""Every gene, in gene-table order (``GENES[i].index == i``)."""
BY_ID: Final = {g.id: g for g in GENES}


def _index(gene_id: str) -> int:
    return BY_ID[gene_id].index


INTELLIGENCE: Final = _index("intelligence")
MOVEMENT_1: Final = _index("movement-1")
SPORES: Final = _index("spores")
SPEED: Final = _index("speed")
DEFENSE: Final = _index("defense")
ESCAPE: Final = _index("escape")
SUBSTITUTION: Final = _index("substitution")
RAY_PROTECTION: Final = _index("ray-protection")
STREAMLINING: Final = _index("streamlining")
TENTACLE: Final = _index("tentacle")
HOLDING: Final = _index("holding")
LONGEVITY: Final = _index("longevity")
FRUGALITY: Final = _index("frugality")
STRUGGLE: Final = _index("struggle")
PARASITISM: Final = _index("parasitism")
DIVISION_RATE: Final = _index("division-rate")
PERSISTENCE: Final = _index("persistence")
MOVEMENT_2: Final = _index("movement-2")
AGGRESSION: Final = _index("aggression")
ARMOR: Final = _index("armor")

PREREQUISITES: Final = tuple(tuple(_index(r) for r in g.requires) for g in GENES)
"""For each gene, the indices of the genes one of which its purchase discards (empty: not superior)."""
SUPERIORS_OF: Final = tuple(tuple(s for s in range(len(GENES)) if g in PREREQUISITES[s]) for g in range(len(GENES)))
"""For each gene, the superior genes that need it (whose holder may not buy it)."""


def scoring_cards(gene: int) -> int:
    """How many gene cards ``gene`` counts for when scoring (superior 2, Ray Protection 0, else 1)."""
    if gene == RAY_PROTECTION:
        return 0
    return 2 if PREREQUISITES[gene] else 1


def discard_value(gene: int) -> int:
    """What discarding ``gene`` pays against a gene defect (its MP; Ray Protection pays 4)."""
    return TABLES.ray_protection_discard_value if gene == RAY_PROTECTION else GENES[gene].mp


def squeeze(text: str) -> str:
    """Lower case, accents removed, only letters and digits kept: ``Défense`` → ``defense``."""
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()
    return re.sub(r"[^a-z0-9]", "", plain)


def _aliases() -> dict[str, int]:
    table: dict[str, int] = {}
    for g in GENES:
        for name in (g.id, g.en, g.fr, g.de, *g.aliases):
            key = squeeze(name)
            if key in table and table[key] != g.index:
                raise ValueError(f"invalid Ursuppe data: gene name {name!r} is used by two genes")
            table[key] = g.index
    return table


ALIASES: Final = _aliases()
"""Every accepted name of a gene, squeezed (see :func:`squeeze`), to its index."""
LONGEST_ALIAS_WORDS: Final = 4


def find_gene(name: str) -> Gene | None:
    """The gene called ``name`` in any language (case, accents, spaces and hyphens ignored), or None."""
    index = ALIASES.get(squeeze(name))
    return None if index is None else GENES[index]


def effect(gene: Gene, language: str = "en") -> str:
    """The one-line effect text of ``gene`` in ``language`` (``en`` or ``fr``; English otherwise)."""
    return gene.effect_fr if language == "fr" else gene.effect_en


def name(gene: Gene, language: str = "en") -> str:
    """The name of ``gene`` in ``language`` (``en``, ``fr`` or ``de``; English otherwise)."""
    return {"fr": gene.fr, "de": gene.de}.get(language, gene.en)
