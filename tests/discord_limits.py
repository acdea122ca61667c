"""Discord's limits on one message, checked on the payload the bot sends (the JSON body Discord receives).

A message over any of these limits is refused with HTTP 400: a post that never appears. SimCord checks
only some of them (content, embeds, options per select, text displays), so :func:`check_discord_limits`
checks them all, on a message body (the body of a create or edit, or the ``data`` of an interaction
response). Numbers from Discord's component and message reference (the team's notes on the platform,
``shared/design/discord-platform.md``, section 2).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

IS_COMPONENTS_V2 = 1 << 15
MAX_COMPONENTS_V2 = 40
"""Components in a Components V2 message, nested ones included."""
MAX_TEXT_V2 = 4000
"""Characters across every text display of a message."""
MAX_CONTENT = 2000
MAX_ACTION_ROWS = 5
"""Action rows of a message without the Components V2 flag."""
MAX_BUTTONS_PER_ROW = 5
MAX_OPTIONS = 25
MAX_LABEL = 80
"""A button's label."""
MAX_OPTION_TEXT = 100
"""A select option's label, value and description."""
MAX_PLACEHOLDER = 150
MAX_CUSTOM_ID = 100
MAX_GALLERY_ITEMS = 10
MAX_MEDIA_DESCRIPTION = 1024
MAX_EMBEDS = 10
MAX_EMBED_TOTAL = 6000
EMBED_FIELDS = 25

ACTION_ROW, BUTTON, TEXT_INPUT = 1, 2, 4
SELECTS = frozenset({3, 5, 6, 7, 8})
SECTION, TEXT_DISPLAY, THUMBNAIL, MEDIA_GALLERY, FILE, SEPARATOR, CONTAINER = 9, 10, 11, 12, 13, 14, 17
LINK_STYLE, PREMIUM_STYLE = 5, 6


def components_in(nodes: Any) -> Iterator[Mapping[str, Any]]:
    """Every component of a list of components, nested ones included (a section's accessory too)."""
    for node in nodes or ():
        if not isinstance(node, Mapping):
            continue
        yield node
        yield from components_in(node.get("components"))
        accessory = node.get("accessory")
        if isinstance(accessory, Mapping):
            yield from components_in([accessory])


def _component(node: Mapping[str, Any], where: str) -> list[str]:
    faults: list[str] = []
    kind = node.get("type")
    custom_id = node.get("custom_id")
    if custom_id is not None and not 1 <= len(custom_id) <= MAX_CUSTOM_ID:
        faults.append(f"{where}: custom id of {len(custom_id)} characters: {custom_id!r}")
    if kind == ACTION_ROW:
        children = list(node.get("components") or ())
        buttons = [c for c in children if c.get("type") == BUTTON]
        selects = [c for c in children if c.get("type") in SELECTS]
        if len(buttons) > MAX_BUTTONS_PER_ROW:
            faults.append(f"{where}: {len(buttons)} buttons in one row")
        if selects and len(children) > 1:
            faults.append(f"{where}: a select shares its row with {len(children) - 1} other components")
        if not children:
            faults.append(f"{where}: an empty action row")
    elif kind == BUTTON:
        label = node.get("label") or ""
        if len(label) > MAX_LABEL:
            faults.append(f"{where}: button label of {len(label)} characters: {label!r}")
        if node.get("style") not in (LINK_STYLE, PREMIUM_STYLE) and custom_id is None:
            faults.append(f"{where}: a button without a custom id")
    elif kind in SELECTS:
        options = list(node.get("options") or ())
        if kind == 3 and not 1 <= len(options) <= MAX_OPTIONS:
            faults.append(f"{where}: a select with {len(options)} options")
        for option in options:
            for name in ("label", "value", "description"):
                text = option.get(name) or ""
                if len(text) > MAX_OPTION_TEXT:
                    faults.append(f"{where}: option {name} of {len(text)} characters: {text!r}")
            if not option.get("label") or not option.get("value"):
                faults.append(f"{where}: an option without label or value")
        values = [o.get("value") for o in options]
        if len(set(values)) != len(values):
            faults.append(f"{where}: option values repeat")
        if len(node.get("placeholder") or "") > MAX_PLACEHOLDER:
            faults.append(f"{where}: placeholder over {MAX_PLACEHOLDER} characters")
        if (node.get("max_values") or 1) > MAX_OPTIONS:
            faults.append(f"{where}: max_values over {MAX_OPTIONS}")
    elif kind == MEDIA_GALLERY:
        items = list(node.get("items") or ())
        if not 1 <= len(items) <= MAX_GALLERY_ITEMS:
            faults.append(f"{where}: a media gallery with {len(items)} items")
        for item in items:
            if len(item.get("description") or "") > MAX_MEDIA_DESCRIPTION:
                faults.append(f"{where}: media description over {MAX_MEDIA_DESCRIPTION} characters")
    elif kind == SECTION and not 1 <= len(node.get("components") or ()) <= 3:
        faults.append(f"{where}: a section with {len(node.get('components') or ())} text displays")
    return faults


