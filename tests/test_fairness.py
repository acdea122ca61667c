"""Provably fair dice and draws: commit, salt, draw, reveal, and the README's script checks it all.

The service commits to a secret seed when a match is created, takes the players' salts until the first
chance step, draws every outcome by HMAC-SHA256 (``bot.app.fairness``) and reveals the seed once the match
is over. The standalone script of the README's "Verifying dice and draws" is run, as written there, on
exports of every game and rule set.
"""

from __future__ import annotations

import hashlib
import hmac
import random
import re
import subprocess
import sys
from collections import Counter
from collections.abc import AsyncIterator
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from bot.app import fairness
from bot.app.i18n import t
from bot.app.matches import LogEntry, LogKind, Match, MatchError, MatchService, MatchStatus, ServiceConfig, effective
from bot.app.records.record import RecordError, check_fair_draws, export_record, parse_record, replay_record
from bot.app.storage import Store
from bot.shell.fairness.fair_chance import board_lines, fairness_lines, final_lines, lobby_text
from tests.botkit import text_of
from tests.test_bot_e2e import assert_board_reply, expect_ephemeral
from tests.test_conformance import CASES, SAMPLES_PER_NODE, Case, chi2, chi2_threshold, distinct_chance_nodes
from tests.test_matches import ALICE, BOB, CAROL, CHANNEL, GUILD, Clock

README = Path(__file__).resolve().parents[1] / "README.md"
SEED = "5eed" * 16
USERS = (ALICE, BOB, CAROL, 4004, 5005, 6006)


@pytest.fixture
async def store() -> AsyncIterator[Store]:
    opened = await Store.open(":memory:")
    yield opened
    await opened.close()


def fixed(seed: str = SEED) -> ServiceConfig:
    """A service configuration whose server seed, and the salts it draws for members, are known in advance
    (the n-th salt drawn is n in 32 hex digits)."""
    drawn = (f"{n:032x}" for n in range(1, 1000))
    return ServiceConfig(server_seed_factory=lambda: seed, salt_factory=lambda: next(drawn))


async def lobby(service: MatchService, game: str, options: dict[str, str], players: int) -> Match:
    """A lobby of ``game`` with ``players`` seated."""
    match = await service.create(game, options, guild_id=GUILD, channel_id=CHANNEL, creator_id=USERS[0])
    for user in USERS[1:players]:
        match = await service.join(match.id, user)
    return match


async def play(service: MatchService, match: Match, rng: random.Random, *, decisions: int) -> Match:
    """Random legal decisions (the first seat to act decides) until the end or ``decisions`` are made."""
    for _ in range(decisions):
        if match.status is not MatchStatus.ACTIVE:
            break
        seat = match.state.actors()[0]
        move = rng.choice(match.state.legal_moves(seat))
        match = (await service.move(match.id, match.seats[seat], match.state.format_move(move))).match
    return match


# The recipe.


def test_the_message_layout_is_the_documented_one() -> None:
    """Scheme name, seat count, each salt with its length, match id, step and attempt, big-endian."""
    assert fairness.message(["ab", "", "é"], 12, 7, 1) == (
        b"plateau-fair-1"
        + b"\x00\x00\x00\x03"
        + b"\x00\x00\x00\x02ab"
        + b"\x00\x00\x00\x00"
        + b"\x00\x00\x00\x02\xc3\xa9"
        + b"\x00\x00\x00\x00\x00\x00\x00\x0c"
        + b"\x00\x00\x00\x07"
        + b"\x00\x00\x00\x01"
    )
    assert fairness.commitment("00" * 32) == hashlib.sha256(bytes(32)).hexdigest()


def test_tickets_are_exactly_uniform_and_outcomes_take_exactly_their_weight() -> None:
    """Every ticket maps to one outcome, and each outcome owns exactly p × total tickets (no rounding)."""
    odds = [("roll:0", Fraction(1, 16)), ("roll:1", Fraction(1, 4)), ("roll:2", Fraction(3, 8))]
    odds.append(("roll:3", 1 - sum((p for _, p in odds), Fraction(0))))
    weights = fairness.weights(p for _, p in odds)
    total = sum(weights)
    assert total == 16 and weights == [1, 4, 6, 5]
    owned = Counter(odds[fairness.select(weights, t)][0] for t in range(total))
    assert {o: Fraction(n, total) for o, n in owned.items()} == dict(odds)
    with pytest.raises(ValueError):
        fairness.weights([Fraction(1, 2), Fraction(1, 3)])


