"""The records of a corpus: what the store holds and what a pipeline worker hands back.

A :class:`Document` is one source file; it has pages. A worker turns one :class:`PageTask` into one
:class:`PageResult`: the OCR page (``Page`` from ``ocr/model.py``), the OCR text, the machine edits that
repair it (``Edit`` from ``normalize/edits.py``, offsets into the OCR text), and the terms, numbers,
claims and verdicts found in the repaired text. Human corrections are :class:`Annotation` records keyed
to a document, a page and offsets; they are applied after the machine on every run.

Two texts per page, so offsets always say which one they index:

* ``ocr`` — the text as read (the OCR output, or the file for plain-text sources);
* ``text`` — the final text: the OCR text with the active edits (machine and human) applied.

Edits index the ``ocr`` layer; terms, numbers and claims index the ``text`` layer.

>>> r = PageResult(source="a.txt", page_no=1, content_hash="ab", ocr_text="ৰিস্তি", text="বিস্তি")
>>> r.ok, r.changed
(True, True)
>>> Annotation(document="a.txt", page_no=1, kind="text", start=0, end=1, before="ৰ", after="ব", author="rk").layer
'ocr'
>>> Annotation(document="a.txt", page_no=1, kind="verdict", start=0, end=5, after="contradicted", author="rk").layer
'text'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from puthi.errors import one_line
from puthi.rules.claims.model import Claim, claim_ids  # a rule claim; offsets into the final text

#: The kinds of input a build accepts, by what is inside the file.
SourceKind = Literal["image", "pdf", "hocr", "alto", "page", "text"]
#: Who made a change: the machine (a named stage) or a person.
Resp = Literal["machine", "human"]
#: What a human correction changes.
AnnotationKind = Literal["text", "term", "verdict", "game"]
#: The verdicts a claim check can give (DESIGN.md, ``puthi check``).
VERDICTS = ("consistent", "contradicted", "unverifiable")
#: A person's verdict that a span states no rule: its claims are withdrawn (``puthi correct --no-rule``).
NO_RULE = "no-rule"
#: Each annotation kind and the text layer its offsets index.
ANNOTATION_LAYERS = {"text": "ocr", "term": "text", "verdict": "text", "game": "text"}


@dataclass
class Document:
    """One source file. ``source`` is its resolved path, the key a re-run finds it by."""

    source: str
    name: str
    kind: SourceKind
    sha256: str
    lang: str = ""
    licence: str = ""
    provenance: str = ""
    title: str = ""
    id: int | None = None


@dataclass
class ProcessingStep:
    """One stage that ran on a page: its name, its version and the settings that change its output."""

    stage: str
    version: str
    settings: dict[str, Any] = field(default_factory=dict)

    def key(self) -> str:
        """What a re-run compares: a stage is redone when this changes.

        >>> ProcessingStep("repair", "2", {"lang": "bn"}).key()
        'repair 2 {"lang": "bn"}'
        """
        import json

        return f"{self.stage} {self.version} {json.dumps(self.settings, sort_keys=True, ensure_ascii=False)}"


@dataclass
class Verdict:
    """The check of one claim against a game engine; ``claim`` is an index into the page's claims."""

    claim: int
    expected: Any
    verdict: str
    explanation: str = ""
    impl: str = "reference"
    resp: Resp = "machine"
    author: str = ""


@dataclass
class PageTask:
    """One page for a worker. ``page`` holds OCR already done (an import, or a stored OCR reused)."""

    source: str
    kind: SourceKind
    page_no: int
    content_hash: str
    lang: str = "auto"
    lang_overrules: bool = False  # ``lang`` overrules the language an hOCR, ALTO or PAGE file declares
    game: str = "auto"
    text: str | None = None
    page: dict[str, Any] | None = None
    data: bytes | None = None
    start_stage: str = "ocr"
    prior_edits: list[Any] | None = None
    prior_lang: str = ""
    noise: dict[str, int] | None = None  # the document's recurring noise lines (page furniture), when known
    tables: tuple[Any, ...] = ()  # a scholar's terminology tables (TableFile), read with the bundled ones


@dataclass
class PageResult:
    """What a worker hands back for one page; ``error`` is set when a stage failed (``(stage, message)``)."""

    source: str
    page_no: int
    content_hash: str
    page: dict[str, Any] = field(default_factory=dict)
    ocr_text: str = ""
    text: str = ""
    lang: str = ""
    edits: list[Any] = field(default_factory=list)
    terms: list[Any] = field(default_factory=list)
    numbers: list[Any] = field(default_factory=list)
    claims: list[Claim] = field(default_factory=list)
    verdicts: list[Verdict] = field(default_factory=list)
    steps: list[ProcessingStep] = field(default_factory=list)
    error: tuple[str, str] | None = None
    seconds: float = 0.0

    @property
    def ok(self) -> bool:
        return self.error is None

    @property
    def changed(self) -> bool:
        """True when the machine changed the OCR text."""
        return self.text != self.ocr_text


@dataclass
class Annotation:
    """A human correction, keyed to a document, a page and offsets into one text layer.

    ``before`` quotes the text the offsets covered when the correction was made; a re-run whose text
    moved finds the quote again near the old place (status ``moved``) or reports it ``orphaned``.
    ``after`` is the new text (kind ``text``), a concept or headword to link (``term``; empty to unlink),
    a verdict (``verdict``), or a game (``game``).
    """

    document: str
    page_no: int
    kind: AnnotationKind
    start: int
    end: int
    after: str
    author: str
    before: str = ""
    note: str = ""
    line_no: int | None = None
    word_no: int | None = None
    created: str = ""
    status: str = "pending"
    id: int | None = None
    repeated: bool = False  # set when the same correction was already stored (it is not stored twice)
    quantity: str = ""  # a verdict, withdrawal or game for only the claims of this key or quantity at the span
    row: int | None = field(default=None, compare=False)  # its line in the CSV it was imported from
    # the document's full path as an export's annotations.csv gives it (the name alone may name several)
    source: str = field(default="", compare=False)

    @property
    def layer(self) -> str:
        return ANNOTATION_LAYERS[self.kind]

    @property
    def whole_page(self) -> bool:
        """A game correction with no span (offsets 0..0): the whole page is about that game, whatever its text.

        >>> Annotation("a.txt", 5, "game", 0, 0, "klaverjas", "rk").whole_page
        True
        """
        return self.kind == "game" and self.start == self.end == 0


@dataclass
class Failure:
    """A source or page that did not go through, with the stage and a one-line reason."""

    source: str
    page_no: int | None
    stage: str
    message: str

    def __str__(self) -> str:
        where = self.source if self.page_no is None else f"{self.source} page {self.page_no}"
        # Errors raised on a file already start with its path; say it once.
        message = self.message.removeprefix(f"{self.source}: ").removeprefix(f"{one_line(self.source)}: ")
        return one_line(f"{where}: {self.stage}: {message}")  # a file name's line break, escaped (a hostile tester)


def claim_xml_ids(claims: list[Claim], text: str, page_no: int) -> list[str]:
    """The TEI ``xml:id`` of each claim of page ``page_no`` (also the ``claim_id`` of the exported tables).

    >>> claim_xml_ids([Claim("bisti", "hand_size", {}, 8, 0, 9, "আটখানি তাস")], "আটখানি তাস", 3)
    ['claim-p3-5633dab7']
    """
    return [f"claim-p{page_no}-{cid}" for cid in claim_ids(claims, text)]
