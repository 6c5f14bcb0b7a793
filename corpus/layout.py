"""Where each OCR line and word sits in the page's OCR text, with its box.

The OCR text of a page is what the reader gave (for plain-text sources, the file as read), so the
layout is found by walking the text and locating each word in turn; a word the text does not contain
is left out rather than given a wrong offset.

>>> page = {"blocks": [{"lines": [{"words": [{"text": "তাস", "box": {"x0": 0, "y0": 0, "x1": 9, "y1": 5}},
...                                          {"text": "খেলা"}]}]}]}
>>> lines, words = layout(page, "তাস  খেলা")
>>> [(w.text, w.start, w.end) for w in words]
[('তাস', 0, 3), ('খেলা', 5, 9)]
>>> (lines[0].start, lines[0].end, lines[0].box)
(0, 9, (0, 0, 9, 5))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

Box = tuple[int, int, int, int]


@dataclass
class LineSpan:
    line_no: int
    block_no: int
    start: int
    end: int
    box: Box | None


@dataclass
class WordSpan:
    line_no: int
    word_no: int
    start: int
    end: int
    text: str
    conf: float
    box: Box | None


def _box(d: Any) -> Box | None:
    if not d:
        return None
    return (int(d["x0"]), int(d["y0"]), int(d["x1"]), int(d["y1"]))


def _union(boxes: list[Box]) -> Box | None:
    if not boxes:
        return None
    return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))


def layout(page: dict[str, Any], text: str) -> tuple[list[LineSpan], list[WordSpan]]:
    """Lines and words of ``page`` (a ``Page.to_dict()``) located in ``text``; numbered from 1."""
    lines: list[LineSpan] = []
    words: list[WordSpan] = []
    cursor = 0
    line_no = 0
    for block_no, block in enumerate(page.get("blocks", []), start=1):
        for line in block.get("lines", []):
            found: list[WordSpan] = []
            for w in line.get("words", []):
                wt = w.get("text", "")
                if not wt:
                    continue
                at = text.find(wt, cursor)
                if at < 0:
                    continue
                cursor = at + len(wt)
                found.append(WordSpan(0, len(found) + 1, at, cursor, wt, float(w.get("conf", -1.0)),
                                      _box(w.get("box"))))
            if not found:
                continue
            line_no += 1
            for w in found:
                w.line_no = line_no
            box = _box(line.get("box")) or _union([w.box for w in found if w.box])
            lines.append(LineSpan(line_no, block_no, found[0].start, found[-1].end, box))
            words += found
    return lines, words
