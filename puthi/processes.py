"""Worker processes that end with the process that started them.

A build or an OCR batch with ``--workers N`` forks N workers. Killed with SIGTERM or SIGKILL (or by the OOM
killer), the parent cannot stop them, and forked workers hold everything the parent had open: the build's
lock, so every later build waits for a dead pid, and the caller's pipes, so a script reading puthi's output
hangs. Each worker therefore asks the kernel to end it when its parent ends (Linux's ``PR_SET_PDEATHSIG``),
and lets go of the locks it inherited.
"""

from __future__ import annotations

import ctypes
import os
import signal
import sys

#: File descriptors of locks this process holds (a build's ``DB.lock``): a forked worker closes its copies, so
#: that the lock goes when the parent goes.
HELD_LOCKS: set[int] = set()
PR_SET_PDEATHSIG = 1


def start_worker(parent: int) -> None:
    """A worker's first step (a pool ``initializer``, with the parent's pid): close the inherited locks, have the
    kernel send SIGTERM when the parent dies, and exit at once if it died already."""
    for fd in list(HELD_LOCKS):
        try:
            os.close(fd)
        except OSError:
            pass
    HELD_LOCKS.clear()
    if sys.platform.startswith("linux"):
        try:
            ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)
        except (OSError, AttributeError):  # no libc prctl: the worker ends when its queue breaks instead
            pass
    if os.getppid() != parent:
        os._exit(1)
