"""Wrong-script garble of running text the decoder was never built on: benchmark 1 of issue 3, on prose.

``bench.repair_garble`` garbles lines of random held-out dictionary words, mostly rare ones. A book read by
the wrong model is running prose instead, as seed 000 is. This benchmark sets whole lines of real prose in
the installed Bengali fonts, damages them (``puthi.ocr.synth``), reads them with Tesseract ``hin`` and
repairs every line, the whole page garbled. The prose, read at run time from ``../shared``, is:

* the transcriptions of ``data/degraded-ocr-train`` (four old printed Bengali books, 100 lines);
* seeds 002 and 003 (game rules);
* the human-corrected pages of ``data/memoir-ocr-dev.json`` (modern prose), a quarter of their line pieces
  (by a hash of the piece).

None of it was rendered to train the channel (that used lines of random hunspell words). The channel is a
table of sign segments, so it holds no words; the lexicon lists most of these words, as it would for a
user's book. Lines with Latin letters are left out (the repair keeps real English), and long lines are
cut into pieces of at most seven words. Pieces are split by a hash of their text into ``dev`` (for
choosing settings) and ``test`` (reported, not used to choose anything).

Grapheme CER (``puthi.ocr.metrics`` conventions) against the source, in the same run: raw ``hin``, the
offset-transliteration baseline, the garble decoder alone, and the whole repair stage.

Run: ``.venv/bin/python -m bench.repair_garble_running [--split dev|test] [--show]`` (pages cached under
``~/.cache/puthi/garble``; the first run renders and reads them, about a minute).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import sys
import unicodedata
from pathlib import Path

import regex

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"
DEGRADED = SHARED / "data" / "degraded-ocr-train" / "ground_truth.json"
MEMOIR = SHARED / "data" / "memoir-ocr-dev.json"
SEEDS = SHARED / "seeds"
PIECE = 7  # words per rendered line at most
_BENGALI = regex.compile(r"[\u0980-\u09ff]")
_LATIN = regex.compile(r"[A-Za-z]")


def pieces(line: str, size: int = PIECE) -> list[str]:
    """``line`` cut into runs of at most ``size`` words.

    >>> pieces("ক খ গ ঘ", 3)
    ['ক খ গ', 'ঘ']
    """
    words = line.split()
    return [" ".join(words[i : i + size]) for i in range(0, len(words), size)]


def _hash(text: str, byte: int = 0) -> int:
    return hashlib.sha1(text.encode("utf-8")).digest()[byte]


def split_of(text: str) -> str:
    """``dev`` or ``test``, by a hash of the piece."""
    return "dev" if _hash(text) % 2 == 0 else "test"


def prose() -> list[tuple[str, str]]:
    """(source, piece) of the prose that is present, NFC, Bengali and without Latin letters."""
    sources: list[tuple[str, list[str]]] = []
    if DEGRADED.exists():
        sources.append(("degraded-ocr-train", [r["text"] for r in json.loads(DEGRADED.read_text(encoding="utf-8"))]))
    for doc in ("002", "003"):
        for path in sorted(SEEDS.glob(f"{doc}_*.txt"))[:1]:
            sources.append((f"seed {doc}", path.read_text(encoding="utf-8").splitlines()))
    if MEMOIR.exists():
        lines = [ln for seg in json.loads(MEMOIR.read_text(encoding="utf-8")) for ln in seg["clean"].splitlines()]
        sources.append(("memoir", lines))
    out = []
    for name, lines in sources:
        found = [p for ln in lines for p in pieces(unicodedata.normalize("NFC", ln))
                 if len(_BENGALI.findall(p)) >= 4 and not _LATIN.search(p)]
        out += [(name, p) for p in found if name != "memoir" or _hash(p, 1) % 4 == 0]
    return out


def pages(split: str, seed: int = 11, lines_per_page: int = 8) -> list[dict]:
    """Render and read the pieces of ``split`` (cached); each page ``{"src", "ocr", "font", "sources"}``."""
    from puthi.normalize.train_garble import cache_dir, ocr_page
    from puthi.ocr.synth import Degradation, list_fonts, render

    chosen = [(name, p) for name, p in prose() if split_of(p) == split]
    fonts = [f for f in list_fonts() if "bn" in f.langs]
    # The readings depend on the text, the fonts and the page layout: a change to any of them reads again.
    key = "\n".join([*(p for _, p in chosen), *(f.name for f in fonts), str(lines_per_page)])
    path = cache_dir() / f"running-{split}-{seed}-{hashlib.sha1(key.encode('utf-8')).hexdigest()[:10]}.jsonl"
    if path.exists():
        return [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines()]
    os.environ.setdefault("OMP_THREAD_LIMIT", "1")
    rng = random.Random(seed)
    out = []
    for k in range(0, len(chosen), lines_per_page):
        font = fonts[(k // lines_per_page) % len(fonts)]
        page = [(name, p) for name, p in chosen[k : k + lines_per_page] if font.covers(p)]
        if not page:
            continue
        degrade = Degradation.random(seed + k, strength=rng.uniform(0.1, 0.6))
        degrade = Degradation(**{**degrade.__dict__, "skew": 0.0})
        src = "\n".join(p for _, p in page)
        sample = render(src, font, size=rng.randint(28, 40), seed=seed + k, degrade=degrade, width=1800)
        out.append({"src": src, "ocr": "\n".join(ocr_page(sample.image, "hin")), "font": font.name,
                    "sources": sorted({name for name, _ in page})})
        print(f"  page {len(out)} read ({font.name})", file=sys.stderr)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(p, ensure_ascii=False) + "\n" for p in out), encoding="utf-8")
    return out


def sweep(split: str, shares=(0.0, 0.5, 2.0, 8.0), weights=(0.5, 0.8, 1.0)) -> int:
    """Print the decoder's CER on ``split`` for each web-count share and word weight."""
    from bench.repair_garble import corpus_cer, repair_text
    from puthi.normalize.garble import DecoderConfig, build_decoder
    from puthi.normalize.lexicon import bengali_lexicon

    done = pages(split)
    refs = [p["src"] for p in done]
    print(f"| web counts' share | {' | '.join(f'word weight {w}' for w in weights)} |")
    print(f"|---|{'---|' * len(weights)}")
    for share in shares:
        decoder = build_decoder(bengali_lexicon(share).freq)
        variants = [decoder.variant(config=DecoderConfig(word_weight=w)) for w in weights]
        cers = [corpus_cer(refs, [repair_text(p["ocr"], d) for p in done]) for d in variants]
        print(f"| {share} | {' | '.join(f'{c:.3f}' for c in cers)} |", flush=True)
    return 0


