"""Provably fair chance: commit to a secret seed, let the players salt it, reveal it at the end.

The scheme ``plateau-fair-1``, in full (the README's "Verifying dice and draws" repeats it, with a
standalone script that checks a match record):

1. When a match is created, the bot draws a **server seed**: 32 random bytes from :mod:`secrets`,
   written as 64 hex digits. Its **commitment** is the SHA-256 of those 32 bytes in hex: its short fingerprint
   (:func:`fingerprint`) is shown on the lobby card, on the first board and in ``/game status``, the full value
   in ``/game verify`` and the export; the seed itself stays secret.
2. Every seated player may add a **salt** (``/game salt``: any text of theirs; or the lobby's "Add my
   salt" button, which draws 16 random bytes for them as 32 hex digits when they click) until the match's
   first chance step. A later salt is refused: the salts are then locked. When the match starts, every
   seated member still without a salt gets their **standing salt** (``/plateau salt``, kept for all their
   matches) or, without one, a salt drawn for them like the button's; so every member's seat has a salt
   before the first draw, even in a match created and started in one go (an event's game, a rematch).
   ``/game verify`` says for each seat whether its salt was the member's own text, their standing salt or
   drawn for them. (AI seats have no salt: their length is 0, as in the layout below.)
3. The chance entry that is the ``step``-th entry of the effective log (the log without the entries an
   undo took back, nor the undo entries themselves; with no undo, ``step`` is the entry's ply) is drawn
   from ``HMAC-SHA256(key, message)`` with ``key`` the 32 seed bytes and ``message`` these bytes, every
   integer unsigned and big-endian::

       b"plateau-fair-1"                      14 ASCII bytes: the scheme
       u32  number of seats
       per seat, in seat order:
         u32  length of the seat's salt in UTF-8 bytes (0 without a salt)
         ...  the salt's UTF-8 bytes
       u64  match id
       u32  step
       u32  attempt                           0; 1, 2, ... only after a rejection (below)

4. The engine enumerates the outcomes of the chance node with exact probabilities ``p_i`` (in the order of
   ``chance_outcomes()``). With ``total`` the least common multiple of their denominators, outcome ``i``
   weighs the integer ``w_i = p_i × total``. The digest read as an integer ``v`` (0 ≤ v < 2**256) is
   accepted when ``v < 2**256 − (2**256 mod total)`` (otherwise the next attempt is drawn: rejection
   sampling, so every ticket is exactly equally likely); the ticket ``v mod total`` selects the first
   outcome whose running sum of weights exceeds it.
5. When the match ends (finished or aborted) the seed is revealed on the final board, in ``/game verify``
   and in the export, which lists every chance step's outcomes with their weights, so anyone can redo
   steps 3–4 without Plateau and check that SHA-256 of the seed is the commitment shown at the start.

Why nobody alone can steer it: the bot is bound to its seed before any salt exists (the commitment is
public from the lobby on), and a player who picks a salt cannot predict its effect without the seed. The
seed is revealed only at the end because it determines hidden information (Ultima-Tek's bag draws,
random set-ups), while set-ups that players choose are moves, never drawn from it. A taken-back move
cannot re-roll: the draw at a step depends only on the seed, the salts, the match and the step, and
undoing a move and playing it again reaches the same step. One typed salt from any player suffices:
with no salt at all, whoever runs the bot could have chosen the seed in advance, and a salt drawn by the
button is only as trustworthy as the bot, so a player who wants to rely on nobody types their own. A
standing salt is no better than a drawn one on that count: it existed before the seed was drawn, so a bot
that cheated could pick its seed knowing it. It guards the honest case (no match is drawn from the seed
alone), and whoever wants more types a salt after the commitment is shown, which a lobby always allows.

Secrets proven kept: the scheme ``plateau-seal-1``
---------------------------------------------------

The seed proves what chance decided; a secret a player *chooses* is proven by a **seal**. Which secrets:
every decision (a move, or one the clock made) whose notation the game writes differently in public
(:attr:`games.base.GameInfo.public_notation`): Subulata's set-up typed by its player (the nine values,
``white setup 371946825``, fixed once, when the set-up is played) and Ultima-Tek's bonus placed face down
(``place fly c3``: the kind, fixed when it is placed in phase 3 of its player's turn; revealing it later
shows it, discarding it unseen never does until the end). What chance deals is *not* sealed: the seed's
commitment already covers it (a random Subulata set-up, ``setup:0:371946825``, Ultima-Tek's bag draws into
a hand, ``draw:0:fly``, and the kick-off).

1. When such a decision is logged at ply ``ply`` by seat ``seat``, the bot draws a fresh **nonce** of 16
   random bytes (:func:`secrets.token_bytes`, written as 32 hex digits) and seals the decision's canonical
   notation (exactly the text of its log entry) with ``SHA-256`` over these bytes, every integer unsigned
   and big-endian::

       b"plateau-seal-1"                      14 ASCII bytes: the scheme
       u64  match id
       u32  ply                               the log entry's ply (undo entries counted: plies never move)
       u32  seat
       u32  length of the notation in UTF-8 bytes
       ...  the notation's UTF-8 bytes        the secret
       16 bytes  the nonce

   The nonce and the secret stay in the bot's database (the secret is the log entry itself); the seal (the
   hex digest) is stored beside them and committed to on the next public turn post (step 3).
   The nonce makes the seal say nothing of the secret: without it, nine values or a bonus kind are few
   enough to try them all against the seal.
2. When the match ends, ``/game verify`` recomputes every seal from the logged decision and its nonce, and
   checks that every secret decision has one; the export lists each seal as ``ply seat seal nonce`` (the
   nonce ``-`` while the match runs), so the README's script checks them too. A secret changed in the
   database after it was sealed, or a nonce changed, no longer gives the seal; a seal rewritten to fit no
   longer gives the chain code the turn post showed when the secret was fixed (step 3).
3. A turn post says its seals in one short line: how many, and the **chain code** after the last of them
   (:func:`seal_chain`). The chain runs over every seal of the match in ply order: the code after a seal is
   ``SHA-256(b"plateau-seal-chain-1" + the code before it (32 bytes; nothing before the first seal) + the
   seal as its 64 hex digits, UTF-8)``. A code thus commits to every seal before it, and is public before
   any nonce is: a seal rewritten afterwards changes every later code, which then no longer matches the
   one the turn post showed. ``/game verify`` lists the codes each player's run of seals ended at.

Everything here is pure: no storage, no Discord.
"""

