"""Benchmark 2: synthetic degraded pages in every installed Bengali-script font, puthi vs raw Tesseract.

Bengali pages set real prose (the ``clean`` side of ../shared/data/memoir-ocr-dev.json) in each Bengali font;
Assamese pages set real sentences (../shared/data/assamese-wikipedia-10k) in the Assamese font (Lohit
Assamese). Each page gets seeded random degradations (blur, noise, speckle, skew, ink, light, JPEG) from
puthi.ocr.synth. The anchor is ``tesseract PAGE - -l LANG`` with the right language given by hand;
puthi runs with the right language given and with ``--lang auto``.

    .venv/bin/python -m bench.ocr_synth [--pages-per-font 2] [--assamese-pages 4] [--workers 2]
"""

from __future__ import annotations

import argparse
import json
import random
import tempfile
from pathlib import Path

from bench._ocr_common import SHARED, raw_many, skip, table, write_section

ASSAMESE_FONT = "Lohit Assamese"


def bengali_texts() -> list[str]:
    src = SHARED / "data" / "memoir-ocr-dev.json"
    if not src.exists():
        skip(f"{src} not found (the shared data folder sits beside the repository)")
    out = []
    for seg in json.loads(src.read_text(encoding="utf-8")):
        lines = [" ".join(ln.split()) for ln in seg["clean"].splitlines() if ln.strip()]
        # Bengali prose only: the memoir also quotes English, which is not what this benchmark measures
        lines = [ln for ln in lines if sum("\u0980" <= c <= "\u09ff" for c in ln) > 0.6 * len(ln.replace(" ", ""))]
        out.extend(lines)
    return out


def assamese_texts() -> list[str]:
    src = SHARED / "data" / "assamese-wikipedia-10k" / "sentences.txt"
    if not src.exists():
        skip(f"{src} not found (the shared data folder sits beside the repository)")
    out = []
    for row in src.read_text(encoding="utf-8").splitlines():
        _, _, sentence = row.partition("\t")
        if sentence and not any(c.isascii() and c.isalpha() for c in sentence):
            out.append(" ".join(sentence.split()))
    return out


def page_text(pool: list[str], rng: random.Random, font, chars: int = 500) -> str:
    lines: list[str] = []
    while sum(len(ln) for ln in lines) < chars:
        line = rng.choice(pool)
        if font.covers(line):
            lines.append(line)
    return "\n".join(lines)


def make_pages(folder: Path, per_font: int, assamese_pages: int) -> list[dict]:
    from puthi.ocr.synth import Degradation, find_font, list_fonts, render

    rng = random.Random(20240601)
    bn, asm = bengali_texts(), assamese_texts()
    assamese_font = find_font(ASSAMESE_FONT)
    jobs = [(f, "ben", bn) for f in list_fonts() if f.path != assamese_font.path for _ in range(per_font)]
    jobs += [(assamese_font, "asm", asm)] * assamese_pages
    pages = []
    for i, (font, lang, pool) in enumerate(jobs):
        text = page_text(pool, rng, font)
        sample = render(text, font, size=28, width=1300, seed=i, degrade=Degradation.random(i, strength=0.5),
                        lang="as" if lang == "asm" else "bn")
        path = folder / f"p{i:02d}.png"
        sample.image.save(path)
        pages.append({"path": str(path), "font": font.name, "lang": lang, "text": sample.text})
    return pages


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pages-per-font", type=int, default=2)
    ap.add_argument("--assamese-pages", type=int, default=4)
    ap.add_argument("--workers", type=int, default=2)
    args = ap.parse_args()
    from puthi.ocr.metrics import score
    from puthi.ocr.recognize import RECIPES, ocr_batch

    with tempfile.TemporaryDirectory() as tmp:
        pages = make_pages(Path(tmp), args.pages_per_font, args.assamese_pages)
        raw: dict[str, str] = {}
        for lang in ("ben", "asm"):
            paths = [p["path"] for p in pages if p["lang"] == lang]
            raw.update(zip(paths, raw_many(paths, lang=lang, psm=3), strict=True))
        given: dict[str, str] = {}
        for lang in ("ben", "asm"):
            paths = [p["path"] for p in pages if p["lang"] == lang]
            res = ocr_batch(paths, lang=lang, workers=args.workers, progress=False)
            given.update({k: "\n".join(pg.text for pg in v) for k, v in res.pages.items()})
        res = ocr_batch([p["path"] for p in pages], lang="auto", workers=args.workers, progress=False)
        auto = {k: "\n".join(pg.text for pg in v) for k, v in res.pages.items()}
        auto_lang = {k: (v[0].lang if v else "") for k, v in res.pages.items()}

    fonts: dict[str, list[dict]] = {}
    for p in pages:
        fonts.setdefault(f"{p['font']} ({p['lang']})", []).append(p)
    rows = []
    totals = [None, None, None]
    for name, group in fonts.items():
        sums = []
        for k, hyps in enumerate((raw, given, auto)):
            s = None
            for p in group:
                one = score(p["text"], hyps[p["path"]])
                s = one if s is None else s + one
            totals[k] = s if totals[k] is None else totals[k] + s
            sums.append(s)
        right = sum(auto_lang[p["path"]] == p["lang"] for p in group)
        rows.append([name, len(group), f"{sums[0].cer:.2%}", f"{sums[1].cer:.2%}", f"{sums[2].cer:.2%}",
                     f"{sums[1].cer / sums[0].cer:.2f}x" if sums[0].cer else "-", f"{right}/{len(group)}"])
    t = totals
    rows.append(["**all pages**", len(pages), f"{t[0].cer:.2%}", f"{t[1].cer:.2%}", f"{t[2].cer:.2%}",
                 f"{t[1].cer / t[0].cer:.2f}x", f"{sum(auto_lang[p['path']] == p['lang'] for p in pages)}/"
                 f"{len(pages)}"])
    header = ["font (language)", "pages", "raw Tesseract, right -l", "puthi, right --lang", "puthi --lang auto",
              "puthi/raw", "auto chose right"]
    body = (
        "## 2. Synthetic degraded pages, every installed Bengali-script font\n\n"
        f"Command: `.venv/bin/python -m bench.ocr_synth --pages-per-font {args.pages_per_font} --assamese-pages "
        f"{args.assamese_pages}`. Bengali pages: real prose from memoir-ocr-dev (clean side); Assamese pages: "
        f"assamese-wikipedia-10k sentences in {ASSAMESE_FONT}; 1300 px wide, 28 px type, "
        "`Degradation.random(seed, strength=0.5)`. Anchor: `tesseract PAGE - -l ben|asm` (language given by "
        f"hand). Recipes: ben = `{RECIPES['ben']}`, asm = `{RECIPES['asm']}`. CER over grapheme clusters.\n\n"
        + table(header, rows) + "\n"
    )
    print(body)
    write_section("ocr_synth", body)


if __name__ == "__main__":
    main()
