"""Fixtures for the corpus tests: a fast stand-in for the repair stage and a corpus built from the seeds."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from corpus_helpers import quick_repair, seed_files


@pytest.fixture
def fast_repair(monkeypatch):
    """Swap the (slow to warm up) repair stage for ``quick_repair``; the list of texts it was called on."""
    from puthi.corpus import pipeline

    calls = []

    def fake(text, lang, noise=None):
        calls.append(text)
        return quick_repair(text, lang)

    monkeypatch.setattr(pipeline, "_repair", fake)
    return calls


@pytest.fixture(scope="session")
def seed_corpus(tmp_path_factory) -> Path:
    """The four seed texts built with the real stages (built once; use ``seed_copy`` to change it)."""
    files = seed_files()
    from puthi.corpus.pipeline import build

    db = tmp_path_factory.mktemp("seeds") / "seeds.sqlite"
    report = build(files, db, progress=False)
    assert report.done == len(files), report.failures
    return db


@pytest.fixture
def seed_copy(seed_corpus, tmp_path) -> Path:
    """A private copy of the seed corpus."""
    from puthi.corpus.store import Corpus

    with Corpus(seed_corpus) as c:  # fold the WAL into the main file before copying
        c.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    dst = tmp_path / "seeds.sqlite"
    shutil.copy(seed_corpus, dst)
    return dst
