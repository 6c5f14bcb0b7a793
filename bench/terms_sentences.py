"""A blind test of the term aligner on sentences (issue 4): card names, game vocabulary and numbers, inflected,
spelled in variants and damaged as OCR damages them, beside words that only look like terms.

The sentences are in ``bench/data/terms_sentences_blind.tsv``; a helper who saw the tables but no code wrote them,
and they were committed before the aligner first read them. Each gold item is ``surface=concept`` or
``surface=#value``. A prediction (``puthi terms``' own: links down to ``--min-score``, and the numbers outside a game's
name) is right when its span overlaps a gold item's and its concept or value is the same, one to one.

    .venv/bin/python bench/terms_sentences.py [--set 1|2] [--show] [--min-score 0.5]
"""

from __future__ import annotations

import argparse
import csv
import sys
from dataclasses import dataclass
from pathlib import Path

import regex

sys.path.insert(0, str(Path(__file__).resolve().parent))

from terms_gold import _bounded

from puthi.rules.terms import find_numbers, find_terms
from puthi.rules.terms.numbers import outside_names

SETS = {1: Path(__file__).resolve().parent / "data" / "terms_sentences_blind.tsv",
        2: Path(__file__).resolve().parent / "data" / "terms_sentences_blind2.tsv"}


@dataclass(frozen=True)
class Item:
    start: int
    end: int
    surface: str
    what: str  # a concept id, or "#value" for a number


def gold_items(text: str, gold: str) -> list[Item]:
    """The gold items of ``text``; a surface listed twice is its first and then its second occurrence, a whole
    word where it stands as one (গোলাম, not the গোলাম of গোলামচোর), outside the items already placed (the number 10 after
    the card "10 সেকেন্ড").

    >>> [(g.start, g.what) for g in gold_items("দুই তাসে তাস আর দুই", "দুই=#2|তাস=vocab.card|দুই=#2")]
    [(0, '#2'), (9, 'vocab.card'), (16, '#2')]
    """
    out: list[Item] = []
    for item in filter(None, (x.strip() for x in gold.split("|"))):
        if item == "-":
            continue
        surface, _, what = item.rpartition("=")
        places = [m.start() for m in regex.finditer(regex.escape(surface), text, overlapped=True)]
        free = [a for a in places if not any(g.start < a + len(surface) and a < g.end for g in out)]
        start = next((a for a in free if _bounded(text, a, a + len(surface))), free[0])
        out.append(Item(start, start + len(surface), surface, _number(float(what[1:])) if what[:1] == "#" else what))
    return sorted(out, key=lambda g: g.start)


def predictions(text: str, lang: str, min_score: float) -> list[Item]:
    """What ``puthi terms`` gives for ``text``: term links and the numbers outside a game's name."""
    terms = find_terms(text, lang=lang, min_score=min_score)
    numbers = outside_names(find_numbers(text, lang=lang), terms, text)
    found = [Item(t.start, t.end, t.surface, t.concept) for t in terms]
    found += [Item(n.start, n.end, n.surface, _number(n.value)) for n in numbers]
    return sorted(found, key=lambda p: p.start)


def _number(value: float) -> str:
    return f"#{int(value) if float(value).is_integer() else value}"


def match(gold: list[Item], found: list[Item]) -> tuple[list[Item], list[Item]]:
    """The gold items missed and the predictions that match none (same concept or value, overlapping, one to one)."""
    used: set[int] = set()
    missed = []
    for g in gold:
        k = next((k for k, p in enumerate(found) if k not in used and p.what == g.what
                  and p.start < g.end and g.start < p.end), None)
        if k is None:
            missed.append(g)
        else:
            used.add(k)
    return missed, [p for k, p in enumerate(found) if k not in used]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--show", action="store_true", help="print each sentence with a miss or a false link")
    ap.add_argument("--min-score", type=float, default=0.5)
    ap.add_argument("--set", type=int, choices=(1, 2), default=1, help="blind set 1 (session 21) or 2 (session 22)")
    ap.add_argument("--part", choices=("all", "dev", "heldout"), default="all",
                    help="rows of even number (dev) or odd number (heldout): set 2 was tuned on its dev rows only")
    args = ap.parse_args(argv)
    with SETS[args.set].open(encoding="utf-8") as fh:
        rows = list(csv.DictReader((ln for ln in fh if not ln.startswith("#")), delimiter="\t"))
    if args.part != "all":
        rows = [r for r in rows if (int(r["id"][1:]) % 2 == 0) == (args.part == "dev")]
    if args.show and args.set == 2 and args.part != "dev":
        raise SystemExit("--show prints the dev rows only: add --part dev")
    totals: dict[tuple[str, str], list[int]] = {}
    for row in rows:
        gold = gold_items(row["text"], row["gold"])
        found = predictions(row["text"], row["lang"], args.min_score)
        missed, false = match(gold, found)
        for kind, is_kind in (("terms", lambda x: not x.what.startswith("#")), ("numbers", lambda x: x.what[0] == "#")):
            t = totals.setdefault((row["lang"], kind), [0, 0, 0])
            t[0] += sum(map(is_kind, gold))
            t[1] += sum(map(is_kind, found))
            t[2] += sum(map(is_kind, gold)) - sum(map(is_kind, missed))
        if args.show and (missed or false):
            print(f"{row['id']} ({row['lang']}): {row['text']}\n    missed {[f'{g.surface}={g.what}' for g in missed]}"
                  f"\n    false  {[f'{p.surface}={p.what}' for p in false]}")
    print(f"min score {args.min_score}")
    print("| lang | kind | gold | predicted | right | precision | recall |")
    print("|---|---|---|---|---|---|---|")
    for (lang, kind), (gold, predicted, right) in sorted(totals.items()):
        print(f"| {lang} | {kind} | {gold} | {predicted} | {right} | {right / max(predicted, 1):.3f} | "
              f"{right / max(gold, 1):.3f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
