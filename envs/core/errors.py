"""Errors raised by Broadside environments.

Every error says what broke and where: the action and the legal options, the config field
and the rule, the card file, card and field, the state field and the invariant.

| error | raised when | state afterwards |
|---|---|---|
| ``IllegalActionError`` (``ValueError``) | ``raw_env().step`` / ``VectorGame.step`` get an action that is out of range or not legal | unchanged |
| ``ActionTypeError`` (``IllegalActionError``, ``TypeError``) | an action that is not an integer (bool, float, str, None for a live agent) | unchanged |
| ``ConfigError`` (``ValueError``) | a config keyword breaks a rule (player count, variant, deck construction) | no env built |
| ``CardDataError`` (``ValueError``) | a card pool or deck file has a bad entry | nothing loaded |
| ``StateError`` (``ValueError``) | a record, blob or scenario from outside breaks an invariant (``GameSpec.check_state``), or a kernel met a bound it may never reach | unchanged (loads are atomic) |
| ``ResetNeededError`` (``AssertionError``) | ``step``/``last``/``observe``/``render``/``save``/``state`` before the first ``reset()`` | unchanged |
| ``SeatError`` (``ValueError``) | a seat that is not one of the game's (an agent's ``act``, ``VectorGame.observe_seats`` / ``observe_final``), or an agent asked to play a game that is over | unchanged |
"""

from envs.core.integers import is_integer


class BroadsideError(Exception):
    """Base class of every error this package raises on purpose."""


class IllegalActionError(BroadsideError, ValueError):
    """An action that is out of range or not legal for the seat to play.

    Raised by ``raw_env().step`` and by ``VectorGame.step`` (unless unchecked); the state is
    left exactly as it was.
    """

    def __init__(self, action, seat, legal_labels, reason="not legal now"):
        self.action = action
        self.seat = seat
        self.legal_labels = list(legal_labels)
        shown = "; ".join(self.legal_labels[:40])
        more = "" if len(self.legal_labels) <= 40 else f"; ... ({len(self.legal_labels)} in all)"
        super().__init__(
            f"action {action!r} for seat {seat} is {reason}. Legal: [{shown}{more}]"
        )


class ActionTypeError(IllegalActionError, TypeError):
    """An action that is not an integer: bool, float, str, an array, or None for a live agent."""


class ConfigError(BroadsideError, ValueError):
    """A game configuration that breaks a rule (player count, variant, deck construction)."""


class CardDataError(BroadsideError, ValueError):
    """A card pool or deck file with a bad entry; the message names file, card and field."""

    def __init__(self, file, card, field, problem):
        self.file, self.card, self.field = str(file), card, field
        super().__init__(f"{file}: card {card!r}, field {field!r}: {problem}")


class StateError(BroadsideError, ValueError):
    """A record, snapshot or scenario that breaks the game's invariants.

    ``problems`` lists every broken invariant, each naming the field and the rule, as
    ``GameSpec.check_state`` reported them. The env that refused it is byte-identical to
    what it was before the call.
    """

    def __init__(self, message, problems=()):
        self.problems = list(problems)
        if self.problems:
            shown = "\n  - ".join(self.problems[:20])
            more = "" if len(self.problems) <= 20 else f"\n  ... ({len(self.problems)} in all)"
            message = f"{message}:\n  - {shown}{more}"
        super().__init__(message)


class SeatError(BroadsideError, ValueError):
    """A seat number that is not a seat of the game (``0..num_players-1``), or a move asked
    of an agent in a game that is over. Checked before any kernel reads the seat: a kernel
    indexes its per-seat tables with it."""

    @classmethod
    def check(cls, seat, num_players: int, what: str) -> int:
        """``seat`` as an int if it is an integer (not a bool) in ``0..num_players-1``."""
        if not is_integer(seat):
            raise cls(f"{what}: seat {seat!r} is not an integer")
        if not 0 <= int(seat) < int(num_players):
            raise cls(f"{what}: seat {seat} is not a seat of this {num_players}-player game "
                      f"(0..{int(num_players) - 1})")
        return int(seat)


class ResetNeededError(BroadsideError, AssertionError):
    """The env was used before its first ``reset()`` (an AssertionError, as PettingZoo's
    OrderEnforcingWrapper raises)."""

    def __init__(self, what):
        super().__init__(f"call reset() before {what}: the env has no game yet")
