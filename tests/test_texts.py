"""Short where it is said often (issue 26): catalog-wide rules on links, and the help's pages.

Every link a text carries is masked (``[words](link)``): a raw ``https://discord.com/channels/…`` takes three
lines on a phone. The help opens with a short first screen and pages the rest.
"""

from __future__ import annotations

import re

import pytest

from bot.app.i18n import LANGUAGES, catalog, t

RAW_URL = re.compile(r"(?<!\()https?://\S+")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_link_in_the_catalogs_is_masked(lang: str) -> None:
    raw = [key for key, text in catalog(lang).items() if "{link}" in text and "]({link})" not in text]
    assert raw == [], f"{lang}: texts with a raw link: {raw}"
    url = "https://discord.com/channels/1/2/3"
    for key, text in catalog(lang).items():
        if "{link}" in text:
            shown = t(lang, key, link=url)
            assert not RAW_URL.search(shown), (key, shown)
