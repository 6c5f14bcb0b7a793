"""Wrong-script garble in running text: a clean Bengali document with some of its words garbled, as in seed 000.

Seed 000 is a real page where about one word in eight came out as Devanagari/Latin look-alikes while the rest
stayed Bengali. This benchmark makes documents of that kind from text the decoder was not built on: in seeds
002 and 003, 12 % of the Bengali words (chosen by a hash of their position) are set in the installed Bengali
fonts, damaged (``puthi.ocr.synth``) and read by Tesseract ``hin``; each reading replaces its word in the text.
The same is done to the 18 human-corrected pages of ``../shared/data/memoir-ocr-dev.json`` (modern prose).
Lines whose word count the OCR gets wrong are left clean. The repair then reads the whole document, and the
score is the share of garbled words it gives back exactly, against the offset-transliteration baseline and
against the repair of each line alone (without the words the rest of the document spells).

Positions are split by a second hash into ``dev`` (for choosing settings) and ``test`` (reported, not used to
choose anything). The rendered readings are cached under ``~/.cache/puthi/garble``.

Run: ``.venv/bin/python -m bench.repair_garble_context [--split dev|test] [--show] [--document-bonus X]``
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
import unicodedata
from dataclasses import dataclass
from pathlib import Path

import regex

ROOT = Path(__file__).resolve().parents[1]
SEEDS = ROOT.parent / "shared" / "seeds"
DOCS = ("002", "003")
MEMOIR = ROOT.parent / "shared" / "data" / "memoir-ocr-dev.json"
SHARE = 12  # percent of the Bengali words garbled
EDGE = "\"'“”‘’«»,;:?!।॥\u09f7()[]-–—…."
_BENGALI_WORD = regex.compile(r"^[\u0980-\u09ff\u200c\u200d]{2,}$")


@dataclass(frozen=True)
class Garbled:
    line: int  # line number in the document
    index: int  # whitespace token number in the line
    word: str  # the Bengali word the page had
    reading: str  # what Tesseract hin read


def _hash(key: str, byte: int = 0) -> int:
    return hashlib.sha1(key.encode("utf-8")).digest()[byte]


def split_of(doc: str, g: Garbled) -> str:
    """``dev`` or ``test``, by a hash of the position."""
    return "dev" if _hash(f"{doc}:{g.line}:{g.index}", 1) % 2 == 0 else "test"


def chosen_words(text: str, doc: str) -> list[tuple[int, int, str]]:
    """(line, token index, Bengali word) of the words to garble: SHARE percent, by a hash of the position."""
    out = []
    for ln, line in enumerate(text.split("\n")):
        for k, tok in enumerate(line.split()):
            core = unicodedata.normalize("NFC", tok.strip(EDGE))
            if core == tok.strip(EDGE) and _BENGALI_WORD.match(core) and _hash(f"{doc}:{ln}:{k}") % 100 < SHARE:
                out.append((ln, k, core))
    return out


def read_garbled(doc: str, text: str, per_line: int = 6, lines_per_page: int = 8, seed: int = 5) -> list[Garbled]:
    """Render the chosen words of ``doc`` and read them with Tesseract ``hin`` (cached)."""
    from puthi.normalize.train_garble import cache_dir, ocr_page
    from puthi.ocr.synth import Degradation, list_fonts, render

    digest = hashlib.sha1(text.encode("utf-8")).hexdigest()[:10]  # new text, new readings
    path = cache_dir() / f"context-{doc}-{SHARE}-{seed}-{digest}.jsonl"
    if path.exists():
        return [Garbled(**json.loads(x)) for x in path.read_text(encoding="utf-8").splitlines()]
    rng = random.Random(seed)
    fonts = [f for f in list_fonts() if "bn" in f.langs]
    words = chosen_words(text, doc)
    groups = [words[i : i + per_line] for i in range(0, len(words), per_line)]
    out: list[Garbled] = []
    for p in range(0, len(groups), lines_per_page):
        page = groups[p : p + lines_per_page]
        font = rng.choice([f for f in fonts if f.covers("".join(w for g in page for _, _, w in g))] or fonts)
        sample = render("\n".join(" ".join(w for _, _, w in g) for g in page), font, size=rng.randint(28, 36),
                        seed=seed + p, degrade=Degradation.random(seed + p, strength=0.3), width=1600)
        lines = ocr_page(sample.image, "hin")
        if len(lines) != len(page):
            continue
        for group, read in zip(page, lines, strict=True):
            tokens = read.split()
            if len(tokens) == len(group):
                out += [Garbled(ln, k, w, t) for (ln, k, w), t in zip(group, tokens, strict=True)]
        print(f"  {doc}: page {p // lines_per_page + 1} read ({font.name})", file=sys.stderr)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(g.__dict__, ensure_ascii=False) + "\n" for g in out), encoding="utf-8")
    return out


def garbled_text(text: str, garbled: list[Garbled]) -> str:
    """``text`` with each garbled word replaced by its reading (edge punctuation kept)."""
    lines = [line.split(" ") for line in text.split("\n")]
    for g in garbled:
        pos = [i for i, t in enumerate(lines[g.line]) if t][g.index]
        target = lines[g.line][pos]
        if unicodedata.normalize("NFC", target.strip(EDGE)) != g.word:
            raise ValueError(f"line {g.line} token {g.index} is {target!r}, not {g.word!r}: stale readings cache")
        lines[g.line][pos] = target.replace(g.word, g.reading, 1)
    return "\n".join(" ".join(parts) for parts in lines)


def score(doc: str, repaired: str, garbled: list[Garbled], split: str) -> tuple[int, int, list[tuple[str, str, str]]]:
    """(right, total, rows) over the garbled words of ``split``: the repaired token's core against the word."""
    lines = repaired.split("\n")
    right = total = 0
    rows = []
    for g in garbled:
        if split_of(doc, g) != split:
            continue
        tokens = lines[g.line].split()
        got = unicodedata.normalize("NFC", tokens[g.index].strip(EDGE)) if g.index < len(tokens) else ""
        total += 1
        right += got == g.word
        rows.append((g.reading, got, g.word))
    return right, total, rows


