"""Ursuppe's colours are drawn as the game names them (issue 39): a member told "the green amoeba" finds a green
one. Each drawn colour is placed in the hue range, saturation and brightness where its name belongs (hue in
degrees of the sRGB hue circle); the distances between colours, for colour-blind members too, are checked by
``tests/test_colour_safety.py``."""

from __future__ import annotations

import colorsys

import pytest

from render.ursuppe_art import PLAYER_COLOURS
from render.ursuppe_words import TABLES

NAMED: dict[str, tuple[tuple[float, float], float, float]] = {
    # name: ((lowest hue, highest hue), least saturation, least brightness); red wraps round 0.
    "red": ((350.0, 370.0), 0.65, 0.5),
    "orange": ((22.0, 38.0), 0.65, 0.7),
    "yellow": ((50.0, 62.0), 0.6, 0.8),
    "green": ((100.0, 145.0), 0.45, 0.4),
    "blue": ((210.0, 240.0), 0.5, 0.5),
    "purple": ((265.0, 295.0), 0.45, 0.45),
}


@pytest.mark.parametrize("index", range(6))
def test_every_colour_is_drawn_where_its_name_belongs(index: int) -> None:
    name = TABLES.colours[index].id
    (low, high), saturation, brightness = NAMED[name]
    r, g, b = (c / 255 for c in PLAYER_COLOURS[index])
    hue, sat, value = colorsys.rgb_to_hsv(r, g, b)
    degrees = hue * 360 if hue * 360 >= low or high <= 360 else hue * 360 + 360
    assert low <= degrees <= high, f"{name} drawn at hue {hue * 360:.0f}"
    assert sat >= saturation and value >= brightness, f"{name} drawn greyish or dark: {sat:.2f}, {value:.2f}"