def test_a_rejected_digest_draws_again() -> None:
    """With a total just above 2**255 about half the digests are rejected; the draw stays in range and fixed."""
    total = (1 << 255) + 1
    drawn = [fairness.ticket(SEED, ["a"], 1, step, total) for step in range(1, 40)]
    assert all(0 <= t < total for t in drawn)
    assert drawn == [fairness.ticket(SEED, ["a"], 1, step, total) for step in range(1, 40)]
    # Without rejection the ticket would be the first digest itself: some steps must have gone on.
    firsts = [
        int.from_bytes(hmac.new(bytes.fromhex(SEED), fairness.message(["a"], 1, s), hashlib.sha256).digest(), "big")
        for s in range(1, 40)
    ]
    assert any(f != t for f, t in zip(firsts, drawn, strict=True))


def test_changing_any_one_salt_changes_the_outcome_stream() -> None:
    """Three seats: altering one player's salt (or the seed, or the match) gives other rolls."""
    salts = ["alice's", "bob's", ""]

    def stream(seed: str, salts: list[str], match_id: int = 9) -> list[int]:
        return [fairness.ticket(seed, salts, match_id, step, 6) for step in range(1, 41)]

    reference = stream(SEED, salts)
    for seat in range(3):
        changed = list(salts)
        changed[seat] += "!"
        assert stream(SEED, changed) != reference, f"seat {seat}'s salt does not count"
    assert stream(SEED, ["alice'", "sbob's", ""]) != reference, "the salts' boundaries count"
    assert stream("00" * 32, salts) != reference
    assert stream(SEED, salts, match_id=10) != reference


def test_the_effective_step_skips_what_undos_took_back() -> None:
    """The service's step arithmetic agrees with the effective log, chained undos included."""
    rng = random.Random(4)
    for _ in range(300):
        entries: list[LogEntry] = []
        for ply in range(1, 40):
            kept = effective(entries)
            if kept and rng.random() < 0.2:
                target = rng.choice(kept).ply
                entries.append(LogEntry(ply, LogKind.UNDO, 0, f"undo:{target}", Clock()()))
            else:
                entries.append(LogEntry(ply, LogKind.MOVE, 0, "x", Clock()()))
        undos = [(e.ply, e.notation) for e in entries if e.kind is LogKind.UNDO]
        for step, entry in enumerate(effective(entries), start=1):
            assert fairness.effective_step(entry.ply, undos) == step


@pytest.mark.parametrize("case", [c for c in CASES if c.info.has_chance], ids=lambda c: c.id)
def test_fair_draws_pass_the_conformance_chi_square_check(case: Case) -> None:
    """The conformance suite's frequency check, with every draw made by the fair sampler, step after step."""
    for state in distinct_chance_nodes(case):
        outcomes = state.chance_outcomes()
        weights = fairness.weights(p for _, p in outcomes)
        total = sum(weights)
        salts = [f"{case.id}/{state.to_text()}"]
        # The composed draw is the ticket's pick (checked on a few steps; the ticket is what is random).
        for step in range(1, 30):
            ticket = fairness.ticket(SEED, salts, 1, step, total)
            assert fairness.draw(outcomes, SEED, salts, 1, step) == outcomes[fairness.select(weights, ticket)][0]
        counts = Counter(
            outcomes[fairness.select(weights, fairness.ticket(SEED, salts, 1, step, total))][0]
            for step in range(1, SAMPLES_PER_NODE + 1)
        )
        limit = chi2_threshold(len(outcomes) - 1) if len(outcomes) > 1 else 0.0
        statistic = chi2(counts, outcomes, SAMPLES_PER_NODE)
        assert statistic <= limit, f"{state.to_text()}: chi2={statistic:.1f} > {limit:.1f}"
        # Exact: the tickets, all equally likely, give each outcome exactly its published probability.
        owned = Counter(outcomes[fairness.select(weights, t)][0] for t in range(total))
        assert {o: Fraction(owned[o], total) for o, _ in outcomes} == dict(outcomes)


# Salts.


