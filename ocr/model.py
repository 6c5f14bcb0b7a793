"""The page model: Page → Block → Line → Word, with boxes, confidences and processing steps.

Every stage that touches a page appends a :class:`Step`, so exports (hOCR, ALTO, TEI) can say what
the machine did. Confidences are Tesseract's, 0–100; ``-1`` means "not known".

>>> w = Word("তাস", Box(10, 5, 60, 30), conf=91.0)
>>> line = Line([w, Word("খেলা", Box(70, 5, 130, 30), conf=80.0)])
>>> page = Page(path="p.png", width=200, height=40, lang="ben", blocks=[Block([line])])
>>> page.text
'তাস খেলা'
>>> round(page.mean_conf, 1)
85.5
>>> Page.from_dict(page.to_dict()) == page
True
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from typing import Any


@dataclass(frozen=True)
class Box:
    """An axis-aligned box in image pixels: left, top, right, bottom (right and bottom exclusive)."""

    x0: int
    y0: int
    x1: int
    y1: int

    @property
    def width(self) -> int:
        return self.x1 - self.x0

    @property
    def height(self) -> int:
        return self.y1 - self.y0

    @staticmethod
    def union(boxes: list[Box]) -> Box | None:
        """The smallest box around ``boxes``; ``None`` for an empty list."""
        if not boxes:
            return None
        return Box(
            min(b.x0 for b in boxes),
            min(b.y0 for b in boxes),
            max(b.x1 for b in boxes),
            max(b.y1 for b in boxes),
        )


@dataclass
class Step:
    """One processing step applied to a page: its name and the settings it ran with."""

    name: str
    settings: dict[str, Any] = field(default_factory=dict)


def settings_json(raw: str) -> dict[str, Any] | None:
    """The settings an imported file gives a step as JSON, when they are a JSON object: NaN and Infinity, which
    other tools cannot read back, and nesting too deep to read (a hostile tester) make them none.

    >>> settings_json('{"psm": 6}'), settings_json('{"x": NaN}'), settings_json('[1]'), settings_json('[' * 10**5)
    ({'psm': 6}, None, None, None)
    """
    def no_constant(name: str) -> None:
        raise ValueError(name)

    try:
        value = json.loads(raw, parse_constant=no_constant)
    except (ValueError, RecursionError):  # JSONDecodeError is a ValueError
        return None
    return value if isinstance(value, dict) else None


@dataclass
class Word:
    text: str
    box: Box | None = None
    conf: float = -1.0
    lang: str = ""


@dataclass
class Line:
    words: list[Word] = field(default_factory=list)
    box: Box | None = None

    @property
    def text(self) -> str:
        return " ".join(w.text for w in self.words if w.text)

    def bbox(self) -> Box | None:
        """The line's own box, or the union of its words' boxes."""
        return self.box or Box.union([w.box for w in self.words if w.box])


@dataclass
class Block:
    lines: list[Line] = field(default_factory=list)
    box: Box | None = None


MAX_COORDINATE = 1_000_000  # pixels: a 2.5-metre page at 10,000 dpi


@dataclass
class Page:
    path: str = ""
    width: int = 0
    height: int = 0
    lang: str = ""
    blocks: list[Block] = field(default_factory=list)
    steps: list[Step] = field(default_factory=list)
    page_no: int = 1

    @property
    def lines(self) -> list[Line]:
        return [line for block in self.blocks for line in block.lines]

    def checked(self, where: str) -> Page:
        """This page, if its size and every box lie within :data:`MAX_COORDINATE` pixels of the origin; else an
        ``InputError`` naming ``where`` (a damaged ALTO, hOCR or PAGE file: its numbers would not even fit the
        corpus's integers).

        >>> Page(width=10**21).checked("a.xml")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        puthi.errors.InputError: a.xml: a size or coordinate of 1000000000000000000000 pixels is beyond any page; ...
        """
        from puthi.errors import InputError

        boxes = [b.box for b in self.blocks] + [x.box for x in self.lines] + [w.box for w in self.words]
        values = [self.width, self.height, *(v for b in boxes if b for v in (b.x0, b.y0, b.x1, b.y1))]
        if bad := next((v for v in values if abs(v) > MAX_COORDINATE), None):
            raise InputError(where, f"a size or coordinate of {bad} pixels is beyond any page; the file's coordinates "
                                    "are damaged")
        return self

    @property
    def words(self) -> list[Word]:
        return [w for line in self.lines for w in line.words]

    @property
    def text(self) -> str:
        """The page text, one line of text per OCR line, blocks separated by a blank line."""
        return "\n\n".join("\n".join(line.text for line in block.lines) for block in self.blocks)

    @property
    def rotation(self) -> int:
        """Degrees counter-clockwise the text lies turned on the image (0, 90, 180 or 270): a scan put in sideways
        or upside down, read upright by the OCR (its step ``orient`` says how far it turned the image clockwise).

        >>> Page(steps=[Step("orient", {"rotate": 270})]).rotation, Page().rotation
        (270, 0)
        """
        turns = [st.settings.get("rotate") for st in self.steps if st.name == "orient"]
        return turns[0] if turns and turns[0] in (90, 180, 270) else 0  # an imported file's step may say anything

    @property
    def mean_conf(self) -> float:
        """Mean word confidence over words with a known confidence; -1 when there are none."""
        confs = [w.conf for w in self.words if w.conf >= 0]
        return sum(confs) / len(confs) if confs else -1.0

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Page:
        def box(d: dict | None) -> Box | None:
            return Box(**d) if d else None

        blocks = [
            Block(
                lines=[
                    Line(
                        words=[Word(w["text"], box(w.get("box")), w.get("conf", -1.0), w.get("lang", ""))
                               for w in ln.get("words", [])],
                        box=box(ln.get("box")),
                    )
                    for ln in b.get("lines", [])
                ],
                box=box(b.get("box")),
            )
            for b in data.get("blocks", [])
        ]
        steps = [Step(s["name"], dict(s.get("settings", {}))) for s in data.get("steps", [])]
        return cls(
            path=data.get("path", ""),
            width=data.get("width", 0),
            height=data.get("height", 0),
            lang=data.get("lang", ""),
            blocks=blocks,
            steps=steps,
            page_no=data.get("page_no", 1),
        )
