"""Errors raised by Broadside environments.

Every error says what broke and where: the action and the legal options, the config field
and the rule, the card file, card and field.
"""


class BroadsideError(Exception):
    """Base class of every error this package raises on purpose."""


class IllegalActionError(BroadsideError, ValueError):
    """An action that is out of range or not legal for the seat to play.

    Raised by ``raw_env().step`` and by ``VectorGame`` in checked mode; the state is left
    exactly as it was.
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


class ConfigError(BroadsideError, ValueError):
    """A game configuration that breaks a rule (player count, variant, deck construction)."""


class CardDataError(BroadsideError, ValueError):
    """A card pool or deck file with a bad entry; the message names file, card and field."""

    def __init__(self, file, card, field, problem):
        self.file, self.card, self.field = str(file), card, field
        super().__init__(f"{file}: card {card!r}, field {field!r}: {problem}")
