"""Ursuppe's moves in words: every button, menu option and confirm step of random games with 3 and 6 players
says its move in at least two words of the member's language, never as notation, and French says it
without an English word; the marks pair a button with the amoeba it moves; hints and the history speak
the same words, the notation kept beside them."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from datetime import UTC, datetime
from functools import cache
from typing import Any

import discord
import pytest

from bot.app.i18n import catalog, t
from bot.app.matches import LogEntry, LogKind, Match, MatchStatus
from bot.app.telling.game_words.ursuppe import turn as ursuppe_turn
from bot.app.telling.history import turn_lines
from bot.app.telling.words import board_note, button_moves, move_legend, move_marks, move_words, sequence_words
from bot.shell.play.move_controls import _options, confirm_texts, move_controls
from games import find_game
from games.builder import Step, build
from games.playout import random_step
from games.ursuppe import INFO, State, from_text
from games.ursuppe.board import NAMES, STEP
from games.ursuppe.genes import GENES
from games.ursuppe.moves import FACES
from games.ursuppe.tables import TABLES
from render.ursuppe_words import WORDS
from render.ursuppe_words import word as board_word
from tests.games.test_ursuppe_kit import position
from tests.test_bot_e2e import french  # noqa: F401 (a fixture)

NOW = datetime(2026, 1, 1, tzinfo=UTC)
CODE = re.compile(r"`[^`]*`")
WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)?")
CUBES = re.compile(r"^[rygbpo]{2,}$")
"""A handful of cubes as the notation writes them (``gbbb``)."""


def words(text: str) -> list[str]:
    """The words of ``text`` (letters only, an elided ``l'amibe`` split in two), lower case."""
    found = []
    for word in WORD.findall(CODE.sub(" ", text)):
        found += [w for w in re.split(r"['’]", word.lower()) if w]
    return found


@cache
def vocabulary(lang: str) -> frozenset[str]:
    """Every word the catalog of ``lang`` writes outside code, with the genes' and colours' names."""
    found: set[str] = set()
    for text in catalog(lang).values():
        found.update(words(text))
    for gene in GENES:
        found.update(words(gene.fr if lang == "fr" else gene.en))
    for colour in TABLES.colours:
        found.update(words(colour.fr if lang == "fr" else colour.en))
    return frozenset(found)


NOTATION_WORDS = frozenset(
    [
        "drift",
        "move",
        "moves",
        "stay",
        "take",
        "none",
        "cling",
        "let",
        "go",
        "again",
        "stop",
        "eat",
        "starve",
        "attack",
        "defend",
        "escape",
        "yield",
        "pay",
        "buy",
        "discard",
        "done",
        "pass",
        "start",
        "divide",
        "amoeba",
        "easy",
        "strong",
        "bp",
    ]
    + [gene.id for gene in GENES if gene.id.isalpha() and gene.id != gene.fr.lower()]
)
"""The English words of the notation (and gene ids) that a French label never shows."""


@cache
def english_only() -> frozenset[str]:
    """Words of the English catalog that French never writes, and the notation's English words."""
    return (vocabulary("en") - vocabulary("fr")) | NOTATION_WORDS


def check_said(text: str, lang: str, notation: str, where: str) -> None:
    """``text`` says a move the way a member reads it: two words of the language or more, no notation code,
    a capital first letter; in French, no English word."""
    said = words(text)
    assert len([w for w in said if w in vocabulary(lang)]) >= 2, (where, text)
    assert text.strip().lower() != notation.lower(), (where, text)
    assert not any(CUBES.match(w) and w not in vocabulary(lang) for w in said), (where, text)
    assert not re.search(r"[a-z]+-\d", text), (where, text)
    assert text[:1].isupper() or text[:1].isdigit(), (where, text)
    if lang == "fr":
        assert not set(said) & english_only(), (where, text, sorted(set(said) & english_only()))


def match_of(state: State, players: int) -> Match:
    seats = tuple(100 + s for s in range(players))
    status = MatchStatus.ACTIVE if state.outcome() is None else MatchStatus.FINISHED
    return Match(7, INFO, {}, "s", 1, 1, 1, status, 3, state, seats, None, NOW, NOW)


def decisions(players: int, seed: int, limit: int = 2500) -> Iterator[State]:
    """The positions where a member decides, in a random game."""
    rng = random.Random(seed)
    state: Any = INFO.new(players, {})
    for _ in range(limit):
        if state.outcome() is not None:
            return
        if not state.is_chance():
            yield state
        state = state.apply(random_step(state, rng))


def components(rows: list[list[discord.ui.Item[Any]]]) -> Iterator[Any]:
    """The buttons and menus of move rows (a persistent item's own button or menu)."""
    for row in rows:
        for item in row:
            yield item.item if isinstance(item, discord.ui.DynamicItem) else item


def builder_steps(step: Step, path: tuple[int, ...] = ()) -> Iterator[tuple[tuple[int, ...], Step]]:
    yield path, step
    for i, choice in enumerate(step.choices):
        if choice.step is not None:
            yield from builder_steps(choice.step, (*path, i))


@pytest.mark.parametrize("players", [3, 6])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_button_menu_option_and_confirm_step_says_its_move_in_words(players: int, lang: str) -> None:
    kinds: set[str] = set()
    menus = 0
    for seed in (1, 2):
        for number, state in enumerate(decisions(players, seed)):
            seat = state.actors()[0]
            match = match_of(state, players)
            shown = button_moves(INFO, state, seat)
            for item in components(move_controls(match, lang)):
                if isinstance(item, discord.ui.Button):
                    check_said(item.label or "", lang, str(item.custom_id).rpartition(":")[2], "button")
                elif isinstance(item, discord.ui.Select):
                    menus += 1
                    for option in item.options:
                        check_said(option.label, lang, option.description or "", "menu")
            kinds.update(state.parse_move(n, seat).kind for n in shown or ())
            if shown is None or number % 7 == 0:
                # The private steps of the builder, and the confirm step of each of its moves.
                root = build(INFO, state, seat)
                assert root is not None
                for _, step in builder_steps(root):
                    for i, option in enumerate(_options(match, step, lang, public=False)):
                        choice = step.choices[i]
                        if choice.move is not None:
                            check_said(option.label, lang, choice.move, "private menu")
                            content, label = confirm_texts(match, seat, choice.move, lang)
                            check_said(label, lang, choice.move, "confirm button")
                            assert option.label in label, "the confirm button plays the move in words"
                            if lang == "en":
                                assert f"`{choice.move}`" in content, "the notation stays beside the words"
                            else:
                                assert "`" not in content, "no English notation in a French confirm step"
    assert menus, "some turns offer the menu"
    # Divisions (a dozen squares) are chosen in the menu: as buttons they would push the board off a phone's screen.
    assert {"drift", "move", "eat", "buy", "done", "dir"} <= kinds


def plain_meal(move: Any) -> bool:
    """A meal of 3 cubes of two colours, no parasitism (the issue's example)."""
    colours = sum(1 for count in move.value if count)
    return bool(move.kind == "eat" and move.target[0] < 0 and sum(move.value) == 3 and colours == 2)


def test_the_issue_examples_read_as_the_issue_asks() -> None:
    state = position_where(lambda s, m: plain_meal(m), players=3)
    seat = state.actors()[0]
    eat = next(m for m in state.legal_moves(seat) if plain_meal(m))
    said = move_words(INFO, state, state.format_move(eat), "en")
    assert said is not None and re.fullmatch(r"Amoeba \d eats 3 \(\d \w+, \d \w+\)", said), said
    fr = move_words(INFO, state, state.format_move(eat), "fr")
    assert fr is not None and re.fullmatch(r"L'amibe \d mange 3 \(\d \w+, \d \w+\)", fr), fr
    buy = position_where(lambda s, m: m.kind == "buy" and GENES[m.value[0]].id == "movement-1")
    assert move_words(INFO, buy, "buy movement-1", "en") == "Buy Movement I · 3 BP"
    assert move_words(INFO, buy, "buy movement-1", "fr") == "Acheter Mouvement · 3 PE"
    done = move_words(INFO, buy, "done", "fr")
    assert done is not None and done.startswith("Terminé")


def position_where(test: Any, players: int = 4) -> State:
    """The first decision of seeded games where ``test(state, move)`` holds for a legal move."""
    for seed in range(20):
        for state in decisions(players, seed):
            if any(test(state, m) for m in state.legal_moves(state.actors()[0])):
                return state
    raise AssertionError("no such position")


def test_a_drift_names_the_card_s_direction_and_the_square_it_ends_on() -> None:
    state = position_where(lambda s, m: m.kind == "drift" and bool(FACES[s.cards[-1]].drift))
    seat = state.actors()[0]
    drift = next(m for m in state.legal_moves(seat) if m.kind == "drift")
    start = {(s, n): q for s, n, q, _ in state.amoebas}[seat, drift.amoeba]
    direction = "NESW".index(FACES[state.cards[-1]].drift)
    said = move_words(INFO, state, state.format_move(drift), "en")
    word = ("north", "east", "south", "west")[direction]
    if STEP[start][direction] == start:
        assert said == f"Amoeba {drift.amoeba} stays (drift {word} blocked)"
    else:
        assert said == f"Amoeba {drift.amoeba} drifts {word} → {NAMES[STEP[start][direction]]}"


def test_buttons_moving_several_amoebas_carry_their_numbers_as_marks() -> None:
    # Holding: both of the holder's amoebas on the leaving amoeba's square may cling to it.
    state = position_where(
        lambda s, m: (
            s.step == "cling"
            and len({x.amoeba for x in s.legal_moves(s.actors()[0]) if x.kind == "cling"}) > 1
            and button_moves(INFO, s, s.actors()[0]) is not None  # not so many that the menu takes them
        )
    )
    seat = state.actors()[0]
    marks = move_marks(INFO, state, seat)
    where = {(s, n): q for s, n, q, _ in state.amoebas}
    for move in state.legal_moves(seat):
        notation = state.format_move(move)
        if move.kind == "cling":
            assert marks[notation] == (NAMES[where[seat, move.amoeba]], str(move.amoeba)), notation
        else:
            assert notation not in marks, "letting go moves no amoeba"
    labels = [item.label for item in components(move_controls(match_of(state, state.players), "en"))]
    assert any(label and label.startswith(f"{n} · Amoeba {n} clings") for label in labels for n in "1234567")


def test_one_amoeba_s_turn_needs_no_mark() -> None:
    state = position_where(lambda s, m: m.kind == "drift")
    assert move_marks(INFO, state, state.actors()[0]) == {}


def test_a_hint_for_a_whole_turn_says_each_move_in_the_position_it_is_played_in() -> None:
    def goes_on(state: Any, move: Any) -> bool:
        return bool(move.kind == "buy" and state.apply(move).actors() == (move.seat,))

    state = position_where(goes_on)
    seat = state.actors()[0]
    first = next(state.format_move(m) for m in state.legal_moves(seat) if goes_on(state, m))
    said = sequence_words(INFO, state, seat, [first, "done"], "fr", autoplay=False)
    assert said is not None and said[0].startswith("Acheter ") and said[1] == "Terminé\u00a0: plus de gènes"
    assert sequence_words(INFO, state, seat, [first, first], "en", autoplay=False) is None, "bought twice: not legal"


def test_history_tells_a_turn_in_words_then_the_notation_a_member_would_type() -> None:
    info = find_game("ursuppe")
    rng = random.Random(4)
    state: Any = info.new(3, {})
    log: list[LogEntry] = []
    while len(log) < 120:
        move = random_step(state, rng)
        kind = LogKind.CHANCE if state.is_chance() else LogKind.MOVE
        log.append(LogEntry(len(log) + 1, kind, state.mover(move), state.format_move(move), NOW))
        state = state.apply(move)
    lines = turn_lines(match_of(info.new(3, {}), 3), log, ["alice", "bob", "chloe"], "fr")
    placing = next(line for line in lines if "a posé l'amibe" in line)
    words_part, _, typed = placing.partition(t("fr", "history.typed", moves="").rstrip("`"))
    assert "place " in typed and "place " not in words_part, placing


@pytest.mark.parametrize(("lang", "on"), [("en", "on"), ("fr", "en")])
def test_the_food_on_the_deciding_amoebas_square_is_said_in_words(lang: str, on: str) -> None:
    """Issue 39: the board draws each colour's cubes as a count beside a silhouette of about 7 CSS px on a phone;
    on the member's own turn the post says, just above the board, the cubes on the square of the amoeba the
    decision is about, each colour in the words of the move menus, in the board's order."""
    feeding = position_where(lambda s, m: m.kind == "eat")
    seat = feeding.actors()[0]
    view = feeding.view_for(None)
    assert view.decision is not None and view.decision.amoeba is not None
    (square,) = [sq for sq in view.squares if any((a.seat, a.number) == view.decision.amoeba for a in sq.amoebas)]
    said = board_note(INFO, feeding, seat, lang)
    assert said is not None
    cubes = [
        t(lang, f"label.ursuppe.cubes.{TABLES.colours[c].id}", count=k)
        for c, k in enumerate(square.food[: view.players])
        if k
    ]
    assert cubes and said == t(lang, "label.ursuppe.legend.food", square=square.name, cubes=", ".join(cubes)), said
    # The word of the board's key beside its food cube (issue 39: the French key said "vivres", the post
    # "Nourriture"; the wider word does not fit the key's square at a phone's 12 CSS px).
    assert said.startswith(f"🍽️ {board_word(lang, 'food_key').capitalize()} {on} {square.name}"), said
    buying = position_where(lambda s, m: m.kind == "buy")
    assert board_note(INFO, buying, buying.actors()[0], lang) is None, "no amoeba: no food to say"
    assert board_note(INFO, feeding, (seat + 1) % 4, lang) is None, "only for the seat to act"


def test_french_says_the_food_with_the_word_of_the_boards_key_everywhere() -> None:
    """One word for the food cubes in French: the posts, menus, events, rules and the board's words all say the
    key's "vivres", never "nourriture" (issue 39)."""
    key = board_word("fr", "food_key")
    assert key == "vivres"
    texts = [*catalog("fr").values(), *WORDS["fr"].values()]
    assert not [text for text in texts if "nourriture" in text.lower()]
    assert key in t("fr", "label.ursuppe.legend.food", square="b2", cubes="1 rouge").lower()


def _deciding_square(state: State) -> tuple[Any, Any]:
    """The view of ``state`` and the square of the amoeba its decision is about."""
    view = state.view_for(None)
    assert view.decision is not None and view.decision.amoeba is not None
    (square,) = [sq for sq in view.squares if any((a.seat, a.number) == view.decision.amoeba for a in sq.amoebas)]
    return view, square


@pytest.mark.parametrize(
    ("lang", "reach", "words"),
    [
        ("en", "🧭 Within reach: ", ("north", "east", "south", "west")),
        ("fr", "🧭 À sa portée\u00a0: ", ("vers le nord", "vers l'est", "vers le sud", "vers l'ouest")),
    ],
)
def test_the_food_where_a_drift_would_take_the_amoeba_is_said_in_words(
    lang: str, reach: str, words: tuple[str, ...]
) -> None:
    """Issue 39: the food on squares other than the deciding one stayed 7 CSS px silhouettes, yet whether to drift
    or to pay for a move turns on it. When the decision may drift the amoeba, a second line says the cubes on
    the square the current takes it to, with its direction, in the board's order of colours. (A move left to
    the die names no square: four squares' food would push the board off a phone's first screen.)"""

    def drifting(s: State, m: Any) -> bool:
        face = FACES[s.cards[-1]] if s.cards else None
        if m.kind != "drift" or face is None or not face.drift:
            return False
        origin = {(seat, n): q for seat, n, q, _ in s.amoebas}[m.seat, m.amoeba]
        return bool(STEP[origin]["NESW".index(face.drift)] != origin)

    state = position_where(drifting)
    seat = state.actors()[0]
    view, square = _deciding_square(state)
    lines = (board_note(INFO, state, seat, lang) or "").split("\n")
    assert lines[1].startswith(reach), lines
    direction = "NESW".index(FACES[state.cards[-1]].drift)
    there = {sq.name: sq for sq in view.squares}[NAMES[STEP[NAMES.index(square.name)][direction]]]
    cubes = [
        t(lang, f"label.ursuppe.cubes.{TABLES.colours[c].id}", count=k)
        for c, k in enumerate(there.food[: view.players])
        if k
    ]
    said = ", ".join(cubes) or t(lang, "label.ursuppe.legend.no_food")
    assert f"{there.name} ({words[direction]})" + ("\u00a0: " if lang == "fr" else ": ") + said in lines[1], lines
    feeding = position_where(lambda s, m: m.kind == "eat")
    assert "🧭" not in (board_note(INFO, feeding, feeding.actors()[0], lang) or ""), "eating moves no amoeba"


@pytest.mark.parametrize(
    ("lang", "said"), [("en", "🩹 Amoeba {n} has 1 damage"), ("fr", "🩹 L'amibe {n} a 1 blessure")]
)
def test_the_deciding_amoebas_damage_is_said_in_words(lang: str, said: str) -> None:
    """A damage is a crimson pip of some 6 CSS px on the amoeba: on the member's own turn the note says it."""

    def damaged(s: State, m: Any) -> bool:
        view = s.view_for(None)
        d = view.decision
        return (
            d is not None
            and d.amoeba is not None
            and any((a.seat, a.number) == d.amoeba and a.damage == 1 for sq in view.squares for a in sq.amoebas)
        )

    state = position_where(damaged)
    view, _ = _deciding_square(state)
    assert view.decision is not None and view.decision.amoeba is not None
    note = board_note(INFO, state, state.actors()[0], lang) or ""
    assert note.split("\n")[-1].startswith(said.format(n=view.decision.amoeba[1])), note


def test_a_position_from_its_text_keeps_its_words() -> None:
    state = position_where(lambda s, m: m.kind == "divide")
    again = from_text(state.to_text())
    seat = again.actors()[0]
    divide = next(m for m in again.legal_moves(seat) if m.kind == "divide")
    said = move_words(INFO, again, again.format_move(divide), "en")
    assert said is not None and said.startswith(f"New amoeba {divide.amoeba} on ")


def test_bp_and_mp_are_said_once_in_words_with_what_the_player_has() -> None:
    buying = position_where(lambda s, m: m.kind == "buy")
    seat = buying.actors()[0]
    legend = move_legend(INFO, buying, seat, "fr")
    # One line on a phone (the post's words under the board): the prices on the buttons say what BP are for.
    assert legend == f"Vous avez {buying.bp[seat]} PE (points d'énergie)."
    assert move_legend(INFO, buying, seat, "en") == f"You have {buying.bp[seat]} BP (bio points)."
    defect = position_where(lambda s, m: m.kind == "pay")
    legend = move_legend(INFO, defect, defect.actors()[0], "en")
    assert legend is not None and legend.startswith("MP = mutation points") and "BP (bio points" in legend
    starting = position_where(lambda s, m: m.kind == "start")
    assert move_legend(INFO, starting, starting.actors()[0], "en") is None, "nothing priced: nothing to explain"


@pytest.fixture
def soup(simcord_env: Any) -> dict[str, Any]:
    """A French server with a games channel and three members."""
    env = simcord_env
    env.settle_timeout = 60.0
    guild = env.create_guild(name="Asso", preferred_locale="fr")
    members = {name: guild.add_member(env.create_user(name)) for name in ("alice", "bob", "chloe")}
    return {"env": env, "channel": guild.create_text_channel("soupe")} | members


@pytest.mark.usefixtures("french")
async def test_a_french_hint_says_the_moves_in_words_alone(soup: dict[str, Any]) -> None:
    # Ursuppe's notation has English verbs and colour letters: a French hint says the move in words, no notation.
    env, channel = soup["env"], soup["channel"]
    players = {soup[name].id: soup[name] for name in ("alice", "bob", "chloe")}
    alice = soup["alice"]
    lobby = (await alice.slash(channel, "game new", game="ursuppe", thread=False, rated=False)).response.message
    await soup["bob"].click(lobby, label=t("fr", "button.join"))
    await soup["chloe"].click(lobby, label=t("fr", "button.join"))
    await alice.click(lobby, label=t("fr", "button.start"))
    match = await env.bot.service.current(channel.id)
    assert match is not None
    (seat,) = match.state.actors()
    actor = players[match.seats[seat]]
    hint = await actor.slash(channel, "game hint")
    (reply,) = [m for m in (hint.response, *hint.followups) if m is not None and m.content]
    assert reply.ephemeral and reply.content.startswith("💡 Plateau (fort) jouerait")
    assert "En case " in reply.content, "the move in words"
    assert "`" not in reply.content and "start" not in reply.content, "no English notation in a French hint"


def test_an_unknown_ai_level_is_answered_with_the_french_level_names() -> None:
    said = t("fr", "match_error.unknown_level", level="expert")
    assert "facile" in said and "fort" in said and not set(words(said)) & {"easy", "strong"}


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_step_of_the_menu_says_its_choices_in_words(lang: str) -> None:
    # A gene with two possible prerequisites to give up, a Holding player's amoebas that may cling with
    # Tentacle cubes: their menus group moves, and a group reads in words too ("Buy · Armor", "Cling · Amoeba 4").
    groups = set()
    for players, seed in ((3, 1), (4, 3), (5, 2), (6, 4), (4, 20), (5, 30)):
        for state in decisions(players, seed):
            root = build(INFO, state, state.actors()[0])
            if root is None or all(choice.step is None for choice in root.choices):
                continue
            match = match_of(state, players)
            for path, step in builder_steps(root):
                for choice, option in zip(step.choices, _options(match, step, lang, public=not path), strict=True):
                    check_said(option.label, lang, choice.move or "", f"{state.step} menu")
                    if choice.step is not None:
                        groups.add(state.step)
    assert {"buy", "cling", "divide", "place", "feed"} <= groups, groups


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_turn_line_offers_staying_put_only_to_a_player_with_holding(lang: str) -> None:
    """Phase 1 without Holding: the turn line names the two choices the buttons carry (drift or move), one line
    shorter on a phone; with Holding it names staying put as well."""
    plain = position(4, amoebas="r1:b2", card="E8")
    holding = position(4, amoebas="r1:b2", genes={0: "holding"}, card="E8")
    said = ursuppe_turn(plain, "alice", lang)
    with_holding = ursuppe_turn(holding, "alice", lang)
    assert said is not None and with_holding is not None
    gene = "Agrippement" if lang == "fr" else "Holding"
    assert gene not in said and gene in with_holding
    assert t(lang, "decision.ursuppe.act_free", amoeba=1) in said


@pytest.mark.parametrize(("lang", "drawn", "gone"), [("en", "ring", "dot"), ("fr", "anneau", "point")])
def test_the_damage_line_names_what_the_board_draws(lang: str, drawn: str, gone: str) -> None:
    """The board draws an amoeba's damage as a red and cream ring around it (a pip was too small on a phone),
    but the line above the board still pointed at "the red dot on it" (the phone shots at six players)."""
    for count in (1, 2):
        said = t(lang, "label.ursuppe.legend.damage", amoeba=3, count=count)
        assert drawn in said and gone not in said, said