def documents() -> list[tuple[str, str]]:
    """(name, NFC text) of the documents that are present: seeds 002 and 003, the memoir's corrected pages."""
    docs = []
    for doc in DOCS:
        files = sorted(SEEDS.glob(f"{doc}_*.txt"))
        if files:
            docs.append((doc, unicodedata.normalize("NFC", files[0].read_text(encoding="utf-8"))))
    if MEMOIR.exists():
        for k, seg in enumerate(json.loads(MEMOIR.read_text(encoding="utf-8"))):
            docs.append((f"memoir{k:02d}", unicodedata.normalize("NFC", seg["clean"])))
    return docs


def main(argv: list[str] | None = None) -> int:
    from bench.repair_garble import offset_transliterate
    from puthi.normalize.repair import repair_line, repair_text

    ap = argparse.ArgumentParser(prog="python -m bench.repair_garble_context", description=__doc__.split("\n")[0])
    ap.add_argument("--split", choices=["dev", "test"], default="test")
    ap.add_argument("--show", action="store_true", help="print each garbled word with its reading")
    ap.add_argument("--document-bonus", type=float, help="try another DecoderConfig.document_bonus (nats)")
    args = ap.parse_args(argv)
    if args.document_bonus is not None:  # for the sweep that chose the default, on dev
        import dataclasses

        from puthi.normalize.garble import default_decoder

        decoder = default_decoder()
        decoder.config = dataclasses.replace(decoder.config, document_bonus=args.document_bonus)
    totals = {"repair": [0, 0], "repair, each line alone (no document words)": [0, 0], "offset": [0, 0]}
    for doc, text in documents():
        garbled = read_garbled(doc, text)
        damaged = garbled_text(text, garbled)
        alone = "\n".join(repair_line(line, "bn").text for line in damaged.split("\n"))
        for name, out in (("repair", repair_text(damaged, lang="bn").text),
                          ("repair, each line alone (no document words)", alone),
                          ("offset", offset_transliterate(damaged))):
            right, total, rows = score(doc, out, garbled, args.split)
            totals[name][0] += right
            totals[name][1] += total
            if args.show and name == "repair":
                for reading, got, want in rows:
                    print(f"  {'ok ' if got == want else '   '} {reading} -> {got} ({want})")
    n = totals["repair"][1]
    if not n:
        print(f"skipped: the seeds and the memoir pages are not in {ROOT.parent / 'shared'}", file=sys.stderr)
        return 0
    print(f"{args.split}: {n} garbled words in seeds {', '.join(DOCS)} and the memoir pages "
          f"({SHARE} % of their Bengali words)")
    for name, (right, total) in totals.items():
        print(f"  word accuracy, {name}: {right / max(total, 1):.3f} ({right}/{total})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
