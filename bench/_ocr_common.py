"""Shared helpers for the OCR benchmarks: where the data is, raw Tesseract as the anchor, scoring, and
writing one section of bench/results/ocr.md."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared"
RESULTS = REPO / "bench" / "results" / "ocr.md"


def raw_tesseract(path: str, *, lang: str, psm: int, omp_limit: bool = False, timeout: float = 300) -> str:
    """``tesseract PATH - -l LANG --psm PSM`` as a user would run it (OpenMP as installed unless asked)."""
    env = dict(os.environ)
    if omp_limit:
        env["OMP_THREAD_LIMIT"] = "1"
    else:
        env.pop("OMP_THREAD_LIMIT", None)
    out = subprocess.run(["tesseract", path, "-", "-l", lang, "--psm", str(psm)], capture_output=True, text=True,
                         timeout=timeout, env=env)
    return out.stdout


def raw_many(paths: list[str], *, lang: str, psm: int, jobs: int = 2) -> list[str]:
    with ThreadPoolExecutor(jobs) as pool:
        return list(pool.map(lambda p: raw_tesseract(p, lang=lang, psm=psm), paths))


def write_section(name: str, body: str) -> None:
    """Replace (or add) the section ``name`` of bench/results/ocr.md, keeping the others."""
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    text = RESULTS.read_text(encoding="utf-8") if RESULTS.exists() else "# OCR benchmarks\n"
    start, end = f"<!-- {name} -->", f"<!-- /{name} -->"
    block = f"{start}\n{body.rstrip()}\n{end}"
    if start in text:
        text = re.sub(re.escape(start) + r".*?" + re.escape(end), lambda _m: block, text, flags=re.S)
    else:
        text = text.rstrip() + "\n\n" + block + "\n"
    tmp = RESULTS.with_suffix(".tmp")
    tmp.write_text(text, encoding="utf-8")
    tmp.replace(RESULTS)


def skip(reason: str) -> None:
    print(f"skipped: {reason}", file=sys.stderr)
    raise SystemExit(0)


def table(header: list[str], rows: list[list]) -> str:
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(str(c) for c in r) + " |" for r in rows]
    return "\n".join(lines)