from __future__ import annotations

import hashlib
import hmac
import math
import secrets
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from types import MappingProxyType
from typing import Any

SCHEME = "plateau-fair-1"
"""The name of the recipe above, stored per match and written into every record."""
SEED_BYTES = 32
MAX_SALT = 100
"""Longest salt text accepted, in characters."""
OWN, STANDING, DRAWN = "own", "standing", "drawn"
"""Where a member's salt for a match came from: text they gave that match (``/game salt``), their standing
salt (``/plateau salt``), or drawn for them by the bot (the lobby's button, or at the start)."""

_SPACE = 1 << 256


@dataclass(frozen=True, slots=True)
class Fairness:
    """What a match needs to draw chance fairly: the scheme, the secret seed, its commitment, the salts."""

    scheme: str
    server_seed: str = field(repr=False)
    """64 hex digits; secret until the match has ended (kept out of ``repr``, hence out of logs)."""
    commitment: str
    salts: Mapping[int, str] = field(default_factory=lambda: MappingProxyType({}))
    """Salt by user id (users without one are absent)."""
    seals: str | None = None
    """:data:`SEAL_SCHEME` when the match seals its players' chosen secrets; None for a match from before."""

    def salts_in_seat_order(self, seats: Sequence[int]) -> tuple[str, ...]:
        """One salt per seat (empty for a player who gave none), in seat order."""
        return tuple(self.salts.get(uid, "") for uid in seats)


def new_server_seed() -> str:
    """A fresh secret server seed (64 hex digits)."""
    return secrets.token_hex(SEED_BYTES)


def random_salt() -> str:
    """A salt drawn for a player who asks the bot for one (32 hex digits)."""
    return secrets.token_hex(16)


def commitment(server_seed: str) -> str:
    """SHA-256 of the seed's bytes, in hex: what is published before any salt or draw."""
    return hashlib.sha256(bytes.fromhex(server_seed)).hexdigest()


FINGERPRINT = 8
"""Hex digits of the commitment shown where it is said often (the lobby card, the first and the last post, the
status card): enough to recognise it; the full value is in ``/game verify`` and the export."""


def fingerprint(commitment_hex: str) -> str:
    """The commitment's short fingerprint: its first :data:`FINGERPRINT` hex digits."""
    return commitment_hex[:FINGERPRINT]


def clean_salt(text: str) -> str | None:
    """A salt as stored (stripped), or None when it is empty or longer than :data:`MAX_SALT`."""
    text = text.strip()
    return text if 0 < len(text) <= MAX_SALT else None


def message(salts: Sequence[str], match_id: int, step: int, attempt: int = 0) -> bytes:
    """The HMAC message of one draw (layout in the module docstring)."""
    parts = [SCHEME.encode("ascii"), len(salts).to_bytes(4, "big")]
    for salt in salts:
        raw = salt.encode("utf-8")
        parts += [len(raw).to_bytes(4, "big"), raw]
    parts += [match_id.to_bytes(8, "big"), step.to_bytes(4, "big"), attempt.to_bytes(4, "big")]
    return b"".join(parts)


