"""Render the bundled sample pages again: ``.venv/bin/python ocr/samples/make_samples.py``.

The texts are short passages about the card game Twenty-nine, written for this project in Bengali and in
Assamese, set as old books set them (a space before the danda); each becomes a lightly degraded page (PNG)
beside its ground truth (TXT).
"""

from __future__ import annotations

from pathlib import Path

from puthi.ocr.synth import Degradation, render

HERE = Path(__file__).parent

SAMPLES = {
    "twenty_nine_bn": ("Noto Serif Bengali", "bn", """টুয়েন্টি-নাইন খেলার নিয়ম
এই খেলায় চারজন খেলোয়াড় দুই দলে ভাগ হইয়া মুখোমুখি বসেন ।
বত্রিশখানি তাস লাগে; প্রত্যেক রঙের সাত হইতে টেক্কা পর্যন্ত ।
গোলাম সবচেয়ে বড় তাস, তাহার পরে নহলা, তাহার পরে টেক্কা ও দহলা ।
গোলামের দাম তিন, নহলার দুই, টেক্কা ও দহলার এক করিয়া ।
ডাক শেষ হইলে যিনি সবচেয়ে বেশি ডাকিয়াছেন তিনি গোপনে রঙ ঠিক করেন ।
ডাকের সমান বা বেশি পয়েন্ট তুলিতে পারিলে সেই দল জেতে ।"""),
    "twenty_nine_as": ("Lohit Assamese", "as", """তাচ খেলৰ নিয়ম
এই খেলত চাৰিজন খেলুৱৈ দুটা দলত ভাগ হৈ বহে ।
প্ৰতিজন খেলুৱৈয়ে আঠখনকৈ তাচ পায় ।
ৰং ঠিক কৰাৰ পিছত খেল আৰম্ভ হয় ।"""),
}


def main() -> None:
    for i, (stem, (font, lang, text)) in enumerate(SAMPLES.items()):
        sample = render(text, font, size=30, width=1100, seed=29 + i, lang=lang,
                        degrade=Degradation(blur=0.7, speckle=0.001, skew=0.8, light=0.15))
        sample.image.save(HERE / f"{stem}.png", optimize=True)
        (HERE / f"{stem}.txt").write_text(sample.text + "\n", encoding="utf-8")
        print(HERE / f"{stem}.png", sample.image.size)


if __name__ == "__main__":
    main()
