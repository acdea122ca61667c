"""Numbers read back from what a member's client sent: a field of a custom id, or the value a menu picked.

A modified client can send any text there. Python's digit tests accept far more than the ASCII digits
Plateau writes: ``"²".isdigit()`` is true while ``int("²")`` raises, and ``int("５")`` reads a fullwidth five
as 5. So every such value is read here, and only ASCII digits make a number.
"""

from __future__ import annotations


def ascii_number(text: str) -> int | None:
    """``text`` as a whole number when it is made of ASCII digits only (at least one), else None."""
    if not text or not text.isascii() or not text.isdigit():
        return None
    return int(text)


def id_number(text: str) -> int:
    """A number field of a custom id, which the component's template already limits to ASCII digits.

    Raises:
        ValueError: ``text`` is not made of ASCII digits (a template that lets more through).
    """
    found = ascii_number(text)
    if found is None:
        raise ValueError(f"not a number: {text!r}")
    return found
