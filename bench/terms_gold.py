"""Gold term annotations for the seeds: turn the hand-written lists into offsets, and load them.

The hand annotations live in ``bench/data/terms_gold/NNN.list`` (surface and concept, in document order).
``python -m bench.terms_gold`` locates each surface in the seed text (searching forward from the previous
one) and writes ``NNN.tsv`` with code-point offsets and the split. The split was fixed before the aligner
was written: the *held-out* part of each seed starts at the first whitespace at or after the middle of
the text; only the first half (``tune``) was looked at while tuning.
"""

from __future__ import annotations

import csv
import sys
from dataclasses import dataclass
from pathlib import Path

import regex

HERE = Path(__file__).resolve().parent
GOLD_DIR = HERE / "data" / "terms_gold"
SEEDS_DIR = HERE.parent.parent / "shared" / "seeds"
SEEDS = {
    "000": "000_768383804696228d.txt",
    "002": "002_fd2ddf660d513a42.txt",
    "003": "003_dd7d695dd97a5b4b.txt",
    "004": "004_eaf098502efac96f.txt",
}
# Seed 004 is reported apart: the Dash-guti table was built from it (see 004.list).
KIND = {"000": "damaged", "002": "clean", "003": "clean", "004": "clean Assamese"}
_WORDCHAR = regex.compile(r"[\p{L}\p{M}\p{Nd}]")


@dataclass(frozen=True)
class Gold:
    seed: str
    start: int
    end: int
    surface: str
    concept: str
    split: str
    note: str = ""


def split_point(text: str) -> int:
    """Offset where the held-out part starts: the first whitespace at or after the middle."""
    m = len(text) // 2
    while m < len(text) and not text[m].isspace():
        m += 1
    return m


def seed_text(seed: str) -> str | None:
    """The text of seed ``seed`` ("000", "004", ...), or None when ../shared/seeds is absent."""
    path = SEEDS_DIR / SEEDS[seed]
    return path.read_text(encoding="utf-8") if path.exists() else None


def _bounded(text: str, start: int, end: int) -> bool:
    before = text[start - 1] if start > 0 else " "
    after = text[end] if end < len(text) else " "
    return not _WORDCHAR.match(before) and not _WORDCHAR.match(after)


def locate(seed: str, text: str, path: Path | None = None) -> list[Gold]:
    """The occurrences of ``path`` (default: the seed's own list) as offsets in ``text``."""
    rows: list[Gold] = []
    pos = 0
    cut = split_point(text)
    lines = (path or GOLD_DIR / f"{seed}.list").read_text(encoding="utf-8").splitlines()
    for n, line in enumerate(lines, 1):
        if not line.strip() or line.startswith("#"):
            continue
        surface, concept, *note = line.split("\t")
        partial = surface.startswith("~")
        surface = surface.lstrip("~")
        at = text.find(surface, pos)
        while at >= 0 and not partial and not _bounded(text, at, at + len(surface)):
            at = text.find(surface, at + 1)
        if at < 0:
            raise SystemExit(f"{seed}.list line {n}: {surface!r} not found after offset {pos}")
        end = at + len(surface)
        rows.append(Gold(seed, at, end, surface, concept, "tune" if at < cut else "heldout", note[0] if note else ""))
        pos = end
    return rows


def load_gold(seed: str) -> list[Gold]:
    with open(GOLD_DIR / f"{seed}.tsv", encoding="utf-8", newline="") as fh:
        return [
            Gold(r["seed"], int(r["start"]), int(r["end"]), r["surface"], r["concept"], r["split"], r["note"])
            for r in csv.DictReader(fh, delimiter="\t")
        ]


def main() -> int:
    for seed in SEEDS:
        text = seed_text(seed)
        if text is None:
            print(f"skip {seed}: {SEEDS_DIR} not found", file=sys.stderr)
            continue
        rows = locate(seed, text)
        with open(GOLD_DIR / f"{seed}.tsv", "w", encoding="utf-8", newline="") as fh:
            w = csv.writer(fh, delimiter="\t", lineterminator="\n")
            w.writerow(["seed", "start", "end", "surface", "concept", "split", "note"])
            for r in rows:
                w.writerow([r.seed, r.start, r.end, r.surface, r.concept, r.split, r.note])
        tune = sum(r.split == "tune" for r in rows)
        print(f"{seed}: {len(rows)} occurrences ({tune} tune, {len(rows) - tune} held out)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