async def test_salts_are_taken_in_the_lobby_and_locked_by_the_first_draw(store: Store) -> None:
    service = MatchService(store, Clock(), fixed())
    match = await lobby(service, "ur", {"rules": "v2"}, 2)
    assert match.fair is not None and match.fair.commitment == fairness.commitment(SEED)
    match, salt = await service.add_salt(match.id, ALICE, "  my lucky words  ")
    assert salt == "my lucky words"
    match, drawn = await service.add_salt(match.id, BOB)
    assert re.fullmatch(r"[0-9a-f]{32}", drawn)
    match, _ = await service.add_salt(match.id, ALICE, "changed my mind")
    assert match.fair is not None and match.fair.salts_in_seat_order(match.seats) == ("changed my mind", drawn)
    for who, text, key in ((CAROL, "x", "not_seated"), (ALICE, "   ", "bad_salt"), (ALICE, "y" * 101, "bad_salt")):
        with pytest.raises(MatchError) as refused:
            await service.add_salt(match.id, who, text)
        assert refused.value.key == key
    report = await service.start(match.id, ALICE)
    assert report.entries and report.entries[0].kind is LogKind.CHANCE, "Ur draws who starts at once"
    with pytest.raises(MatchError) as locked:
        await service.add_salt(match.id, BOB, "too late")
    assert locked.value.key == "salts_locked"


async def test_the_lobby_says_the_dice_are_sealed_in_plain_words_in_both_languages(store: Store) -> None:
    """A newcomer reads the lobby first: one sentence says the dice are sealed and invites a secret word, with
    no "salt" in it but the command's own name."""
    service = MatchService(store, Clock(), fixed())
    match = await lobby(service, "ur", {"rules": "v2"}, 2)
    match, _ = await service.add_salt(match.id, ALICE, "tea")
    short = fairness.commitment(SEED)[:8]
    (english,) = fairness_lines(match, "en", final=False)
    assert english.startswith("🔒 Dice are sealed before the game") and "add your own secret word" in english
    assert f"`{short}`" in english and "1 of 2 players did" in english, english
    (french,) = fairness_lines(match, "fr", final=False)
    assert french.startswith("🔒 Les dés sont scellés avant la partie") and "mot secret" in french
    assert f"`{short}`" in french and "1 joueur sur 2 l'a fait" in french, french
    for line in (english, french):
        assert "🧂" not in line and "salt" not in line.replace("/game salt", "").lower(), line


async def test_a_player_leaving_the_lobby_takes_their_salt_along(store: Store) -> None:
    service = MatchService(store, Clock(), fixed())
    match = await lobby(service, "ursuppe", {}, 3)
    await service.add_salt(match.id, BOB, "bob")
    await service.add_salt(match.id, CAROL, "carol")
    match = await service.leave(match.id, BOB)
    assert match.fair is not None and match.fair.salts_in_seat_order(match.seats) == ("", "carol")
    assert SEED not in lobby_text(match, "en")
    await service.join(match.id, 4004)
    closed = (await service.abort(match.id, ALICE)).match
    assert closed.status is MatchStatus.ABORTED and "revealed" in lobby_text(closed, "en"), "a closed lobby says so"
    assert SEED not in lobby_text(closed, "en"), "the seed in full only in /game verify"


async def test_salts_stay_open_until_a_game_without_an_opening_draw_draws(store: Store) -> None:
    """Subulata on the fixed layout starts with the set-ups (decisions): salts count until the first draw."""
    service = MatchService(store, Clock(), fixed())
    match = await lobby(service, "subulata", {"layout": "fixed"}, 2)
    report = await service.start(match.id, ALICE)
    assert report.entries == ()
    await service.add_salt(match.id, BOB, "after the start, before any draw")
    await service.move(match.id, ALICE, "setup random")
    with pytest.raises(MatchError) as locked:
        await service.add_salt(match.id, ALICE, "now")
    assert locked.value.key == "salts_locked"


async def test_a_match_from_before_has_no_commitment_and_takes_no_salt(store: Store, tmp_path: Path) -> None:
    service = MatchService(store, Clock(), ServiceConfig(fair=False))
    match = await lobby(service, "ur", {"rules": "v2"}, 2)
    assert match.fair is None and fairness_lines(match, "en", final=True) == []
    with pytest.raises(MatchError) as refused:
        await service.add_salt(match.id, ALICE, "x")
    assert refused.value.key == "not_verifiable"
    finished = (await service.abort(match.id, ALICE)).match
    text = export_record(finished, await service.history(match.id), ["A", "B"])
    assert parse_record(text).scheme is None
    verdict = run_script(text, tmp_path)
    assert verdict.returncode != 0 and "not verifiable" in verdict.stderr


