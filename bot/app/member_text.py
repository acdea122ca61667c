"""Free text a member sends that the bot stores (salts, event names): one rule for what it may hold.

A text is refused when it holds a character of the Unicode general categories in :data:`REFUSED`:

- ``Cc``, the C0 and C1 control characters (NUL, tab, line feed, escape, U+0080–U+009F...). PostgreSQL
  cannot store NUL in ``TEXT`` while SQLite can, so without this rule one store would keep what the other
  rejects, and a SQLite database holding it could never be copied to PostgreSQL; the others break
  one-line texts (a salt, a name) or are invisible.
- ``Cs``, lone surrogates: they have no UTF-8 form, so no store, and no salt's bytes, can hold them.
- ``Zl`` and ``Zp``, the line and paragraph separators (U+2028, U+2029): line breaks in disguise.

Format characters (``Cf``) stay allowed: the zero-width joiner builds emoji and names in many scripts.
The check runs in the services, before anything is written, so both stores refuse the same texts.

Shown in a message, such a text goes through :func:`inert` and never into a code span: a backtick of its
own would close the span and let the rest render (a masked link, a mention).

Pure: no storage, no Discord (the services import it).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

REFUSED = frozenset({"Cc", "Cs", "Zl", "Zp"})
"""Unicode general categories a member's stored text may not hold."""


def refused_character(text: str) -> str | None:
    """The first character of ``text`` in a :data:`REFUSED` category, or None when the text is acceptable."""
    return next((c for c in text if unicodedata.category(c) in REFUSED), None)


def is_clean(text: str) -> bool:
    """True when ``text`` holds no character of a :data:`REFUSED` category."""
    return refused_character(text) is None


_MARKDOWN = re.compile(r"([\\*_~`|>#\-\[\]<@:])")
"""What starts markdown: emphasis and spoilers (``* _ ~ |``), code (`````), quotes, headings and lists
(``> # -``), masked links (``[ ]``), mentions and custom emoji (``< @``) and links (the ``:`` of ``https://``,
so that even a bare address is not clickable). Parentheses and dots stay as they are: without ``[`` they
make no link, and names such as ``Plateau (strong)`` read unchanged."""


def inert(text: str) -> str:
    """``text`` as Discord markdown that renders exactly as typed and nothing live: every character that
    starts markdown is escaped with a backslash, which Discord hides, so readers see (and copy) the
    member's text unchanged."""
    return _MARKDOWN.sub(r"\\\1", text)


def inert_names(names: Iterable[str]) -> list[str]:
    """Display names (chosen by members) as message text shows them: each through :func:`inert`.

    Images draw the raw names (a picture renders no markdown) and so do button and select labels, which
    Discord shows as plain text: only what goes into message text passes through here, once."""
    return [inert(name) for name in names]
