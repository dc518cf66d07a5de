"""The one error every refused request becomes: an HTTP status and a clear message."""

from __future__ import annotations


class ServeError(Exception):
    """A refused request: answered as ``{"error": message}`` with ``status``; the table it
    names is left unchanged."""

    def __init__(self, status: int, message: str, headers: dict | None = None):
        super().__init__(message)
        self.status = status
        self.message = message
        #: extra response headers (``Retry-After`` of a 503)
        self.headers = dict(headers or {})