# Draws, undo, reveal.


async def test_the_draws_are_the_recipe_of_the_committed_seed_and_the_salts(store: Store) -> None:
    service = MatchService(store, Clock(), fixed())
    match = await lobby(service, "ursuppe", {}, 3)
    await service.add_salt(match.id, BOB, "bob's")
    match = (await service.start(match.id, ALICE)).match
    match = await play(service, match, random.Random(2), decisions=40)
    assert match.fair is not None
    salts = match.fair.salts_in_seat_order(match.seats)
    assert salts == (f"{1:032x}", "bob's", f"{2:032x}"), "members without a salt get one drawn at the start"
    state = match.game.new(3, match.options)
    draws = 0
    for step, entry in enumerate(effective(await service.history(match.id)), start=1):
        if entry.kind is LogKind.CHANCE:
            expected = fairness.draw(state.chance_outcomes(), SEED, salts, match.id, step)
            assert entry.notation == state.format_move(expected)
            draws += 1
        state = state.apply(state.parse_move(entry.notation, entry.seat))
    assert draws > 5


async def test_a_taken_back_move_cannot_re_roll(tmp_path: Path) -> None:
    """Ultima-Tek: a move taken back and played again meets exactly the draws of the match without the undo."""
    lines = []
    for undo in (False, True):
        opened = await Store.open(tmp_path / f"undo-{undo}.db")
        service = MatchService(opened, Clock(), fixed())
        match = await lobby(service, "ultimatek", {}, 2)
        match = (await service.start(match.id, ALICE)).match
        rng = random.Random(8)
        seat = match.state.actors()[0]
        first = match.state.format_move(rng.choice(match.state.legal_moves(seat)))
        report = await service.move(match.id, match.seats[seat], first)
        assert len(report.entries) == 1, "the first move draws nothing"
        if undo:
            _, request = await service.request_undo(match.id, match.seats[seat])
            await service.answer_undo(match.id, match.seats[1 - seat], accept=True, version=request.version)
            report = await service.move(match.id, match.seats[seat], first)
        match = await play(service, report.match, rng, decisions=60)
        history = await service.history(match.id)
        lines.append([(e.kind, e.notation) for e in effective(history)])
        if undo:
            assert any(e.kind is LogKind.UNDO for e in history)
            match = (await service.abort(match.id, ALICE)).match
            verdict = run_script(export_record(match, await service.history(match.id), ["A", "B"]), tmp_path)
            assert verdict.returncode == 0 and verdict.stdout.startswith("all "), verdict.stderr
        await opened.close()
    without, with_undo = lines
    assert sum(kind is LogKind.CHANCE for kind, _ in without) > 3
    assert with_undo == without


async def test_the_seed_is_revealed_only_when_the_match_ends(store: Store, tmp_path: Path) -> None:
    """The commitment's fingerprint on the first board and the status, the seed said revealed on the final board;
    the seed in full only in the export (and /game verify)."""
    service = MatchService(store, Clock(), fixed())
    match = await lobby(service, "ultimatek", {}, 2)
    report = await service.start(match.id, ALICE)
    first = "\n".join(board_lines(report.match, "en", report))
    committed = fairness.commitment(SEED)
    assert f"`{committed[:8]}`" in first and committed not in first and SEED not in first
    match = await play(service, report.match, random.Random(1), decisions=30)
    export = export_record(match, await service.history(match.id), ["A", "B"])
    running = "\n".join(fairness_lines(match, "fr", final=True))
    assert SEED not in running + export and committed[:8] in running and committed in export
    verdict = run_script(export, tmp_path)
    assert verdict.returncode != 0 and "not verifiable" in verdict.stderr
    report = await service.resign(match.id, ALICE)
    final = "\n".join(board_lines(report.match, "en", report))
    assert "revealed" in final and committed[:8] in final and SEED not in final
    record = parse_record(export_record(report.match, await service.history(match.id), ["A", "B"]))
    assert record.server_seed == SEED and check_fair_draws(record) > 0
    assert replay_record(record) == report.match.state


