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
=====================  ================  ====================================
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
    )
}


def strerror(status: int) -> str:
    """The library's short English message for a status code
    (``bfc_strerror``); never fails, also for unknown values."""
    return LIB.bfc_strerror(status).decode("utf-8")


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
        message += f": {token!r}"
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
