"""Benchmark 1: real old-print line images (../shared/data/degraded-ocr-train), puthi ocr vs raw Tesseract.

The 100 lines come from four books. Settings were chosen on two of them (TUNE_BOOKS) with ``--tune``; the
other two (HELD_OUT_BOOKS) were not looked at while choosing and are the reported figure. The anchor,
``tesseract IMG - -l ben --psm 7``, runs in the same process on the same lines.

    .venv/bin/python -m bench.ocr_real            # anchor vs puthi defaults, held-out and all lines
    .venv/bin/python -m bench.ocr_real --tune     # the candidate settings, on the tuning books only
"""

from __future__ import annotations

import argparse
import json
import time

from bench._ocr_common import SHARED, raw_many, skip, table, write_section

DATA = SHARED / "data" / "degraded-ocr-train"
TUNE_BOOKS = ("Bardidi", "BiswasGhatakMahon")
HELD_OUT_BOOKS = ("MatirPath", "ParamarthaPrasanga")


def load() -> list[tuple[str, str, str]]:
    """(book, image path, ground truth) for every line."""
    gt = DATA / "ground_truth.json"
    if not gt.exists():
        skip(f"{gt} not found (the shared data folder sits beside the repository)")
    rows = []
    for item in json.loads(gt.read_text(encoding="utf-8")):
        book = item["image"].split("/")[-1].split("_")[0]
        rows.append((book, str(DATA / item["image"]), item["text"]))
    return rows


def score(refs: list[str], hyps: list[str]):
    from puthi.ocr.metrics import score as one

    total = None
    for r, h in zip(refs, hyps, strict=True):
        s = one(r, h)
        total = s if total is None else total + s
    return total


def puthi_read(paths: list[str], settings=None, lang: str = "auto", workers: int = 2) -> list[str]:
    from puthi.ocr.recognize import ocr_batch

    res = ocr_batch(paths, lang=lang, settings=settings, workers=workers, progress=False)
    if res.failures:
        raise SystemExit("\n".join(f.message for f in res.failures))
    return ["\f".join(p.text for p in res.pages[p]) for p in paths]


