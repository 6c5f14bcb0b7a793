"""``puthi eval``: character and word error rates of OCR text against a reference.

Two ways in: a reference file and a hypothesis file (``-`` for standard input), compared as whole texts;
or ``--pairs FILE`` with many pairs, a TSV (reference, tab, hypothesis on each line) or a JSON list of
objects (keys chosen with ``--ref-key`` and ``--hyp-key``), scored together: errors summed over all pairs,
divided by all reference graphemes (or words).
"""

from __future__ import annotations

import argparse
import json
import math
import sys

from puthi.corpus.textio import read_text_arg
from puthi.errors import InputError
from puthi.ocr.metrics import Score, graphemes, score, segmentation, unicode_version

HELP = "character (grapheme) and word error rates of OCR text against a reference"
#: The largest pair aligned as one text, in reference graphemes x hypothesis graphemes: 1.4 M x 1.4 M, about
#: 80 s (measured: 0.94 M x 0.94 M in 37 s); the alignment time grows with the product.
MAX_CELLS = 2e12


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("reference", nargs="?", help="reference (ground truth) text file, or - for stdin")
    parser.add_argument("hypothesis", nargs="?", help="OCR text file to score, or - for stdin")
    parser.add_argument("--pairs", metavar="FILE", help="many pairs: a .tsv (reference<TAB>hypothesis per line; a "
                        "first row of column names such as ref<TAB>hyp is skipped) or a .json list of objects")
    parser.add_argument("--ref-key", default="reference", help="JSON key of the reference (default: reference)")
    parser.add_argument("--hyp-key", default="hypothesis", help="JSON key of the hypothesis (default: hypothesis)")
    parser.add_argument("--format", choices=("text", "json"), default="text", help="output format (default: text)")


def read_pairs(path: str, ref_key: str = "reference", hyp_key: str = "hypothesis") -> list[tuple[str, str]]:
    """(reference, hypothesis) pairs from a TSV or JSON file; a clear error naming the file when malformed."""
    text = read_text_arg(path, json=path.endswith(".json"))
    if path.endswith(".json"):
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise InputError(path, f"not valid JSON (line {exc.lineno}: {exc.msg})") from None
        except RecursionError:
            raise InputError(path, "nested too deeply to be a list of pairs; give a JSON list of objects") from None
        if not isinstance(data, list) or not all(isinstance(x, dict) for x in data):
            raise InputError(path, "expected a JSON list of objects")
        for i, item in enumerate(data):
            missing = [k for k in (ref_key, hyp_key) if not isinstance(item.get(k), str)]
            if missing:
                raise InputError(path, f"item {i} has no text under {', '.join(missing)}; "
                                 f"name the keys with --ref-key and --hyp-key (item keys: {', '.join(item)})")
        return [(item[ref_key], item[hyp_key]) for item in data]
    pairs = []
    for n, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        fields = line.split("\t")
        if len(fields) != 2:
            raise InputError(f"{path}:{n}", f"expected reference<TAB>hypothesis, found {len(fields)} field(s)")
        if not pairs and _is_header(fields):  # a spreadsheet's header row is no pair (a hostile tester's was scored)
            continue
        pairs.append((fields[0], fields[1]))
    return pairs


_HEADER_WORDS = frozenset({"ref", "reference", "gold", "truth", "ground_truth", "groundtruth", "gt", "expected",
                           "hyp", "hypothesis", "ocr", "output", "predicted", "prediction", "text", "corrected"})


def _is_header(fields: list[str]) -> bool:
    """Are ``fields`` column names (``ref``, ``hypothesis``, ``gold``, ``ocr``…), not a pair of texts?

    >>> _is_header(["reference", "hypothesis"]), _is_header(["Gold", "OCR"]), _is_header(["তাস", "তাশ"])
    (True, True, False)
    """
    return all(f.strip().casefold().replace(" ", "_") in _HEADER_WORDS for f in fields)


def _number(x: float) -> float | None:
    return None if math.isinf(x) else x


def report(total: Score, per_pair: list[Score]) -> dict:
    """The JSON report: rates (``null`` when the reference is empty and the hypothesis is not), counts, versions."""
    out = {
        "cer": _number(total.cer), "wer": _number(total.wer),
        "char_errors": total.char_errors, "graphemes": total.graphemes,
        "word_errors": total.word_errors, "words": total.words, "pairs": total.pairs,
        "unicode": unicode_version(), "segmentation": segmentation(),
    }
    if len(per_pair) > 1:
        # "pair": its place among the file's pairs, from 1 (a TSV's blank lines skipped), to trace it back (a newcomer)
        out["per_pair"] = [{"pair": k, "cer": _number(s.cer), "wer": _number(s.wer), "char_errors": s.char_errors,
                            "graphemes": s.graphemes, "word_errors": s.word_errors, "words": s.words}
                           for k, s in enumerate(per_pair, start=1)]
    return out


def _percent(x: float) -> str:
    return "n/a (empty reference)" if math.isinf(x) else f"{100 * x:.2f} %"


def check_size(reference: str, hypothesis: str, where: str) -> None:
    """``InputError`` when a pair is too long to align as one text in reasonable time (see ``MAX_CELLS``).

    >>> check_size("তাস" * 10, "তাস" * 10, "a.txt")
    """
    n, m = len(graphemes(reference)), len(graphemes(hypothesis))
    if n * m > MAX_CELLS:
        raise InputError(where, f"{n:,} and {m:,} graphemes are too long to align as one text (the time grows "
                                "with their product); split the texts into pages and score them as --pairs")


def run(args: argparse.Namespace) -> int:
    if args.pairs:
        if args.reference or args.hypothesis:
            raise InputError("puthi eval", "give either REF HYP or --pairs FILE, not both")
        pairs = read_pairs(args.pairs, args.ref_key, args.hyp_key)
        if not pairs:
            raise InputError(args.pairs, "no pairs found; is the file empty?")
    else:
        if not (args.reference and args.hypothesis):
            raise InputError("puthi eval", "give a reference and a hypothesis file (or --pairs FILE)")
        if args.reference == args.hypothesis == "-":
            raise InputError("-", "only one of the two texts can come from standard input")
        pairs = [(read_text_arg(args.reference), read_text_arg(args.hypothesis))]
    for k, (ref, hyp) in enumerate(pairs, start=1):
        where = f"{args.pairs} pair {k}" if args.pairs else f"{args.reference} and {args.hypothesis}"
        check_size(ref, hyp, where)
    per_pair = [score(ref, hyp) for ref, hyp in pairs]
    for k, s in enumerate(per_pair, start=1):
        if not s.graphemes:
            where = f"{args.pairs} pair {k}" if args.pairs else args.reference
            print(f"puthi eval: {where}: the reference is empty, so its error rates are not defined",
                  file=sys.stderr)
    total = sum(per_pair, Score())
    if args.format == "json":
        print(json.dumps(report(total, per_pair), ensure_ascii=False, indent=2))
    else:
        cer, wer = (x if n else math.inf for x, n in ((total.cer, total.graphemes), (total.wer, total.words)))
        print(f"CER {_percent(cer)}  ({total.char_errors} errors / {total.graphemes} graphemes)")
        print(f"WER {_percent(wer)}  ({total.word_errors} errors / {total.words} words)")
        if total.pairs > 1:
            print(f"pairs {total.pairs}")
        print(f"Unicode {unicode_version()} (NFC); graphemes by {segmentation()}")
    return 0
