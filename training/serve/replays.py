"""The HTML replays of finished games, written in the background as soon as a game ends.

Writing a replay draws every position of the game from the seat's view (about 20 s for a
long Seas of Havoc game), too slow to do when a person follows the page's replay link. One
worker thread writes them in the order games end: each person's seat of each table, into a
part file renamed when complete, so a replay file that exists is whole. A request for a
replay not written yet is answered 503 with ``Retry-After`` (:meth:`Table.replay_html`),
never held. Stopping the server drops the replays not started (the records are saved).
"""

from __future__ import annotations

import os
import queue
import threading
from pathlib import Path

#: seconds a client is told to wait before asking for an unwritten replay again
RETRY_AFTER = 2


def write_replay(record, path: Path, seat: int) -> Path:
    """Write ``record``'s HTML replay seen from ``seat`` to ``path`` (whole or not at all)."""
    from training.replay_html import write_html

    part = path.with_name(path.name + ".part")
    write_html(record, part, viewer=seat)
    os.replace(part, path)
    return path


class ReplayWriter:
    """One daemon thread writing the replays of the tables handed to :meth:`submit`."""

    def __init__(self):
        self.jobs: queue.Queue = queue.Queue()
        self.closed = threading.Event()
        self.thread = threading.Thread(target=self._run, name="serve-replays", daemon=True)
        self.thread.start()

    def submit(self, table) -> None:
        """Queue the replays of ``table`` (over) for each person's seat."""
        record = table.record()
        for seat in sorted(table.tokens):
            self.jobs.put((record, table.replay_path(seat), seat))

    def _run(self) -> None:
        while not self.closed.is_set():
            job = self.jobs.get()
            if job is None or self.closed.is_set():
                break
            record, path, seat = job
            if not path.exists():
                try:
                    write_replay(record, path, seat)
                except Exception:          # noqa: BLE001 - a failed replay must not stop the rest
                    path.with_name(path.name + ".part").unlink(missing_ok=True)

    def close(self) -> None:
        """Stop after the replay being written; drop the rest."""
        self.closed.set()
        self.jobs.put(None)