def ticket(server_seed: str, salts: Sequence[str], match_id: int, step: int, total: int) -> int:
    """A number in ``range(total)``, exactly uniform, drawn for one step (rejection sampling)."""
    if total < 1:
        raise ValueError("a draw needs at least one ticket")
    key = bytes.fromhex(server_seed)
    limit = _SPACE - _SPACE % total
    attempt = 0
    while True:
        digest = hmac.new(key, message(salts, match_id, step, attempt), hashlib.sha256).digest()
        value = int.from_bytes(digest, "big")
        if value < limit:
            return value % total
        attempt += 1


def weights(probabilities: Iterable[Fraction]) -> list[int]:
    """Integer weights over the common denominator of ``probabilities``, which must sum to exactly 1."""
    found = list(probabilities)
    total = math.lcm(*(p.denominator for p in found))
    result = [p.numerator * (total // p.denominator) for p in found]
    if sum(result) != total:
        raise ValueError(f"chance probabilities sum to {sum(found)}, not 1")
    return result


def select(weights_: Sequence[int], ticket_number: int) -> int:
    """The index of the outcome a ticket selects: the first whose running sum of weights exceeds it."""
    for index, weight in enumerate(weights_):
        if ticket_number < weight:
            return index
        ticket_number -= weight
    raise ValueError("ticket beyond the total weight")


def draw(
    outcomes: Sequence[tuple[Any, Fraction]], server_seed: str, salts: Sequence[str], match_id: int, step: int
) -> Any:
    """The outcome of one chance step under :data:`SCHEME`."""
    if not outcomes:
        raise ValueError("no chance outcomes to draw from")
    found = weights(p for _, p in outcomes)
    return outcomes[select(found, ticket(server_seed, salts, match_id, step, sum(found)))][0]


def effective_step(ply: int, undos: Iterable[tuple[int, str]]) -> int:
    """The position in the effective log of the entry written at log ply ``ply``.

    ``undos`` are the (ply, ``undo:N``) entries written before it. An undo at ply U taking back from N
    removes plies N..U (whatever of them was still in force, and itself), so the removed plies are the
    union of those ranges.
    """
    spans = sorted((int(notation.split(":", 1)[1]), at) for at, notation in undos if at < ply)
    removed, reach = 0, 0
    for start, end in spans:
        start = max(start, reach + 1)
        if end >= start:
            removed += end - start + 1
            reach = end
    return ply - removed


SEAL_SCHEME = "plateau-seal-1"
"""The name of the seal recipe (module docstring), stored per match and written into every record."""
NONCE_BYTES = 16


@dataclass(frozen=True, slots=True)
class Seal:
    """The commitment to one chosen secret: the log entry it seals, the digest, and the nonce (secret)."""

    ply: int
    seat: int
    commitment: str
    """64 hex digits, public from the turn post on (as its :func:`fingerprint`)."""
    nonce: str = field(repr=False)
    """32 hex digits; secret until the match has ended (kept out of ``repr``, hence out of logs)."""


def new_nonce() -> str:
    """A fresh nonce for one seal (32 hex digits)."""
    return secrets.token_bytes(NONCE_BYTES).hex()


def seal_bytes(match_id: int, ply: int, seat: int, notation: str, nonce: str) -> bytes:
    """The bytes a seal hashes (layout in the module docstring)."""
    secret = notation.encode("utf-8")
    return b"".join(
        [
            SEAL_SCHEME.encode("ascii"),
            match_id.to_bytes(8, "big"),
            ply.to_bytes(4, "big"),
            seat.to_bytes(4, "big"),
            len(secret).to_bytes(4, "big"),
            secret,
            bytes.fromhex(nonce),
        ]
    )


def seal(match_id: int, ply: int, seat: int, notation: str, nonce: str) -> Seal:
    """The seal of the secret decision ``notation`` logged at ``ply`` by ``seat``, with ``nonce``."""
    digest = hashlib.sha256(seal_bytes(match_id, ply, seat, notation, nonce)).hexdigest()
    return Seal(ply, seat, digest, nonce)


SEAL_CHAIN = b"plateau-seal-chain-1"
"""The prefix of each step of the seal chain (module docstring, step 3)."""


def seal_chain(seals: Iterable[Seal]) -> list[str]:
    """The chain code (64 hex digits) after each of ``seals``, taken in ply order (module docstring, step 3)."""
    codes: list[str] = []
    before = b""
    for found in sorted(seals, key=lambda s: s.ply):
        # The seal's text, as stored and exported: a seal rewritten to a non-hex text still chains (and differs).
        before = hashlib.sha256(SEAL_CHAIN + before + found.commitment.encode("utf-8")).digest()
        codes.append(before.hex())
    return codes


def seal_holds(match_id: int, found: Seal, notation: str) -> bool:
    """True when ``found`` is the seal of ``notation`` (the log entry at its ply) under its nonce."""
    try:
        again = seal(match_id, found.ply, found.seat, notation, found.nonce)
    except ValueError:  # a nonce that is not hex
        return False
    return hmac.compare_digest(again.commitment, found.commitment)