def main(argv: list[str] | None = None) -> int:
    from bench.repair_garble import corpus_cer, offset_transliterate, repair_text
    from puthi.normalize.garble import default_decoder
    from puthi.normalize.repair import repair_text as repair_stage

    ap = argparse.ArgumentParser(prog="python -m bench.repair_garble_running", description=__doc__.split("\n")[0])
    ap.add_argument("--split", choices=["dev", "test"], default="test")
    ap.add_argument("--show", action="store_true", help="print each page: source, raw reading, repair")
    ap.add_argument("--sweep", action="store_true",
                    help="decoder CER for other web-count shares and word weights (the grid that chose them)")
    args = ap.parse_args(argv)
    if not prose():
        print(f"skipped: no prose found in {SHARED} (the seeds and ../shared/data are needed)", file=sys.stderr)
        return 0
    if args.sweep:
        return sweep(args.split)
    done = pages(args.split)
    refs = [p["src"] for p in done]
    raw = [p["ocr"] for p in done]
    decoded = [repair_text(x, default_decoder()) for x in raw]
    stage = [repair_stage(x, lang="bn").text for x in raw]
    baseline = corpus_cer(refs, [offset_transliterate(x) for x in raw])
    words = sum(len(r.split()) for r in refs)
    print(f"{args.split}: {len(done)} pages, {words} words, {len({p['font'] for p in done})} fonts")
    for name, hyps in (("raw hin", raw), ("offset baseline", [offset_transliterate(x) for x in raw]),
                       ("garble decoder", decoded), ("repair stage", stage)):
        cer = corpus_cer(refs, hyps)
        print(f"  CER {name}: {cer:.3f} (ratio to baseline {cer / baseline:.2f})")
    by_font: dict[str, tuple[list[str], list[str]]] = {}
    for p, hyp in zip(done, stage, strict=True):
        by_font.setdefault(p["font"], ([], []))[0].append(p["src"])
        by_font[p["font"]][1].append(hyp)
    for font, (r, h) in sorted(by_font.items()):
        print(f"    {font}: repair stage CER {corpus_cer(r, h):.3f}")
    if args.show:
        for p, hyp in zip(done, stage, strict=True):
            print(f"\n[{p['font']}]\n{p['src']}\n--\n{p['ocr']}\n--\n{hyp}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
