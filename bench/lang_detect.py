"""How often the repair stage tells Bengali from Assamese (``normalize.detect.detect_lang``) on short real pieces.

The pieces are eight-word runs (three words at least) of real text from ``../shared/data`` and the seeds, read at
run time:

* Assamese: the first 3,000 sentences of ``assamese-wikipedia-10k/sentences.txt``, as written; with every ৰ made
  র, as a Bengali-model OCR writes Assamese; and with ৱ made ব as well;
* Bengali: seeds 000, 002 and 003, the raw OCR of ``memoir-ocr-dev.json`` and the transcriptions of
  ``degraded-ocr-train``; and the same pieces with one ব or র, or three (chosen by a seeded draw), made ৰ, as OCR
  now and then prints it.

A piece counts as right when it is told its own language. This measures a session-19 change; nothing was tuned on the
Bengali pieces with a ৰ, which were drawn for this measurement.

    .venv/bin/python bench/lang_detect.py
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

from puthi.normalize.detect import detect_lang

SHARED = Path(__file__).resolve().parents[2] / "shared"
PIECE = 8


def pieces(lines: list[str], n: int = PIECE) -> list[str]:
    """Runs of ``n`` words (three at least) of each line.

    >>> pieces(["এক দুই তিন চার", "এক"], 3)
    ['এক দুই তিন']
    """
    out = []
    for line in lines:
        words = line.split()
        out += [" ".join(words[i:i + n]) for i in range(0, len(words), n) if len(words[i:i + n]) >= 3]
    return out


def stray_ra(piece: str, rng: random.Random, n: int = 1) -> str | None:
    """``piece`` with a ব or র of ``n`` of its words made ৰ, or None when fewer words have one.

    >>> stray_ra("তাস আর", random.Random(0))
    'তাস আৰ'
    """
    words = piece.split()
    slots = [i for i, w in enumerate(words) if "ব" in w or "র" in w]
    if len(slots) < n:
        return None
    for i in rng.sample(slots, n):
        words[i] = words[i].replace("ব", "ৰ", 1) if "ব" in words[i] else words[i].replace("র", "ৰ", 1)
    return " ".join(words)


def main() -> int:
    data = SHARED / "data"
    if not (data / "assamese-wikipedia-10k").exists() or not (SHARED / "seeds").exists():
        print(f"skipped: {data} or {SHARED / 'seeds'} is absent", file=sys.stderr)
        return 0
    sentences = (data / "assamese-wikipedia-10k" / "sentences.txt").read_text(encoding="utf-8").splitlines()
    assamese = pieces([s for s in sentences if s.strip()][:3000])
    bengali_lines = []
    for name in ("000_768383804696228d.txt", "002_fd2ddf660d513a42.txt", "003_dd7d695dd97a5b4b.txt"):
        bengali_lines += (SHARED / "seeds" / name).read_text(encoding="utf-8").splitlines()
    for page in json.loads((data / "memoir-ocr-dev.json").read_text(encoding="utf-8")):
        bengali_lines += page["ocr"].splitlines()
    for row in json.loads((data / "degraded-ocr-train" / "ground_truth.json").read_text(encoding="utf-8")):
        bengali_lines.append(row["text"])
    bengali = pieces([line for line in bengali_lines if line.strip()])
    rng = random.Random(7)
    sets = [
        ("Assamese, as written", assamese, "as"),
        ("Assamese, ৰ read as র", [p.replace("ৰ", "র") for p in assamese], "as"),
        ("Assamese, ৰ as র and ৱ as ব", [p.replace("ৰ", "র").replace("ৱ", "ব") for p in assamese], "as"),
        ("Bengali", bengali, "bn"),
        ("Bengali, one ব or র read as ৰ", [x for p in bengali if (x := stray_ra(p, rng))], "bn"),
        ("Bengali, three ব or র read as ৰ", [x for p in bengali if (x := stray_ra(p, rng, 3))], "bn"),
        ("Bengali, every র written ৰ", [p.replace("র", "ৰ") for p in bengali if "র" in p], "bn"),
    ]
    print("| pieces | count | told right | share |\n|---|---|---|---|")
    for label, texts, lang in sets:
        right = sum(detect_lang(t) == lang for t in texts)
        print(f"| {label} | {len(texts):,} | {right:,} | {right / len(texts):.3f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
