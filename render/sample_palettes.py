"""Work every board's palette out afresh from its sample renders and write ``render/palettes.json``:
``python -m render.sample_palettes`` after a change to a board's artwork (``tests/test_palettes.py`` says when).
"""

from __future__ import annotations

import json
from typing import Final

from render import standings, subulata, ultimatek, ursuppe
from render.palettes import PALETTES_FILE, Sampler, entries_of
from render.ur import loop, motifs, race, towers

SAMPLERS: Final[dict[str, Sampler]] = {
    **{
        board.palette_key: board.sample_palette
        for board in (race.BOARD_IMAGE, loop.BOARD_IMAGE, towers.BOARD_IMAGE, motifs.BOARD_IMAGE)
    },
    **subulata.PALETTE_SAMPLERS,
    **ultimatek.PALETTE_SAMPLERS,
    **ursuppe.PALETTE_SAMPLERS,
    **standings.PALETTE_SAMPLERS,
}
"""Every palette a board is encoded on, by its key in :data:`render.palettes.PALETTES_FILE`."""


def sample_all() -> dict[str, str]:
    """Every palette, worked out afresh, as :data:`render.palettes.PALETTES_FILE` keeps them."""
    return {key: entries_of(sample()) for key, sample in sorted(SAMPLERS.items())}


def main() -> None:
    """Write :data:`render.palettes.PALETTES_FILE`."""
    PALETTES_FILE.write_text(json.dumps(sample_all(), indent=1) + "\n", encoding="utf-8")
    print(f"wrote {len(SAMPLERS)} palettes to {PALETTES_FILE.name}")


if __name__ == "__main__":
    main()