def _embeds(embeds: list[Mapping[str, Any]]) -> list[str]:
    faults: list[str] = []
    if len(embeds) > MAX_EMBEDS:
        faults.append(f"{len(embeds)} embeds")
    total = 0
    for embed in embeds:
        sizes = {
            "title": (len(embed.get("title") or ""), 256),
            "description": (len(embed.get("description") or ""), 4096),
            "footer": (len((embed.get("footer") or {}).get("text") or ""), 2048),
            "author": (len((embed.get("author") or {}).get("name") or ""), 256),
        }
        fields = list(embed.get("fields") or ())
        if len(fields) > EMBED_FIELDS:
            faults.append(f"an embed with {len(fields)} fields")
        for i, f in enumerate(fields):
            sizes[f"field {i} name"] = (len(f.get("name") or ""), 256)
            sizes[f"field {i} value"] = (len(f.get("value") or ""), 1024)
        for name, (size, limit) in sizes.items():
            total += size
            if size > limit:
                faults.append(f"embed {name} of {size} characters (limit {limit})")
    if total > MAX_EMBED_TOTAL:
        faults.append(f"embeds hold {total} characters (limit {MAX_EMBED_TOTAL})")
    return faults


def check_discord_limits(message_payload: Mapping[str, Any]) -> list[str]:
    """Every limit of Discord's that a message body breaks, in words (empty when Discord accepts it).

    ``message_payload`` is the JSON of a message as sent: the body of a create or an edit, or the ``data``
    of an interaction response.
    """
    faults: list[str] = []
    top = [c for c in message_payload.get("components") or () if isinstance(c, Mapping)]
    every = list(components_in(top))
    v2 = bool((message_payload.get("flags") or 0) & IS_COMPONENTS_V2)
    if v2:
        if len(every) > MAX_COMPONENTS_V2:
            faults.append(f"{len(every)} components (limit {MAX_COMPONENTS_V2}, nested ones count)")
        text = sum(len(c.get("content") or "") for c in every if c.get("type") == TEXT_DISPLAY)
        if text > MAX_TEXT_V2:
            faults.append(f"{text} characters of text displays (limit {MAX_TEXT_V2})")
        if message_payload.get("content") or message_payload.get("embeds"):
            faults.append("content or embeds in a Components V2 message")
    else:
        if len(message_payload.get("content") or "") > MAX_CONTENT:
            faults.append(f"content of {len(message_payload.get('content') or '')} characters")
        if len(top) > MAX_ACTION_ROWS:
            faults.append(f"{len(top)} action rows (limit {MAX_ACTION_ROWS})")
        if any(c.get("type") != ACTION_ROW for c in top):
            faults.append("a layout component in a message without the Components V2 flag")
        faults += _embeds(list(message_payload.get("embeds") or ()))
    for i, node in enumerate(every):
        faults += _component(node, f"component {i} (type {node.get('type')})")
    return faults


def message_body(method: str, path: str, json: Any) -> Mapping[str, Any] | None:
    """The message body of one REST call, if it creates or edits a message (else None)."""
    if not isinstance(json, Mapping) or method not in ("POST", "PATCH"):
        return None
    if path.endswith("/callback"):
        data = json.get("data")
        return data if json.get("type") in (4, 7) and isinstance(data, Mapping) else None
    if path.endswith("/threads") or not ("/messages" in path or "/webhooks/" in path):
        return None
    return json


def message_bodies(requests: Any) -> Iterator[tuple[str, Mapping[str, Any]]]:
    """The message bodies among SimCord's recorded requests (``env.http_requests``): where, and the body."""
    for request in requests:
        body = message_body(request.method, request.path, request.json)
        if body is not None:
            yield f"{request.method} {request.path}", body


def enforce_on_simcord(monkeypatch: Any) -> list[str]:
    """Make SimCord refuse, as Discord does (HTTP 400, Invalid Form Body), every message over a limit; the
    faults of the refused messages, for the test to fail on."""
    from simcord.backend.errors import BackendError
    from simcord.http import router

    faults: list[str] = []
    dispatch = router.dispatch

    def strict(backend: Any, method: str, path: str, **kwargs: Any) -> Any:
        body = message_body(method, path, kwargs.get("json"))
        found = check_discord_limits(body) if body is not None else []
        if found:
            faults.extend(f"{method} {path}: {fault}" for fault in found)
            raise BackendError(400, 50035, f"Invalid Form Body: {found[0]}")
        return dispatch(backend, method, path, **kwargs)

    monkeypatch.setattr(router, "dispatch", strict)
    return faults
