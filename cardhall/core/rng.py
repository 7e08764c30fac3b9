"""Seeded randomness. Every chance event of a game draws from `chance_rng(seed, n)` (or,
for raw random bits only, `chance_bytes(seed, n, size)`).

A state keeps only its seed and a counter of chance events, so cloning it is two integer
copies, and a replay from the same seed draws the same cards in the same order.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable
from functools import cache
from hashlib import shake_128
from struct import Struct

from cardhall.core.i18n import N_, Msg

MAX_SEED = 2**63 - 1


def new_seed() -> int:
    """A fresh random seed for a game started without one."""
    return secrets.randbelow(MAX_SEED)


def chance_rng(seed: int, n: int) -> random.Random:
    """The generator for the `n`-th chance event of the game with this seed."""
    return random.Random((seed << 20) ^ n)


def chance_bytes(seed: int, n: int, size: int) -> bytes:
    """`size` random bytes for the `n`-th chance event of the game with this seed.

    For an event that needs only raw random bits (a shuffle by random keys), in place of
    `chance_rng`: the SHAKE-128 stream of the seed and `n`, deterministic, and independent
    across seeds and events like `chance_rng`, but about five times cheaper than seeding a
    `random.Random` (which initialises a 2.5 KB Mersenne Twister state, about 6 µs).
    """
    return shake_128(b"%d:%d" % (seed, n)).digest(size)


def chance_permutation(seed: int, n: int, size: int) -> list[int]:
    """`range(size)` in a uniformly random order: the shuffle of the `n`-th chance event.

    Each position gets a random 64-bit key from `chance_bytes` and the positions are sorted
    by key, a few C calls in all; equal keys (probability below 10⁻¹⁵ for 52 cards) keep
    their order.
    """
    digest = shake_128(b"%d:%d" % (seed, n)).digest(8 * size)
    if 1 < size <= 256:
        order = _sort_by_top_bits(digest, size)
        if order is not None:
            return [*order]
    keys = _keys(size)(digest)
    return sorted(range(size), key=keys.__getitem__)


def chance_permutation_bytes(seed: int, n: int, size: int) -> bytes:
    """`bytes(chance_permutation(seed, n, size))`, for `size` up to 256, a little cheaper."""
    if 1 < size <= 256:
        order = _sort_by_top_bits(shake_128(b"%d:%d" % (seed, n)).digest(8 * size), size)
        if order is not None:
            return order
    return bytes(chance_permutation(seed, n, size))


def _sort_by_top_bits(digest: bytes, size: int) -> bytes | None:
    """The positions sorted by the top 16 bits of their keys, or None if two of those tie
    (for 52 keys, about one shuffle in fifty).

    Without a tie this is exactly the order of the full keys. The words sorted are
    ``key >> 48 << 8 | position``, below 2³⁰, which CPython compares fastest; they are
    built, and the positions read back, by byte slicing.
    """
    unpack, pack, positions, lanes, add, top = _words(size)
    words = bytearray(4 * size)
    words[0::4] = positions
    words[1::4] = digest[6::8]
    words[2::4] = digest[7::8]
    packed = pack(*sorted(unpack(words)))
    # A tie is two neighbours equal above the position byte: a zero 32-bit lane in the
    # xor of the sorted words with their successors (adding 2³¹ − 2⁸ sets bit 31 of every
    # nonzero lane, as the lanes are multiples of 2⁸ below 2²⁴).
    x = int.from_bytes(packed, "little")
    if ((x ^ x >> 32) & lanes) + add & top != top:
        return None
    return packed[0::4]


@cache
def _words(size: int) -> tuple[Callable[[bytearray], tuple[int, ...]], Callable[..., bytes], bytes, int, int, int]:
    pairs = range(size - 1)
    return (
        Struct(f"<{size}I").unpack,
        Struct(f"<{size}I").pack,
        bytes(range(size)),
        sum(0xFFFF00 << 32 * i for i in pairs),
        sum((2**31 - 2**8) << 32 * i for i in pairs),
        sum(2**31 << 32 * i for i in pairs),
    )


@cache
def _keys(size: int) -> Callable[[bytes], tuple[int, ...]]:
    return Struct(f"<{size}Q").unpack


def check_seed(seed: object) -> int:
    """Return `seed` if it is a valid game seed, else raise `ValueError` saying why."""
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise ValueError(Msg(N_("a seed must be a whole number from 0 to {maximum}, got {value}"),
                             maximum=MAX_SEED, value=repr(seed)))
    return seed
