"""Worker pools end cleanly when the parent stops them (Ctrl-C)."""

import os
import signal
import time
from concurrent.futures import ProcessPoolExecutor

from puthi.processes import start_worker, stop_workers


def test_stopping_a_pool_ends_its_workers_and_its_manager_thread():
    # CI: the manager thread, still running, closed its wake-up pipe while Python's exit wrote to it, and an
    # interrupted build ended with a traceback; it must be over when stop_workers returns
    pool = ProcessPoolExecutor(2, initializer=start_worker, initargs=(os.getpid(),))
    [pool.submit(time.sleep, 5) for _ in range(4)]
    time.sleep(0.3)
    workers = list(pool._processes.values())
    manager = pool._executor_manager_thread
    stop_workers(pool)
    assert not manager.is_alive()
    assert not any(p.is_alive() for p in workers)


def test_ctrl_c_is_back_to_its_handler_after_the_workers_are_stopped():
    before = signal.getsignal(signal.SIGINT)
    pool = ProcessPoolExecutor(1, initializer=start_worker, initargs=(os.getpid(),))
    pool.submit(time.sleep, 5)
    stop_workers(pool)
    assert signal.getsignal(signal.SIGINT) is before


def _hold_a_scratch_folder(seconds: float) -> None:
    from puthi.processes import scratch_folder

    with scratch_folder("puthi-test-") as tmp:
        (tmp / "page.png").write_bytes(b"x" * 1000)
        time.sleep(seconds)


def test_a_worker_told_to_end_removes_its_scratch_folder(tmp_path, monkeypatch):
    # each Ctrl-C of `build --workers 2` left a puthi-page-* folder per worker in /tmp (with a PDF's page image)
    import tempfile

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    pool = ProcessPoolExecutor(2, initializer=start_worker, initargs=(os.getpid(),))
    [pool.submit(_hold_a_scratch_folder, 5) for _ in range(2)]
    for _ in range(100):
        if len(list(tmp_path.glob("puthi-worker-*/puthi-test-*/page.png"))) == 2:
            break
        time.sleep(0.05)
    assert len(list(tmp_path.glob("puthi-worker-*/puthi-test-*"))) == 2
    stop_workers(pool)
    assert list(tmp_path.iterdir()) == []  # and each worker's own temporary folder (Tesseract's files)


def test_a_worker_that_ends_normally_leaves_no_temporary_folder(tmp_path, monkeypatch):
    import tempfile

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    with ProcessPoolExecutor(2, initializer=start_worker, initargs=(os.getpid(),)) as pool:
        list(pool.map(time.sleep, [0.1, 0.1]))
        assert list(tmp_path.glob("puthi-worker-*"))
    assert list(tmp_path.iterdir()) == []
