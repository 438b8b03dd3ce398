"""The exceptions of the package: one class per status code of libbfc.

Every failing call of the library returns a negative status (``BFC_E*`` in
``bfc.h``); the package turns it into an exception of the matching class,
all subclasses of :class:`bfc.Error`. As in C, a call that raises has
changed nothing: a rejected move leaves the game as it was, a bad save
leaves no half-loaded game.

=====================  ================  ====================================
exception              status            also a
=====================  ================  ====================================
:class:`InvalidArgument` BFC_EINVAL      ValueError
:class:`CardError`     BFC_ECARD         ValueError
:class:`DuplicateCard` BFC_EDUP          ValueError
:class:`JokerError`    BFC_EJOKER        ValueError
:class:`CountError`    BFC_ECOUNT        ValueError
:class:`ParseError`    BFC_EPARSE        ValueError
:class:`OutOfMemory`   BFC_ENOMEM        MemoryError
:class:`IllegalMove`   BFC_EILLEGAL      ValueError
:class:`VersionError`  BFC_EVERSION      ValueError
:class:`StateError`    BFC_ESTATE        ValueError
:class:`HiddenError`   BFC_EHIDDEN       LookupError
:class:`Interrupted`   BFC_EINTR         (only bfc.Error)
:class:`InvalidType`   BFC_EINVAL        TypeError (and ValueError)
:class:`ClosedError`   BFC_EINVAL        ValueError
=====================  ================  ====================================

Every message names what was wrong and what was wanted, the way the
command-line tools do (``seed: want an integer 0..2**64-1 (got -1)``,
``cards: classic with 2 players: want the 6 cards dealt to you (got
2)``), in this package's own names (never a C macro). A value echoed in a
message is cut to a few dozen characters; the whole of it is in
``token``.
"""

from __future__ import annotations

import ctypes
from typing import Callable, Dict, NoReturn, Optional, Type

from . import _lib
from ._lib import LIB


class Error(Exception):
    """A call into libbfc failed.

    Attributes:
        status: the library's status code (a negative ``BFC_E*`` value).
        code: its name, such as ``"BFC_EILLEGAL"``.
        reason: the library's own message for the status
            (``bfc_strerror``), such as ``"illegal move"``.
        token: the text that was refused, when there is one (a card or
            move that does not parse, the move that is illegal), else None.
        position: where ``token`` starts in the text given, in characters
            (0 for the first), when the library located it, else None.
    """

    status: int = 0
    code: str = "BFC_E?"

    def __init__(
        self,
        message: str = "",
        status: Optional[int] = None,
        token: Optional[str] = None,
        position: Optional[int] = None,
    ) -> None:
        if status is not None:
            self.status = status
        self.reason = strerror(self.status)
        self.token = token
        self.position = position
        super().__init__(message or self.reason)


class InvalidArgument(Error, ValueError):
    """BFC_EINVAL: a bad argument (a size, an unknown flag, rules the
    library does not play, a call that makes no sense now)."""

    status, code = _lib.EINVAL, "BFC_EINVAL"


class InvalidType(InvalidArgument, TypeError):
    """BFC_EINVAL for an argument of the wrong type (a str where an int is
    wanted, bytes where cards are, ``'no'`` where a bool is, an unknown
    keyword option). It is a :class:`TypeError` as Python code expects,
    and a :class:`bfc.InvalidArgument` like every bad argument of the
    package."""


class ClosedError(InvalidArgument):
    """BFC_EINVAL: the object was closed (:meth:`bfc.Game.close`, the end of
    its ``with`` block, or ``__del__``), so its C object is gone; every
    method says so instead of reading freed memory."""


class CardError(Error, ValueError):
    """BFC_ECARD: a value that is not a card id."""

    status, code = _lib.ECARD, "BFC_ECARD"


class DuplicateCard(Error, ValueError):
    """BFC_EDUP: the same card given twice."""

    status, code = _lib.EDUP, "BFC_EDUP"


class JokerError(Error, ValueError):
    """BFC_EJOKER: the joker where the rules do not allow it."""

    status, code = _lib.EJOKER, "BFC_EJOKER"


class CountError(Error, ValueError):
    """BFC_ECOUNT: a running count or frontline sum above 31."""

    status, code = _lib.ECOUNT, "BFC_ECOUNT"


class ParseError(Error, ValueError):
    """BFC_EPARSE: text that is not a card, a list of cards, a move or a
    saved game. ``token`` is the word that failed and ``position`` where it
    starts (characters from 0) when the library located it."""

    status, code = _lib.EPARSE, "BFC_EPARSE"


class OutOfMemory(Error, MemoryError):
    """BFC_ENOMEM: the library could not allocate a game."""

    status, code = _lib.ENOMEM, "BFC_ENOMEM"


