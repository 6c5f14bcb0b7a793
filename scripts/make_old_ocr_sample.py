"""Regenerate corpus/samples/bisti_old_ocr.txt: our Bisti sample rendered as a degraded scan and read by
Tesseract's Hindi model, which gives the same wrong-script garble as seed 000.

Run: .venv/bin/python scripts/make_old_ocr_sample.py
"""

from pathlib import Path

import pytesseract

from puthi.ocr.synth import Degradation, find_font, render

SAMPLES = Path(__file__).resolve().parents[1] / "corpus" / "samples"

text = (SAMPLES / "bisti_bn.txt").read_text(encoding="utf-8").strip()
sample = render(text, find_font("Lohit Bengali"), size=34, seed=11, degrade=Degradation(blur=0.6, noise=5.0, ink=0.5))
garble = pytesseract.image_to_string(sample.image, lang="hin", config="--psm 6")
lines = [line for line in garble.splitlines() if line.strip()]
(SAMPLES / "bisti_old_ocr.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
print("\n".join(lines))
