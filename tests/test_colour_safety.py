"""Every game's seat colours (and token colours) stay apart for colour-blind players, and a seat is never
told by colour alone.

Each palette is simulated for protanopia, deuteranopia and tritanopia with the Machado 2009 matrices
at full severity (the strongest form of each dichromacy, applied to linear sRGB), then compared pair by
pair with CIEDE2000 in CIELAB. The floor is :data:`FLOOR`: a difference of 20 is where two flat colours
read as different colours rather than two shades of one, the usual bar for categorical palettes; it is
also asserted for normal vision. The high-contrast palettes members may choose for their own views are
held to the same floor.
"""

from __future__ import annotations

import itertools
import warnings
from collections.abc import Sequence

import numpy as np
import pytest

with warnings.catch_warnings():
    # colour-science warns at import about optional packages (SciPy, Matplotlib) this test does not use.
    warnings.simplefilter("ignore")
    import colour

from render import SEAT_COLOURS

FLOOR = 20.0
"""The smallest CIEDE2000 difference allowed between two colours of one palette, under every simulation."""

VISIONS = ("normal", "Protanomaly", "Deuteranomaly", "Tritanomaly")
"""Normal vision, then the three dichromacies (Machado 2009 at severity 1: protanopia, deuteranopia, tritanopia)."""


def seen(colours: Sequence[tuple[int, int, int]], vision: str) -> np.ndarray:
    """The CIELAB coordinates of ``colours`` as a person with ``vision`` sees them."""
    linear = colour.models.eotf_sRGB(np.asarray(colours, dtype=float) / 255)
    if vision != "normal":
        matrix = colour.blindness.matrix_cvd_Machado2009(vision, 1.0)
        linear = np.clip(linear @ matrix.T, 0, 1)
    return colour.XYZ_to_Lab(colour.sRGB_to_XYZ(colour.models.eotf_inverse_sRGB(linear), apply_cctf_decoding=True))


def closest_pair(colours: Sequence[tuple[int, int, int]]) -> tuple[float, str, int, int]:
    """The smallest difference between two of ``colours`` over every vision: (ΔE2000, vision, i, j)."""
    found = (float("inf"), "", -1, -1)
    for vision in VISIONS:
        lab = seen(colours, vision)
        for i, j in itertools.combinations(range(len(colours)), 2):
            d = float(colour.delta_E(lab[i], lab[j], method="CIE 2000"))
            if d < found[0]:
                found = (d, vision, i, j)
    return found


def test_the_simulation_is_sound() -> None:
    red_green = [(213, 94, 0), (0, 158, 115)]
    assert closest_pair(red_green)[0] < closest_pair([(0, 0, 0), (250, 250, 250)])[0]
    assert seen([(128, 128, 128)], "Deuteranomaly") == pytest.approx(seen([(128, 128, 128)], "normal"), abs=1.0)


@pytest.mark.parametrize("game", sorted(SEAT_COLOURS))
def test_seat_colours_stay_apart_under_every_colour_vision(game: str) -> None:
    distance, vision, i, j = closest_pair(SEAT_COLOURS[game])
    assert distance >= FLOOR, f"{game}: seats {i} and {j} are {distance:.1f} apart under {vision}"
