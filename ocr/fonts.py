"""The installed fonts that can set Bengali-script text, found through fontconfig.

Bengali and Assamese share one script; Assamese needs two letters Bengali does not use,
ৰ (RA WITH MIDDLE DIAGONAL) and ৱ (RA WITH LOWER DIAGONAL). Each :class:`Font` records which
Bengali-block code points it has, so callers can pick fonts for an Assamese text.

>>> fonts = list_fonts()
>>> all(f.path.endswith((".ttf", ".otf", ".ttc")) for f in fonts)
True
>>> [f.family for f in fonts if f.covers("\N{BENGALI LETTER KA}")] == [f.family for f in fonts]
True
"""

from __future__ import annotations

import functools
import shutil
import subprocess
from dataclasses import dataclass

from puthi.errors import MissingDependencyError

#: The letters only Assamese uses; a font without them cannot set Assamese text.
ASSAMESE_LETTERS = "\N{BENGALI LETTER RA WITH MIDDLE DIAGONAL}\N{BENGALI LETTER RA WITH LOWER DIAGONAL}"
#: The Unicode Bengali block (U+0980..U+09FF).
BENGALI_BLOCK = range(ord("\N{BENGALI ANJI}"), ord("\N{BENGALI ANJI}") + 0x80)


@dataclass(frozen=True)
class Font:
    """One installed font file that covers Bengali script.

    ``codepoints`` holds the Bengali-block code points the font maps (from fontconfig's charset);
    ``langs`` the fontconfig languages it claims among ``bn`` and ``as``.
    """

    path: str
    family: str
    style: str
    langs: tuple[str, ...]
    codepoints: frozenset[int]

    @property
    def assamese(self) -> bool:
        """True when the font has the Assamese letters ৰ and ৱ."""
        return self.covers(ASSAMESE_LETTERS)

    @property
    def name(self) -> str:
        """Family and style, e.g. ``'Lohit Assamese Regular'``."""
        return f"{self.family} {self.style}".strip()

    def covers(self, text: str) -> bool:
        """True when every Bengali-block character of ``text`` has a glyph in this font."""
        return all(ord(c) in self.codepoints for c in text if ord(c) in BENGALI_BLOCK)


def parse_charset(charset: str) -> frozenset[int]:
    """Bengali-block code points in a fontconfig charset string (hex ranges such as ``980-983 985``).

    >>> sorted(parse_charset("20-7e 9f0-9f1 a00")) == [ord(c) for c in ASSAMESE_LETTERS]
    True
    """
    points: set[int] = set()
    for part in charset.split():
        lo, _, hi = part.partition("-")
        first, last = int(lo, 16), int(hi or lo, 16)
        points.update(p for p in range(max(first, BENGALI_BLOCK.start), min(last, BENGALI_BLOCK.stop - 1) + 1))
    return frozenset(points)


def list_fonts() -> list[Font]:
    """The installed fonts fontconfig lists for Bengali (``bn``) or Assamese (``as``), sorted by family and style.

    >>> any(f.assamese for f in list_fonts())
    True
    """
    return list(_installed())


@functools.lru_cache(maxsize=1)
def _installed() -> tuple[Font, ...]:
    fc_list = shutil.which("fc-list")
    if fc_list is None:
        raise MissingDependencyError("fc-list", "fontconfig is not installed; run: apt-get install fontconfig")
    fmt = "%{file}\t%{family[0]}\t%{style[0]}\t%{lang}\t%{charset}\n"
    by_path: dict[str, Font] = {}
    for lang in ("bn", "as"):
        out = subprocess.run([fc_list, "-f", fmt, f":lang={lang}"], capture_output=True, text=True,
                             timeout=30, check=False).stdout
        for row in out.splitlines():
            fields = row.split("\t")
            if len(fields) != 5 or fields[0] in by_path:
                continue
            path, family, style, langs, charset = fields
            ours = tuple(x for x in ("bn", "as") if x in langs.split("|"))
            by_path[path] = Font(path, family, style, ours, parse_charset(charset))
    return tuple(sorted(by_path.values(), key=lambda f: (f.family, f.style, f.path)))


def find_font(name: str) -> Font:
    """The installed font whose path, file name, family or ``family style`` is ``name`` (case-insensitive).

    >>> find_font("Lohit Assamese").assamese
    True
    """
    key = name.casefold()
    fonts = list_fonts()
    for test in (
        lambda f: f.path.casefold() == key,
        lambda f: f.path.rsplit("/", 1)[-1].casefold() == key,
        lambda f: f.name.casefold() == key,
        lambda f: f.family.casefold() == key and f.style.casefold() in ("regular", "normal", "book"),
        lambda f: f.family.casefold() == key,
    ):
        hits = [f for f in fonts if test(f)]
        if hits:
            return hits[0]
    known = ", ".join(sorted({f.family for f in fonts})) or "none"
    raise MissingDependencyError(name, f"no installed Bengali-script font of that name (installed: {known}); "
                                 "install fonts-beng, fonts-noto-core or fonts-lohit-beng-bengali")