class IllegalMove(Error, ValueError):
    """BFC_EILLEGAL: a move that is not legal now (or the game is over).
    The game is unchanged; ``token`` is the move's text."""

    status, code = _lib.EILLEGAL, "BFC_EILLEGAL"


class VersionError(Error, ValueError):
    """BFC_EVERSION: a saved game of a format version this library does not
    read."""

    status, code = _lib.EVERSION, "BFC_EVERSION"


class StateError(Error, ValueError):
    """BFC_ESTATE: a saved game that parses but breaks the rules (cards not
    conserved, an impossible phase, ...)."""

    status, code = _lib.ESTATE, "BFC_ESTATE"


class HiddenError(Error, LookupError):
    """BFC_EHIDDEN: the answer depends on cards the observer may not see
    (another player's hand)."""

    status, code = _lib.EHIDDEN, "BFC_EHIDDEN"


class Interrupted(Error):
    """BFC_EINTR: a search was stopped before it decided, by
    :meth:`bfc.bots.search.interrupt` from another thread (or
    ``bfc_search_interrupt`` in C). Nothing was chosen and nothing
    changed; the bot and the game can be used again at once. (Ctrl-C
    during a search raises Python's own :class:`KeyboardInterrupt`
    instead.)"""

    status, code = _lib.EINTR, "BFC_EINTR"


_BY_STATUS: Dict[int, Type[Error]] = {
    cls.status: cls
    for cls in (
        InvalidArgument,
        CardError,
        DuplicateCard,
        JokerError,
        CountError,
        ParseError,
        OutOfMemory,
        IllegalMove,
        VersionError,
        StateError,
        HiddenError,
        Interrupted,
    )
}


_C_INT_MIN, _C_INT_MAX = -(2**31), 2**31 - 1


def strerror(status: int) -> str:
    """The library's short English message for a status code
    (``bfc_strerror``): ``"success"`` for 0 only, the library's
    ``"unknown status"`` for any int it does not know -- one too large for
    a C ``int`` too (it is never cut down to another status). An int
    subclass (an ``IntEnum``, :class:`bfc.Move`) is read as its int value,
    in constant time. Raises :class:`InvalidType` for a value that is not
    an int."""
    if isinstance(status, bool) or not isinstance(status, int):
        raise InvalidType(f"status: want an int (got {short(status)})", token=short(status))
    # int's own value, whatever the subclass overrides: `x in range(...)`
    # is O(1) for an exact int only, and walked the whole range (2**32
    # values) for an IntEnum
    status = int.__int__(status)
    if not _C_INT_MIN <= status <= _C_INT_MAX:
        status = _C_INT_MIN  # no status of the library: its "unknown" text
    return LIB.bfc_strerror(status).decode("utf-8")


SHORT = 40
"""How many characters of a value a message echoes."""


def short(value: object, limit: int = SHORT) -> str:
    """``repr(value)`` as a message echoes it: cut to ``limit`` characters,
    with the length of the whole when it was cut."""
    text = repr(value)
    if len(text) <= limit:
        return text
    size = len(value) if isinstance(value, (str, bytes)) else len(text)
    unit = "bytes" if isinstance(value, bytes) else "characters"
    return f"{text[:limit]}... ({size} {unit})"


def error_class(status: int) -> Type[Error]:
    """The exception class of a status code (:class:`Error` itself for a
    value the package does not know)."""
    return _BY_STATUS.get(status, Error)


def raise_status(
    status: int,
    what: str = "",
    token: Optional[str] = None,
    position: Optional[int] = None,
) -> NoReturn:
    """Raises the exception of ``status``, its message prefixed by
    ``what`` (the call or the thing that failed)."""
    reason = strerror(status)
    message = f"{what}: {reason}" if what else reason
    if token is not None:
        message += f": {short(token)}"
        if position is not None:
            message += f" at position {position}"
    raise error_class(status)(message, status=status, token=token, position=position)


def check(status: int, what: str = "", token: Optional[str] = None) -> int:
    """Returns ``status`` when it is not negative, else raises its
    exception (carrying ``token``, the value refused, when given)."""
    if status < 0:
        raise_status(status, what, token=token)
    return status


def format_text(fn: Callable[..., int], *args: object, what: str = "") -> str:
    """Calls an snprintf-style formatter of the library, ``fn(*args, buf,
    cap)``, and returns its whole text: the library says how long the text
    is, and the call is made again with that room when the first buffer was
    too small."""
    cap = 256
    while True:
        buf = ctypes.create_string_buffer(cap)
        n = fn(*args, buf, cap)
        if n < 0:
            raise_status(n, what)
        if n < cap:
            return buf.raw[:n].decode("utf-8")
        cap = n + 1