def candidates():
    """The settings tried on the tuning books (each a name and OcrSettings)."""
    from puthi.ocr.preprocess import Settings
    from puthi.ocr.recognize import OcrSettings, Reading, Recipe

    base = Settings()

    def rec(*readings: str, gate: float = 90.0) -> Recipe:
        parts = []
        for r in readings:
            model, _, scale = r.partition("@")
            parts.append(Reading(model, float(scale) if scale else 1.0))
        return Recipe(tuple(parts), gate=gate)

    out = [("raw ben (no preprocessing)", OcrSettings.raw("ben"))]
    for name, pre in [("default preprocessing", base), ("no rescale", base.but(target_height=None)),
                      ("no pad", base.but(pad=0)), ("no borders", base.but(borders=False)),
                      ("no denoise", base.but(denoise="none")), ("median denoise", base.but(denoise="median")),
                      ("sauvola", base.but(binarize="sauvola")), ("otsu", base.but(binarize="otsu"))]:
        out.append((f"{name}; ben", OcrSettings(preprocess=pre).with_recipe("ben", rec("ben"))))
    for recipe in [("ben",), ("ben+asm",), ("ben+Bengali",), ("Bengali",), ("ben+eng",),
                   ("ben+asm", "ben@0.7", "asm@1.4"),
                   ("ben+Bengali", "ben+asm@0.7", "Bengali@1.4"),
                   ("ben", "ben+Bengali@0.7", "Bengali", "asm@1.4"),
                   ("ben", "ben+Bengali", "ben+asm@0.7", "Bengali@1.4")]:
        for gate in (90.0, 101.0) if len(recipe) > 1 else (90.0,):
            label = f"; vote below {gate:g}" if len(recipe) > 1 else ""
            out.append((f"default preprocessing; {' + '.join(recipe)}{label}",
                        OcrSettings(preprocess=base).with_recipe("ben", rec(*recipe, gate=gate))))
    out.append(("median denoise; ben + ben+Bengali@0.7 + Bengali + asm@1.4; vote below 90",
                OcrSettings(preprocess=base.but(denoise="median")).with_recipe(
                    "ben", rec("ben", "ben+Bengali@0.7", "Bengali", "asm@1.4"))))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tune", action="store_true", help="try the candidate settings on the tuning books")
    ap.add_argument("--workers", type=int, default=2)
    args = ap.parse_args()
    rows = load()
    if args.tune:
        tune = [r for r in rows if r[0] in TUNE_BOOKS]
        paths, refs = [r[1] for r in tune], [r[2] for r in tune]
        anchor = score(refs, raw_many(paths, lang="ben", psm=7)).cer
        print(f"tuning books {', '.join(TUNE_BOOKS)}: {len(tune)} lines; raw tesseract -l ben --psm 7 CER "
              f"{anchor:.2%}")
        for name, settings in candidates():
            t = time.perf_counter()
            s = score(refs, puthi_read(paths, settings, lang="ben", workers=args.workers))
            print(f"{s.cer:7.2%} {s.cer / anchor:5.2f}x  {time.perf_counter() - t:5.1f}s  {name}", flush=True)
        return

    groups = {"held-out (" + ", ".join(HELD_OUT_BOOKS) + ")": [r for r in rows if r[0] in HELD_OUT_BOOKS],
              "tuning (" + ", ".join(TUNE_BOOKS) + ")": [r for r in rows if r[0] in TUNE_BOOKS],
              "all 100 lines": rows}
    paths = [r[1] for r in rows]
    refs = {r[1]: r[2] for r in rows}
    raw = dict(zip(paths, raw_many(paths, lang="ben", psm=7), strict=True))
    auto = dict(zip(paths, puthi_read(paths, lang="auto", workers=args.workers), strict=True))
    ben = dict(zip(paths, puthi_read(paths, lang="ben", workers=args.workers), strict=True))
    out_rows = []
    for name, group in groups.items():
        gp = [r[1] for r in group]
        gr = [refs[p] for p in gp]
        a = score(gr, [raw[p] for p in gp])
        b = score(gr, [auto[p] for p in gp])
        c = score(gr, [ben[p] for p in gp])
        out_rows.append([name, len(gp), f"{a.cer:.2%}", f"{b.cer:.2%}", f"{b.cer / a.cer:.2f}x",
                         f"{c.cer:.2%}", f"{c.cer / a.cer:.2f}x", f"{a.wer:.2%}", f"{b.wer:.2%}"])
    header = ["lines", "n", "raw CER", "puthi auto CER", "ratio", "puthi ben CER", "ratio", "raw WER",
              "puthi auto WER"]
    # What each part does, on the held-out lines (settings already fixed; for information only)
    from dataclasses import replace

    from puthi.ocr.recognize import OcrSettings, Reading, Recipe

    held = groups[next(iter(groups))]
    hp, hr = [r[1] for r in held], [r[2] for r in held]
    anchor = score(hr, [raw[p] for p in hp]).cer
    one = Recipe((Reading("ben"),))
    parts = [
        ("preprocessing, one ben reading", replace(OcrSettings().with_recipe("ben", one), space_marks=False)),
        ("+ spaced marks (one reading)", OcrSettings().with_recipe("ben", one)),
        ("+ voting (no spaced marks)", replace(OcrSettings(), space_marks=False)),
        ("defaults (voting and spaced marks)", OcrSettings()),
    ]
    ablation = [["raw tesseract -l ben --psm 7", f"{anchor:.2%}", "1.00x"]]
    for name, st in parts:
        c = score(hr, puthi_read(hp, st, lang="ben", workers=args.workers)).cer
        ablation.append([name, f"{c:.2%}", f"{c / anchor:.2f}x"])
    from puthi.ocr.metrics import unicode_version
    from puthi.ocr.recognize import RECIPES
    from puthi.ocr.tesseract import version

    body = (
        "## 1. Real old-print lines (degraded-ocr-train)\n\n"
        f"Command: `.venv/bin/python -m bench.ocr_real` (Tesseract {version()}, CER over grapheme clusters after "
        f"NFC, Unicode {unicode_version()}). Anchor: `tesseract IMG - -l ben --psm 7` in the same run. "
        f"Settings chosen with `--tune` on {', '.join(TUNE_BOOKS)} only; {', '.join(HELD_OUT_BOOKS)} held out. "
        f"Recipes: ben = `{RECIPES['ben']}`, asm = `{RECIPES['asm']}`.\n\n" + table(header, out_rows) + "\n\n"
        "What each part contributes on the held-out lines (--lang ben; measured after the settings were fixed):\n\n"
        + table(["settings", "CER", "vs raw"], ablation) + "\n"
    )
    print(body)
    write_section("ocr_real", body)


if __name__ == "__main__":
    main()
