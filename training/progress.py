"""Progress of long runs (training, tournaments, evaluations): a bar on a terminal, plain
periodic lines in a log.

On a terminal a rich progress bar shows done/total, elapsed time and the ETA. When the stream
is not a terminal (a log file, CI, a pipe) a bar would fill it with carriage returns, so a
plain line such as ``tournament: 24/50 games (48%), 1m10s elapsed, ETA 1m16s`` is written
every ``every`` seconds and once at the end.
"""

from __future__ import annotations

import sys
import time


def fmt_seconds(s: float) -> str:
    """``75`` -> ``1m15s``; ``3725`` -> ``1h02m``."""
    s = max(0, int(round(s)))
    if s < 60:
        return f"{s}s"
    if s < 3600:
        return f"{s // 60}m{s % 60:02d}s"
    return f"{s // 3600}h{(s % 3600) // 60:02d}m"


def is_terminal(stream) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False


class Progress:
    """Work done towards ``total`` units; ``update(n, note)`` as work completes.

    ``enabled=False`` prints nothing. ``bar`` forces (True) or forbids (False) the terminal
    bar; by default it is used exactly when ``stream`` is a terminal.
    """

    def __init__(self, total: int, desc: str, unit: str = "game", initial: int = 0,
                 stream=None, every: float = 30.0, enabled: bool = True, bar=None):
        self.total, self.desc, self.unit = int(total), desc, unit
        self.done = int(initial)
        self.start_done = self.done
        self.stream = stream if stream is not None else sys.stderr
        self.every = every
        self.enabled = enabled
        self.note = ""
        self.t0 = time.monotonic()
        self._last_line = self.t0
        self._last_done = None
        self._rich = None
        if enabled and (is_terminal(self.stream) if bar is None else bar):
            self._start_bar()

    def _start_bar(self) -> None:
        from rich.console import Console
        from rich.progress import (BarColumn, MofNCompleteColumn, Progress as RichProgress,
                                   TextColumn, TimeElapsedColumn, TimeRemainingColumn)

        self._rich = RichProgress(
            TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
            TextColumn(self.unit + "s"), TimeElapsedColumn(), TextColumn("ETA"),
            TimeRemainingColumn(), TextColumn("{task.fields[note]}"),
            console=Console(file=self.stream), transient=False)
        self._task = self._rich.add_task(self.desc, total=self.total, completed=self.done,
                                         note="")
        self._rich.start()

    @property
    def console(self):
        """The rich console under the bar (print through it to keep the bar intact), or None."""
        return None if self._rich is None else self._rich.console

    def eta(self) -> float | None:
        """Seconds left at the rate so far (None until 5% of the work is done)."""
        did = self.done - self.start_done
        if did < max(2, 0.05 * (self.total - self.start_done)):
            return None   # too early: worker start-up would dominate the rate
        return (time.monotonic() - self.t0) / did * (self.total - self.done)

    def line(self) -> str:
        """The plain progress line."""
        pct = f" ({self.done / self.total:.0%})" if self.total else ""
        out = f"{self.desc}: {self.done}/{self.total} {self.unit}s{pct}, " \
              f"{fmt_seconds(time.monotonic() - self.t0)} elapsed"
        eta = self.eta()
        if self.done < self.total and eta is not None:
            out += f", ETA {fmt_seconds(eta)}"
        return out + (f"; {self.note}" if self.note else "")

    def update(self, n: int = 1, note: str | None = None) -> None:
        self.done += int(n)
        if note is not None:
            self.note = note
        if not self.enabled:
            return
        if self._rich is not None:
            self._rich.update(self._task, completed=self.done, note=self.note)
            return
        now = time.monotonic()
        if now - self._last_line >= self.every:
            self._last_line = now
            self._last_done = self.done
            self._print(self.line())

    def _print(self, text: str) -> None:
        print(text, file=self.stream, flush=True)

    def close(self) -> None:
        """End the bar, or write the final plain line."""
        if not self.enabled:
            return
        if self._rich is not None:
            self._rich.stop()
            self._rich = None
        elif self._last_done != self.done:
            self._print(self.line())
        self.enabled = False

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
