"""Progress of long work on standard error: a bar on a terminal, a plain line now and then in a log.

A newcomer's nine-minute build, and later a minute of ``puthi ocr`` with its output sent to a file, said
nothing until the end: a log gets a line every ``every`` seconds instead of a bar.
"""

from __future__ import annotations

import sys
import time
from typing import Any


def progress(total: int, enabled: bool | None, command: str, unit: str, **bar: Any) -> Any:
    """Something with ``update(n)`` and ``close()``: a tqdm bar when ``enabled`` (a terminal); with ``None``
    (standard error is a log), a line now and then when there is more than one ``unit``; with ``False``, nothing.

    >>> p = progress(3, None, "ocr", "file")
    >>> p.update(); p.close()
    """
    from tqdm import tqdm

    if enabled is None and total > 1:
        return LogProgress(total, command, unit)
    return tqdm(total=total, desc=command, unit=unit, file=sys.stderr, disable=not enabled or total == 0,
                dynamic_ncols=True, **bar)


class LogProgress:
    """``update``/``close`` as a tqdm bar has them, writing one line to stderr at most every ``every`` seconds:
    "puthi build: 120 of 480 pages (25%) in 301 s"."""

    def __init__(self, total: int, command: str, unit: str, every: float = 30.0) -> None:
        self.total, self.command, self.unit, self.every, self.done = total, command, unit, every, 0
        self.start = self.last = time.monotonic()

    def update(self, n: int = 1) -> None:
        self.done += n
        now = time.monotonic()
        if now - self.last >= self.every and self.done < self.total:
            self.last = now
            print(f"puthi {self.command}: {self.done:,} of {self.total:,} {self.unit}s ({self.done / self.total:.0%}) "
                  f"in {now - self.start:,.0f} s", file=sys.stderr, flush=True)

    def close(self) -> None:
        pass