async def test_plateau_refuses_a_record_with_a_bent_draw_or_a_wrong_seed(store: Store) -> None:
    service = MatchService(store, Clock(), fixed())
    match = await finished_match(service, CASES[0], random.Random(3))
    text = export_record(match, await service.history(match.id), ["A", "B"])
    assert check_fair_draws(parse_record(text)) > 0
    with pytest.raises(RecordError, match="commitment"):
        check_fair_draws(parse_record(text.replace(SEED, "00" * 32)))
    with pytest.raises(RecordError, match="committed draw"):
        check_fair_draws(parse_record(bend(text)))


# The README's script.


def readme_script() -> str:
    """The Python block of the README's section "Verifying dice and draws"."""
    section = README.read_text(encoding="utf-8").split("## Verifying dice and draws", 1)[1].split("\n## ", 1)[0]
    (script,) = re.findall(r"```python\n(.*?)```", section, flags=re.DOTALL)
    return script


def run_script(record: str, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    """Run the README's script on a record, with nothing of Plateau importable."""
    (tmp_path / "verify.py").write_text(readme_script(), encoding="utf-8")
    (tmp_path / "record.txt").write_text(record, encoding="utf-8")
    return subprocess.run(
        [sys.executable, "-I", "verify.py", "record.txt"], cwd=tmp_path, capture_output=True, text=True, timeout=60
    )


def bend(text: str) -> str:
    """The record with one chance outcome replaced by another outcome the game offered there."""
    lists = dict(line.split(" ", 1) for line in text.split("outcomes:\n", 1)[1].splitlines())
    for line in text.split("moves:\n", 1)[0].splitlines() + text.split("moves:\n", 1)[1].splitlines():
        parts = line.split(" ", 3)
        if len(parts) == 4 and parts[1] == "chance" and parts[0] in lists:
            offered = re.findall(r'\["((?:[^"\\]|\\.)*)",', lists[parts[0]])
            others = [o for o in offered if o != parts[3]]
            if others:
                return text.replace(f"\n{line}\n", f"\n{' '.join(parts[:3])} {others[0]}\n", 1)
    raise AssertionError("no chance entry with a choice")


async def finished_match(service: MatchService, case: Case, rng: random.Random) -> Match:
    """A match of ``case`` with a salt or two, played at random; aborted if it is still running after 150."""
    match = await lobby(service, case.info.id, dict(case.options), case.players)
    await service.add_salt(match.id, match.seats[-1], f"salt of {case.id}")
    await service.add_salt(match.id, match.seats[0])
    match = (await service.start(match.id, match.seats[0])).match
    match = await play(service, match, rng, decisions=150)
    if match.status is MatchStatus.ACTIVE:
        # By a moderator: with three or more players, the creator's own abort of a rated match under way is their
        # resignation, and the AI would play on for them.
        match = (await service.abort(match.id, match.creator_id, moderator=True)).match
    return match


def test_the_readme_script_is_short_and_standard_library_only() -> None:
    script = readme_script()
    assert len(script.splitlines()) <= 50  # the dice and, since issue 29, the seals of chosen secrets
    imported = set(re.findall(r"^import (.+)$", script, flags=re.MULTILINE)[0].replace(" ", "").split(","))
    assert imported <= set(sys.stdlib_module_names)
    assert not re.search(r"^\s*from \S+ import", script, flags=re.MULTILINE)


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
async def test_the_readme_script_verifies_every_game_and_catches_a_bent_draw(case: Case, tmp_path: Path) -> None:
    store = await Store.open(":memory:")
    try:
        service = MatchService(store, Clock(), fixed(hashlib.sha256(case.id.encode()).hexdigest()))
        match = await finished_match(service, case, random.Random(case.id))
        history = await service.history(match.id)
        text = export_record(match, history, [f"P{i}" for i in range(case.players)])
    finally:
        await store.close()
    draws = sum(e.kind is LogKind.CHANCE for e in effective(history))
    assert draws > 0 or not case.info.has_chance
    done = run_script(text, tmp_path)
    assert done.returncode == 0 and done.stdout.strip() == f"all {draws} outcomes match", done.stderr
    bent = run_script(bend(text), tmp_path)
    assert bent.returncode != 0 and re.match(r"ply \d+: the record says", bent.stderr), bent.stderr


# On Discord (SimCord).


def hex64(text: str) -> list[str]:
    """Every 64-digit hex string in ``text``."""
    return re.findall(r"[0-9a-f]{64}", text)


def fingerprints(text: str) -> list[str]:
    """Every 8-digit hex fingerprint quoted as code in ``text``."""
    return re.findall(r"`([0-9a-f]{8})`", text)


async def test_on_discord_the_commitment_shown_at_the_start_hashes_the_seed_revealed_at_the_end(
    simcord_env: Any, tmp_path: Path
) -> None:
    """Said often, the commitment is a short fingerprint (lobby card, first post, status, last post); its full
    value, and the seed at the end, are in /game verify, which opens with one sentence of verdict."""
    env = simcord_env
    guild = env.create_guild(name="Association")
    channel = guild.create_text_channel("ur")
    alice, bob = (guild.add_member(env.create_user(name)) for name in ("alice", "bob"))
    lobby = (await alice.slash(channel, "game new", game="ur:v2", thread=False)).response.message
    card = lobby.embeds[0].description or ""
    (short,) = fingerprints(card)
    assert not hex64(card), "no 64 hex digits on the lobby card"
    await bob.click(lobby, label="Join")
    salted = await bob.click(lobby, label="Add my secret word")
    assert salted.response.ephemeral and "Your secret word" in salted.response.content
    typed = await alice.slash(channel, "game salt", text="alice was here")
    assert typed.response.ephemeral and "alice was here" in typed.response.content
    assert "2 of 2 players did" in (channel.history()[0].embeds[0].description or ""), "the lobby card counts them"

    board = await assert_board_reply(await bob.click(lobby, label="Start"), channel)
    assert fingerprints(text_of(board)) == [short] and not hex64(text_of(board)), "the first board: the fingerprint"
    await expect_ephemeral(await bob.slash(channel, "game salt", text="late"), "locked", env=env)
    status = await bob.slash(channel, "game status")
    assert short in str(status.response.embeds[0].to_dict()) and not hex64(str(status.response.embeds[0].to_dict()))
    running = await bob.slash(channel, "game verify")
    shown = running.response.embeds[0]
    (committed,) = hex64(str(shown.to_dict()))
    assert committed.startswith(short)
    assert shown.description == t("en", "fair.verdict.running", id=shown.title.split("#")[-1], fingerprint=short)
    match = await env.bot.service.current(channel.id)
    assert match is not None and match.fair is not None
    seed = match.fair.server_seed
    assert seed not in str(shown.to_dict()) + str(status.response.embeds[0].to_dict())

    for _ in range(6):
        match = await env.bot.service.current(channel.id)
        assert match is not None
        (uid,) = match.to_act()
        player = alice if uid == alice.id else bob
        await player.slash(channel, "game move", move=match.state.format_move(match.state.legal_moves()[-1]))
    ask = await alice.slash(channel, "game resign")
    final = await assert_board_reply(await alice.click(ask.response.message, label="Yes, resign"), channel)
    assert fingerprints(text_of(final)) == [short] and not hex64(text_of(final)), "the last post: the fingerprint"
    assert hashlib.sha256(bytes.fromhex(seed)).hexdigest() == committed

    verified = await bob.slash(channel, "game verify")
    (answer,) = [m for m in (verified.response, *verified.followups) if m is not None and m.embeds]
    embed = answer.embeds[0]
    assert embed.description == t("en", "fair.verdict.fair", id=match.id), "one plain sentence of verdict first"
    assert "All " in str(embed.to_dict()) and seed in str(embed.to_dict()) and committed in str(embed.to_dict())
    export = await bob.slash(channel, "game export")
    (record_file,) = export.response.attachments
    done = run_script((await record_file.read()).decode(), tmp_path)
    assert done.returncode == 0 and done.stdout.startswith("all "), done.stderr


async def test_the_final_post_reveals_the_seed_and_the_sealed_choices_in_one_line(store: Store) -> None:
    """Under an ended match's final board the revealed seed and the revealed secret choices took two or three lines
    of a phone each, and pushed the board's top off the first screen (Ultima-Tek, the phone tour of issue 39):
    one line says both, with the fingerprint shown at the start."""
    service = MatchService(store, Clock(), fixed())
    match = await lobby(service, "ultimatek", {}, 2)
    report = await service.start(match.id, ALICE)
    report = await service.resign(report.match.id, ALICE)
    short = fairness.commitment(SEED)[:8]
    for lang in ("en", "fr"):
        (line,) = final_lines(report.match, lang, 12)
        assert f"`{short}`" in line and "12" in line and "🔓" in line, line
    assert final_lines(report.match, "en", 0) == fairness_lines(report.match, "en", final=True)
