"""Worker processes that end with the process that started them.

A build or an OCR batch with ``--workers N`` forks N workers. Killed with SIGTERM or SIGKILL (or by the OOM
killer), the parent cannot stop them, and forked workers hold everything the parent had open: the build's
lock, so every later build waits for a dead pid, and the caller's pipes, so a script reading puthi's output
hangs. Each worker therefore asks the kernel to end it when its parent ends (Linux's ``PR_SET_PDEATHSIG``),
and lets go of the locks it inherited. A worker ignores Ctrl-C: the parent, told by the same keypress, ends its
workers itself (:func:`stop_workers`), so a second Ctrl-C cannot leave it waiting on workers that broke off
mid-message. Told to end, a worker removes the scratch folders it was using (:func:`scratch_folder`) before it
exits: each interrupted build had left one in /tmp per worker, with the page image drawn from a PDF.
"""

from __future__ import annotations

import ctypes
import os
import shutil
import signal
import sys
import tempfile
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from multiprocessing.util import Finalize
from pathlib import Path
from typing import Any

#: File descriptors of locks this process holds (a build's ``DB.lock``): a forked worker closes its copies, so
#: that the lock goes when the parent goes.
HELD_LOCKS: set[int] = set()
#: Scratch folders this process is using (:func:`scratch_folder`), removed by a worker told to end.
SCRATCH: set[str] = set()
PR_SET_PDEATHSIG = 1
#: Worker processes started per core at most: a typo like --workers 1000 had forked 554 processes (2.5 GB).
MAX_WORKERS_PER_CORE = 4


def start_worker(parent: int) -> None:
    """A worker's first step (a pool ``initializer``, with the parent's pid): close the inherited locks, have the
    kernel send SIGTERM when the parent dies, and exit at once if it died already."""
    for fd in list(HELD_LOCKS):
        try:
            os.close(fd)
        except OSError:
            pass
    HELD_LOCKS.clear()
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, _end_worker)
    # the worker's temporary files (pytesseract's tess_* images and outputs too) go into a folder of its own,
    # which its end removes, however it ends (a review found a set per worker left in /tmp after each Ctrl-C)
    own = tempfile.mkdtemp(prefix="puthi-worker-")
    SCRATCH.add(own)
    tempfile.tempdir = own
    Finalize(None, shutil.rmtree, args=(own,), kwargs={"ignore_errors": True}, exitpriority=10)
    if sys.platform.startswith("linux"):
        try:
            ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)
        except (OSError, AttributeError):  # no libc prctl: the worker ends when its queue breaks instead
            pass
    if os.getppid() != parent:
        os._exit(1)


def _end_worker(signum: int, _frame: Any) -> None:
    """A worker's SIGTERM (from :func:`stop_workers`, or its parent's death): remove its scratch folders, which
    the default end skips, and exit at once."""
    for path in list(SCRATCH):
        shutil.rmtree(path, ignore_errors=True)
    os._exit(128 + signum)


@contextmanager
def scratch_folder(prefix: str = "puthi-") -> Iterator[Path]:
    """A temporary folder, removed on leaving the block, and also when a worker is told to end inside it.

    >>> with scratch_folder() as tmp:
    ...     str(tmp) in SCRATCH and tmp.is_dir()
    True
    >>> tmp.exists(), str(tmp) in SCRATCH
    (False, False)
    """
    with tempfile.TemporaryDirectory(prefix=prefix) as tmp:
        SCRATCH.add(tmp)
        try:
            yield Path(tmp)
        finally:
            SCRATCH.discard(tmp)


def stop_workers(pool: Any) -> None:
    """End a ``ProcessPoolExecutor``'s workers now (Ctrl-C or an error in the parent): what has not started is
    cancelled, what runs is terminated, and the pool's own shutdown then has nothing to wait for.

    The pool's manager thread is waited for too. Left running, it closed its wake-up pipe while the interpreter's
    exit wrote to it (a race in Python 3.11's ``concurrent.futures``), and ``build`` ended its "interrupted" line
    with a traceback. A second Ctrl-C is ignored for these few seconds, so that it cannot cut the wait short.
    """
    processes = list((getattr(pool, "_processes", None) or {}).values())
    manager = getattr(pool, "_executor_manager_thread", None)
    with _ctrl_c_ignored():
        pool.shutdown(wait=False, cancel_futures=True)
        for proc in processes:
            if proc.is_alive():
                proc.terminate()
        for proc in processes:
            proc.join(timeout=5)
        if manager is not None:
            manager.join(timeout=5)


@contextmanager
def _ctrl_c_ignored() -> Iterator[None]:
    """SIGINT ignored inside the block (in the main thread; elsewhere Python cannot change handlers)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    before = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, before)
