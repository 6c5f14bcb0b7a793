"""A blind test of number reading (issue 4: digits, Bengali and Assamese number words, কুড়ি/কুৰি, classifiers).

The sentences and their numbers are in ``bench/data/numbers_blind.tsv``. A helper who never saw the code or the
number tables wrote them, with hard negatives such as তিনি ("he"), নয় ("is not"), একটু and the game's name
ছেষট্টি. They were committed before ``find_numbers`` first read them. Each gold item is ``surface=value``. It
is located in the text in order, and a prediction matches it when its span overlaps and its value is equal, one
to one.

    .venv/bin/python bench/numbers_blind.py [--show]
"""

from __future__ import annotations

import argparse
import csv
from dataclasses import dataclass
from pathlib import Path

from puthi.rules.terms import find_numbers, find_terms
from puthi.rules.terms.numbers import outside_names

DATA = Path(__file__).resolve().parent / "data" / "numbers_blind.tsv"


@dataclass
class Gold:
    start: int
    end: int
    value: float


def gold_items(text: str, expected: str) -> list[Gold]:
    """The gold numbers of ``text``, located in order.

    >>> [(g.start, g.end, g.value) for g in gold_items("দুই আর দুই", "দুই=2 | দুই=2")]
    [(0, 3, 2.0), (7, 10, 2.0)]
    """
    out, at = [], 0
    for item in filter(None, (x.strip() for x in expected.split("|"))):
        surface, _, value = item.rpartition("=")
        start = text.index(surface, at)
        out.append(Gold(start, start + len(surface), float(value)))
        at = start + len(surface)
    return out


def score(rows: list[dict[str, str]], show: bool = False) -> dict[str, tuple[int, int, int, int]]:
    """(gold, predicted, right, exact spans) for each language; the game names the aligner reads are no numbers."""
    totals: dict[str, list[int]] = {}
    for row in rows:
        text, lang = row["text"], row["lang"]
        gold = gold_items(text, row["expected"])
        found = outside_names(find_numbers(text, lang=lang), find_terms(text, lang=lang), text)
        used: set[int] = set()
        right = exact = 0
        for g in gold:
            k = next((k for k, n in enumerate(found) if k not in used and n.start < g.end and g.start < n.end
                      and float(n.value) == g.value), None)
            if k is not None:
                used.add(k)
                right += 1
                exact += (found[k].start, found[k].end) == (g.start, g.end)
        if show and (right < len(gold) or len(found) > right):
            print(f"{row['id']} ({lang}): {text}\n    gold {row['expected']}\n    got  "
                  + " | ".join(f"{n.surface}={n.value}" for n in found))
        t = totals.setdefault(lang, [0, 0, 0, 0])
        for i, v in enumerate((len(gold), len(found), right, exact)):
            t[i] += v
    return {lang: tuple(t) for lang, t in totals.items()}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--show", action="store_true", help="print each sentence with a miss or an extra number")
    args = ap.parse_args(argv)
    with DATA.open(encoding="utf-8") as fh:
        rows = list(csv.DictReader((ln for ln in fh if not ln.startswith("#")), delimiter="\t"))
    print("| lang | sentences | gold | predicted | right | precision | recall | exact spans |")
    print("|---|---|---|---|---|---|---|---|")
    for lang, (gold, predicted, right, exact) in sorted(score(rows, args.show).items()):
        n = sum(r["lang"] == lang for r in rows)
        print(f"| {lang} | {n} | {gold} | {predicted} | {right} | {right / max(predicted, 1):.3f} | "
              f"{right / max(gold, 1):.3f} | {exact / max(right, 1):.3f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
