"""Checks of the arguments the package hands to the library (private).

A Python int does not fit a C ``int`` or ``uint64_t`` by itself, and ctypes
cuts one that is too large down to its low bits without a word; a str can
hold a NUL, which ends a C string early; any object is true or false. So
every value a caller gives is checked here first, and refused with a
message that names the argument and what was wanted, ``seat: want an
integer 0..3 (got 4294967296)``, the way the command-line tools word their
refusals. Nothing here is a rule of the game: the library says what is
legal; this only says what a C call can be given.
"""

from __future__ import annotations

from typing import Any, Optional, Sequence

from .errors import InvalidArgument, InvalidType, ParseError, short

U64 = 2**64
INT_MIN, INT_MAX = -(2**31), 2**31 - 1


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def int_arg(what: str, v: Any, lo: int = INT_MIN, hi: int = INT_MAX, want: Optional[str] = None) -> int:
    """v as an int in lo..hi; InvalidType for another type, InvalidArgument
    out of range. ``want`` words the range (default ``lo..hi``)."""
    want = want or f"an integer {lo}..{hi}"
    if not _is_int(v):
        raise InvalidType(f"{what}: want {want} (got {short(v)}, a {type(v).__name__})", token=short(v))
    if not lo <= v <= hi:
        raise InvalidArgument(f"{what}: want {want} (got {v})", token=str(v))
    return v


def seed_arg(what: str, v: Any) -> int:
    """A 64-bit seed: 0..2**64-1 (never reduced modulo 2**64)."""
    return int_arg(what, v, 0, U64 - 1, "an integer 0..2**64-1")


def bool_arg(what: str, v: Any) -> bool:
    """True or False, nothing else (``'no'`` is a str, not False)."""
    if not isinstance(v, bool):
        raise InvalidType(f"{what}: want True or False (got {short(v)})", token=short(v))
    return v


def choice_arg(what: str, v: Any, names: Sequence[str]) -> int:
    """The index of v in names; InvalidArgument naming them otherwise."""
    if isinstance(v, str) and v in names:
        return list(names).index(v)
    raise InvalidArgument(f"{what}: want one of {', '.join(names)} (got {short(v)})", token=short(v))


def text_arg(what: str, v: Any) -> bytes:
    """A str as the C string the library reads: UTF-8 with no NUL inside
    (a NUL would end it there and the rest would be lost) and no lone
    surrogate (``'\\ud800'``: no UTF-8 can hold one); either is a
    :class:`ParseError` naming its position, never a UnicodeEncodeError."""
    if not isinstance(v, str):
        raise InvalidType(f"{what}: want text, a str (got {short(v)}, a {type(v).__name__})", token=short(v))
    if "\0" in v:
        i = v.index("\0")
        raise ParseError(f"{what}: a NUL character at position {i} (text cannot hold one)", token="\0", position=i)
    try:
        return v.encode("utf-8")
    except UnicodeEncodeError as e:
        raise ParseError(
            f"{what}: a lone surrogate U+{ord(v[e.start]):04X} at position {e.start} (not a character UTF-8 can hold)",
            token=v[e.start],
            position=e.start,
        ) from None
