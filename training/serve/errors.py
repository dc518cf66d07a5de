"""The one error every refused request becomes: an HTTP status and a clear message."""

from __future__ import annotations


class ServeError(Exception):
    """A refused request: answered as ``{"error": message}`` with ``status``; the table it
    names is left unchanged."""

    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status = status
        self.message = message
