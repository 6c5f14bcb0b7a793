"""Sentences with their code-point offsets.

Bengali and Assamese end sentences with the danda; machine-translated text and seed 003 also use the
full stop, and list items start with a bullet. A blank line ends a sentence, and so does a line break
before a list item or after a heading. Any other line break is where the printer or the OCR wrapped the
line: the sentence goes on (:func:`_line_break_ends`).

>>> text = "তাস খেলা। প্রত্যেকে আটটি তাস পায়।\\n• পারলে একই রং খেলতেই হবে।"
>>> [text[s:e] for s, e in split_sentences(text)]
['তাস খেলা।', 'প্রত্যেকে আটটি তাস পায়।', '• পারলে একই রং খেলতেই হবে।']
>>> text = "নিয়ম:\\n১) প্রত্যেকে আটটি\\nতাস পান\\n২) ৩২টি তাস লাগে"
>>> [text[s:e] for s, e in split_sentences(text)]
['নিয়ম:', '১) প্রত্যেকে আটটি\\nতাস পান', '২) ৩২টি তাস লাগে']
"""

from __future__ import annotations

import bisect
import itertools
import unicodedata
from collections import Counter, defaultdict
from collections.abc import Collection

import regex

from puthi.normalize.unicode import table_bar

#: Quotation marks that close a quotation (after a sentence's danda, or around a name).
CLOSING_QUOTES = "\"'”’»"
# A sentence ends after a danda, double danda, ?, ! or a full stop that is followed by a space (so
# "এইচ.জে.আৰ." and "1.5" stay inside, and so do the dots that lead the eye to a value in a table, "টেক্কা ..... ১১",
# though an ellipsis ends one),
# with the closing quotation marks after it ("… থাকে।"), or at some line breaks (:func:`_line_break_ends`). OCR
# reads a danda after a space as ৷ (a Bengali currency sign); glued to a word it is a danda too ("থাকে৷"), or the
# vowel sign া ("খেল৷", :func:`_glued_aa`).
# "Answer:" in a quiz or a FAQ (প্রশ্ন: … ? উত্তর: …); extract.py and patterns.py read the answer too
ANSWER_MARK = r"(?:উত্তর|উত্তৰ)\s*[:ঃ—–-]"
_ANSWER = regex.compile(rf"\s*(?:{ANSWER_MARK}|উঃ|Ans(?:wer)?\s*[:.])")
_END = regex.compile(r"(?:[\N{DEVANAGARI DANDA}\N{DEVANAGARI DOUBLE DANDA}?!|]"
                     rf"|(?<=\s)\N{{BENGALI CURRENCY NUMERATOR FOUR}})+[{CLOSING_QUOTES}]*"
                     rf"|(?<=[\p{{L}}\p{{M}}])\u09f7[{CLOSING_QUOTES}]*(?=\s)"  # glued: a danda unless _glued_aa
                     r"|(?<=[\p{L}\p{M}])\u09f7(?=\p{L})"  # glued on both sides: a danda if _glued_between
                     r"|(?<!\.)(?<!\.[\p{L}\p{M}]{1,4})\.(?=\s)"  # not the last of initials: এইচ.জে.আৰ.,
                     r"(?<!\p{Nd}\.(?=[ \t]*\p{Nd}{1,3}[ \t]*,))"  # nor OCR's . for , in a list: "মূল্য 20. 14, 11"
                     r"|(?<!\.)\.{2,3}(?=\s)(?![ \t]*[\p{Nd}])"  # an ellipsis; four dots or more lead to a value
                     r"|[\n\f](?:[ \t\r\f]*[\n\f])*")
# A list item: a bullet or a dash and a space; a number with a danda or full stop and a word ("১। প্রত্যেকে");
# or, after a line that ends in a colon or in such an item, a number or letter in brackets ("2)", "(ক)",
# "খ)"). A "(20)" after a wrapped line, or in a bulleted item, is a number.
_BULLET = regex.compile(r"[ \t]*(?:[•●▪◦*]|[\-–—][ \t])")
_ITEM = regex.compile(r"[ \t]*\p{Nd}{1,3}[।.][ \t]+\p{L}")
_NUMBERED = regex.compile(r"[ \t]*(?:\(?[\p{Nd}]{1,3}[.)।]|\(?[\p{L}]\p{M}*\))")
_OPENS_LIST = regex.compile(r"[:：][ \t]*$")
_LINE = regex.compile(r"[^\n\f]+")
# A line that is only a number: a page number ("১২", "- ১২ -", "[১২]"), no part of the sentences around it.
# (Runs of spaces are possessive, *+: a long run of spaces is not tried split in two, which took seconds.)
_NUMBER_LINE = regex.compile(r"[ \t\f]*+[\-–—(\[]?[ \t]*+\p{Nd}{1,4}[ \t]*+[\-–—)\]]?[ \t\r]*+(?:\n|$)")
HEADING_WORDS = 3
# The longest sentence of the seeds has 420 characters. Text with no sentence ends at all (OCR that lost
# its dandas, a PDF without line breaks) is cut after a comma or a space past this length, so that one
# "sentence" cannot hold a whole book: every claim carries its sentence.
MAX_SENTENCE = 2000
_COMMA = regex.compile(r"[,;]\s")
_SPACE = regex.compile(r"\s")


def page_furniture(text: str, heads: Collection[str] = ()) -> list[tuple[int, int]]:
    """``(start, end)`` of the lines that belong to the page, not to the text: a line that is only a number
    (a page number), and a running head, a short line (at most six words, no danda) that stands first or
    last on two pages or more, blank lines and page numbers apart (a page ends at a form feed), or once, at
    the top of a page, set apart from its page number by a wide space or dashes ("ছেষট্টি        ৩"). ``heads``
    are running heads already known (:func:`running_heads` of the whole book, when ``text`` is a part of it).

    >>> text = "তাসখেলা\\nপ্রত্যেকে আটটি\\n১২\\n\\fতাসখেলা\\nতাস পায়।\\n১৩\\n"
    >>> [text[a:b] for a, b in page_furniture(text)]
    ['তাসখেলা', '১২', 'তাসখেলা', '১৩']
    """
    lines = [(m.start(), m.end(), m.group()) for m in _LINE.finditer(text) if not m.group().isspace()]
    numbers = {k for k, (_, _, line) in enumerate(lines) if is_page_number(line)}
    pages = _pages(lines, text)
    edge = {k for page in pages for k in _ends(page, numbers)}  # each page's first and last line not a number
    tops = {page[0] for page in pages[1:]}  # the first line of each page after a form feed
    if lines and _first_line_head(lines[0][2]) and not (len(lines) > 1 and _NUMBERED_HEAD.search(lines[1][2])):
        tops.add(0)  # and the text's, unless a table's rows begin there ("টেক্কা    ১১" / "দহলা    ১০")
    keys = {k: _head_key(lines[k][2]) for k in edge}
    counts = Counter(keys.values())
    # a head's page number changes from page to page: a line with a number, twice the same, is the text's
    seen = Counter(lines[k][2].strip() for k in keys)
    same = {keys[k] for k in keys if lines[k][2].strip() != keys[k] and seen[lines[k][2].strip()] >= 2}
    # pages that hold two running heads ran on without a form feed: their heads are looked for in each
    twice = {page[j] for page in pages for j in _heads_without_form_feeds([lines[k] for k in page])}
    return [(a, b) for k, (a, b, line) in enumerate(lines)
            if k in numbers or k in twice
            or (keys.get(k) and (counts[keys[k]] >= 2 or keys[k] in heads or (k in tops
                                 and _NUMBERED_HEAD.search(line))) and keys[k] not in same)]


PAGE_LINES = 5  # the fewest lines between two running heads of pages run on without a form feed


def _pages(lines: list[tuple[int, int, str]], text: str) -> list[list[int]]:
    r"""The indexes of ``lines`` (``(start, end, line)`` in ``text``) page by page, pages ending at form feeds.

    >>> _pages([(0, 1, "ক"), (2, 3, "খ"), (5, 6, "গ")], "ক\nখ\n\fগ")
    [[0, 1], [2]]
    """
    pages: list[list[int]] = [[]]
    for k, (a, _, _) in enumerate(lines):
        if pages[-1] and "\f" in text[lines[pages[-1][-1]][1] : a]:
            pages.append([])
        pages[-1].append(k)
    return pages


def _heads_without_form_feeds(lines: list[tuple[int, int, str]]) -> set[int]:
    """The lines that are running heads with their page numbers set apart, where pages run on without form feeds
    ("তাসখেলার নিয়মাবলী        ১" … "২        তাসখেলার নিয়মাবলী"): one head, seen again and again at least
    ``PAGE_LINES`` lines on, its number going up a page or two at a time more often than not (OCR may misread
    one). Two score tables ("টেক্কা   ১১" … "টেক্কা   ১") or a numbered list are not.

    >>> lines = [(0, 0, "কথা।")] * 18
    >>> for k, n in ((0, 1), (6, 2), (12, 3)):
    ...     lines[k] = (0, 0, f"তাসখেলা      {n}")
    >>> sorted(_heads_without_form_feeds(lines)), _heads_without_form_feeds([(0, 0, "টেক্কা   ১১")] * 2 + lines[1:7])
    ([0, 6, 12], set())
    """
    by_key: dict[str, list[tuple[int, int]]] = defaultdict(list)  # head -> (line, page number)
    for k, (_, _, line) in enumerate(lines):
        if _NUMBERED_HEAD.search(line) and (key := _head_key(line)):
            digits = regex.search(r"\p{Nd}+", line.replace(key, "")).group()
            by_key[key].append((k, int("".join(str(unicodedata.digit(d)) for d in digits))))
    out: set[int] = set()
    for seen in by_key.values():
        steps = [b - a >= PAGE_LINES and 1 <= m - n <= 2 for (a, n), (b, m) in itertools.pairwise(seen)]
        if steps and 2 * sum(steps) > len(steps):
            out.update(k for k, _ in seen)
    return out


def running_heads(pages: list[str]) -> frozenset[str]:
    r"""The running heads of a book whose pages are ``pages`` (as :func:`page_furniture` finds them), read
    from the lines at each page's edges only, so that a part of the book can be read with them.

    >>> sorted(running_heads(["তাসখেলা\nপ্রত্যেকে আটটি", "তাসখেলা ১৩\nতাস পায়।", "অন্য কথা"]))
    ['তাসখেলা']
    """
    edges = []
    for page in pages:
        lines = [line for line in page.split("\n") if line.strip()]
        edges.append("\n".join(lines[:3] + lines[-3:] if len(lines) > 6 else lines))
    joined = "\n\f".join(edges)
    return frozenset(key for a, b in page_furniture(joined) if (key := _head_key(joined[a:b])))


def is_page_number(line: str) -> bool:
    """Is ``line`` only a page number ("১২", "- ১২ -", "[১২]")?

    >>> is_page_number(" — ১২ —"), is_page_number("১২ জন")
    (True, False)
    """
    return _NUMBER_LINE.fullmatch(line) is not None


def _ends(page: list[int], numbers: set[int]) -> list[int]:
    """The first and the last line of ``page`` (line indexes) that is not a page number."""
    words = [k for k in page if k not in numbers]
    return [words[0], words[-1]] if words else []


def _head_key(line: str) -> str:
    """A running head's text, without a page number before or after it; "" for a line that cannot be one
    (more than six words, a danda, a number inside). Dashes and bullets between its parts are no words.

    >>> _head_key("তাসের খেলা — বাংলার ঘরোয়া খেলা   ৩"), _head_key("১২  তাসখেলা"), _head_key("২৪টি তাস, ৮টি হাতে")
    ('তাসের খেলা বাংলার ঘরোয়া খেলা', 'তাসখেলা', '')
    """
    if regex.search("[।॥?!,]", line):
        return ""
    words = [w for w in line.split() if not _HEAD_MARK.fullmatch(w)]
    if words and _HEAD_NUMBER.fullmatch(words[0]):
        words = words[1:]
    elif words and _HEAD_NUMBER.fullmatch(words[-1]):
        words = words[:-1]
    if not words or len(words) > 6 or any(_HEAD_NUMBER.fullmatch(w) for w in words):
        return ""
    return " ".join(words)


# A page number set apart on a head's line: after two spaces or more, or in dashes ("— ৩ —").
_NUMBERED_HEAD = regex.compile(r"\S[ \t]{2,}+[\-–—(\[]?[ \t]*+\p{Nd}{1,4}[ \t]*+[\-–—)\]]?[ \t]*+$"
                               r"|^[ \t]*+[\-–—(\[]?[ \t]*+\p{Nd}{1,4}(?:[ \t]*+[\-–—)\]])?[ \t]{2,}+\S"
                               r"|[\-–—][ \t]*+\p{Nd}{1,4}[ \t]*+[\-–—]")
def _first_line_head(line: str) -> bool:
    """Could the first line of a text be a running head: its page number first, set apart ("১২      তাসখেলার
    নিয়মাবলী"), naming no game? A number after the words is a table's or a statement's ("তাসের মোট মূল্য      ১২০",
    "খেলোয়াড়ের সংখ্যা      ২"), one in brackets or with a stop a list's item ("(১)  …", "১)  …"), and a game's name
    heads a chapter (a hostile tester lost each of these to the first form of this rule).

    >>> _first_line_head("১২      তাসখেলার নিয়মাবলী"), _first_line_head("তাসের মোট মূল্য      ১২০")
    (True, False)
    >>> _first_line_head("১)  দুইজনে খেলে"), _first_line_head("৪৫      শ্নাপসেন খেলা")
    (False, False)
    """
    if not _NUMBER_FIRST.match(line):
        return False
    from puthi.rules.terms import find_terms

    return not any(t.concept.startswith("game.") for t in find_terms(line))


_NUMBER_FIRST = regex.compile(r"[ \t]*\p{Nd}{1,4}[ \t]{2,}\S")  # a page number alone before the head's words
_HEAD_MARK = regex.compile(r"[\-–—•|:ঃ·*]+")
_HEAD_NUMBER = regex.compile(r"[\p{Nd}\-–—()\[\]]*\p{Nd}[\p{Nd}\-–—()\[\]]*")


def split_sentences(text: str, lang: str = "bn", furniture: list[tuple[int, int]] | None = None
                    ) -> list[tuple[int, int]]:
    """``(start, end)`` of each non-blank sentence, leading and trailing spaces excluded (``lang``, bn or as,
    tells a number word in a heading, :func:`_line_break_ends`). A sentence goes on across a page break and
    the page's ``furniture`` (:func:`page_furniture`) when the line before the break does not end it."""
    furniture = page_furniture(text) if furniture is None else furniture
    spans: list[tuple[int, int]] = []
    start = 0
    for m in _END.finditer(text):
        if m.group() == "|" and table_bar(text, m):
            continue  # a table's column rule ("সাহেব | ৪"), as the repair stage leaves it
        if m.group()[0] == GLUED and not text[m.start() - 1].isspace():
            if _glued_aa(text, m.start(), lang) or (m.end() < len(text) and text[m.end()].isalpha()
                                                    and not _glued_between(text, m.start(), lang)):
                continue  # খেল৷, ত৷স: OCR's ৷ for the vowel sign া, not a danda
        if "?" in m.group() and _ANSWER.match(text, m.end()):
            continue  # "প্রশ্ন: … কত পয়েন্ট লাগে? উত্তর: ৬৬।": the answer completes the question (a quiz, a FAQ)
        if m.group()[0] in "\n\f":  # a line or page break
            if in_ranges(furniture, m.start() - 1):
                continue  # decided at the break before the furniture (:func:`_across_furniture`)
            ends = _across_furniture(text, furniture, start, m.start(), m.end(), lang)
            if ends is None:
                ends = _line_break_ends(text, start, m.start(), m.end(), lang)
            if not ends:
                continue
            end = m.start()
        else:
            end = m.end()
        spans.append((start, end))
        start = m.end()
    spans.append((start, len(text)))
    out = []
    for s, e in (piece for span in spans for piece in _pieces(text, *span)):
        while s < e and text[s].isspace():
            s += 1
        while e > s and text[e - 1].isspace():
            e -= 1
        if e > s:
            out.append((s, e))
    return out


GLUED = "\N{BENGALI CURRENCY NUMERATOR FOUR}"
_WORD_BEFORE = regex.compile(r"[\p{L}\p{M}]+$")


def _glued_aa(text: str, at: int, lang: str) -> bool:
    """Is the ৷ at ``at``, glued to the word before it, OCR's reading of the vowel sign া rather than a danda? So
    when the word with া is far commoner on the web (Bengali: খেলা 309,030 per billion against খেল 5,888) or, in
    Assamese, which has no such counts, a word of the lexicon while the word as it stands is not. থাকে৷ and জড়িত৷
    end their sentences (a newcomer's Assamese OCR: three sentences had been read as one, and a rule lost).

    >>> _glued_aa("তাস খেল৷ হয়", 7, "bn"), _glued_aa("সে তাহ৷ জানে", 6, "bn"), _glued_aa("টুকুৰা থাকে৷ বৰ্ডত", 11, "as")
    (True, True, False)
    """
    from puthi.normalize.lexicon import load_lexicon, web_counts

    m = _WORD_BEFORE.search(text, max(0, at - 64), at)  # a word's length back, not the whole text (a review)
    if not m:
        return False
    word, joined = m.group(), m.group() + "\N{BENGALI VOWEL SIGN AA}"
    if lang != "as":
        web = web_counts()
        return web.get(joined, 0) > 4 * web.get(word, 0)
    lex = load_lexicon("as")
    return joined in lex and word not in lex


_WORD_AFTER = regex.compile(r"[\p{L}\p{M}]+")
_LETTER = regex.compile(r"\p{L}")  # letters, not their signs
# Endings a word takes, which OCR's ৷ for া may set apart (খেল৷টি, গোল৷মের); not a sentence's first word.
_ENDINGS = frozenset({"টি", "টা", "টো", "খানি", "খানা", "গুলি", "গুলো", "রা", "দের", "কে", "তে", "য়", "র", "ের", "মের",
                      "রও", "ও", "ই", "ৰ", "ত", "ক", "বোৰ", "সকল"})


def _glued_between(text: str, at: int, lang: str) -> bool:
    """Is the ৷ at ``at``, glued to the words on both sides, a danda that lost its space ("থাকে৷তুরুপ")? So
    when both words are words of the lexicon of two letters or more (or সে, যে after it; no ending), and the run
    with া for ৷ neither is a word nor starts with one longer than the word before (ত৷স is তাস; কর৷র is করার,
    :func:`_glued_aa`; গোল৷মের is গোলাম and its ending). "পায়৷এই খেলায়" ends a sentence (a review: a
    first version asked three letters of the word after, and এই, যদি, যে stayed glued). An inflected Assamese
    word after it that the word list lacks keeps the run whole: too little is known to cut a sentence there.

    >>> _glued_between("সে থাকে৷তুরুপ বড়", 7, "bn"), _glued_between("এক ত৷স", 4, "bn")
    (True, False)
    >>> _glued_between("গোল৷মের মূল্য", 3, "bn"), _glued_between("অফিস৷রও আছে", 4, "bn")
    (False, False)
    >>> [_glued_between(t, t.index("\u09f7"), "bn") for t in ("তাস পায়৷এই খেলায়", "তাস পায়৷যে আগে")]
    [True, True]
    """
    from puthi.normalize.lexicon import load_lexicon

    before = _WORD_BEFORE.search(text, max(0, at - 64), at)
    after = _WORD_AFTER.match(text, at + 1, at + 65)
    if not (before and after):
        return False
    lex = load_lexicon(lang if lang == "as" else "bn")
    words = before.group(), after.group()
    joined = words[0] + "\N{BENGALI VOWEL SIGN AA}" + words[1]
    short = len(_LETTER.findall(words[1])) < 2 and words[1] not in ("সে", "যে")  # তো, ছি: endings more often
    if len(_LETTER.findall(words[0])) < 2 or short or words[1] in _ENDINGS or not all(w in lex for w in words):
        return False  # খেল৷টি is খেলাটি, যাইত৷ছি যাইতাছি
    return not any(joined[:k] in lex for k in range(len(words[0]) + 2, len(joined) + 1))  # nor গোলাম + ের


def _line_break_ends(text: str, sentence: int, start: int, end: int, lang: str = "bn") -> bool:
    """Does the line break ``text[start:end]`` (newlines, maybe with blank lines) end the sentence that began
    at ``sentence``? At a blank line; before a bullet or a numbered item ("২। …"); before an item in brackets
    when the line ends in a colon or the sentence is such an item itself; and after a heading
    (:func:`_is_heading`). Page breaks are :func:`_across_furniture`'s."""
    breaks = text.count("\n", start, end)
    if breaks > 2 or (breaks == 2 and not _runs_on(text, start, end)) or "\f" in text[start:end] \
            or _BULLET.match(text, end):
        return True
    if _next_item(text, end):
        return True
    line_start = text.rfind("\n", 0, start) + 1
    if _NUMBERED.match(text, end) and (_OPENS_LIST.search(text, line_start, start) or _NUMBERED.match(text, sentence)):
        return True
    return _is_heading(text, sentence, start, lang)


def _runs_on(text: str, start: int, end: int) -> bool:
    r"""Does the line that ends at ``start`` stop where no sentence stops, so that the blank line up to ``end`` is
    OCR's (a newcomer's turned scan: "… ২০টি কার্ড দিয়ে খেলানো হয়, যার থেকে" / blank / "প্রতিটি খেলোয়াড়কে পাঁচটি …")?
    So when it ends in a comma or in a word that joins what follows (a conjunction, a relative or a postposition:
    :data:`_JOINING_WORDS`), and the line after is no heading, list item or quotation and names no game (a review:
    "… পায়, এবং" / blank / "শ্নাপসেন খেলা" had given Sixty-Six's rule to Schnapsen).

    >>> _runs_on("খেলানো হয়, যার থেকে\n\nপ্রতিটি খেলোয়াড়কে পাঁচটি কার্ড দেওয়া হয়।", 20, 22), _runs_on("তাস পায়\n\nশেষ কথা।", 8, 10)
    (True, False)
    >>> _runs_on("তাস পায়, এবং\n\nশ্নাপসেন খেলা\n", 13, 15), _runs_on("তাস পায়, এবং\n\nশ্নাপসেনে সবাই পাঁচটি পায়।", 13, 15)
    (False, False)
    """
    line = text[text.rfind("\n", 0, start) + 1 : start].rstrip()
    last = line.rsplit(None, 1)[-1] if line else ""
    if not (line.endswith(",") or last in _JOINING_WORDS):  # not a hyphen: a table's dash (a hostile tester)
        return False
    after = text[end : (stop if (stop := text.find("\n", end)) >= 0 else len(text))]
    if _head_key(after) or _NUMBERED.match(text, end) or _next_item(text, end) or _OPENS_APART.match(after):
        return False  # a heading (six words at most, no danda: "অধ্যায় ২: শ্নাপসেন খেলা", a review), a list's item, or
        # a line set apart by a quotation mark or bracket
    from puthi.rules.terms import find_terms

    # a line that names a game anywhere may be another game's paragraph ("অস্ট্রিয়ার শ্নাপসেন খেলায় …": a hostile
    # tester's false contradiction)
    return not any(t.concept.startswith("game.") for t in find_terms(after))


_OPENS_APART = regex.compile(r"\s*[\"'“‘«(\[]")
# Words that end no sentence (Bengali and Assamese): conjunctions, relatives and postpositions.
_JOINING_WORDS = frozenset({
    "এবং", "ও", "আর", "কিন্তু", "অথবা", "বা", "কিংবা", "যদি", "তবে", "যে", "যার", "যাহার", "যাহা", "যা", "যিনি", "যাঁহার",
    "যেখানে", "যখন", "থেকে", "হইতে", "হতে", "জন্য", "জন্যে", "দিয়ে", "দিয়া", "সঙ্গে", "সাথে", "মধ্যে", "পর্যন্ত", "নিয়ে",
    "লইয়া", "কারণ", "অর্থাৎ", "অনুযায়ী", "ছাড়া", "বাদে",
    "আৰু", "যদিহে", "যি", "যাৰ", "পৰা", "লগত", "কাৰণে", "বাবে", "মাজত", "লৈ"})


def _next_item(text: str, at: int) -> bool:
    r"""Does a numbered list item start at ``at``, "N। …" where the item before it, "N-1। …", began a line
    earlier in the text? (A wrapped value and its danda, "… ২, ০ ও\n০। এতে …", is no item.)

    >>> _next_item("১। প্রথম কথা\n২। দ্বিতীয় কথা", 13), _next_item("মূল্য ১১, ০ ও\n০। এতে", 14)
    (True, False)
    """
    m = _ITEM.match(text, at)
    if not m:
        return False
    digits = regex.match(r"[ \t]*(\p{Nd}+)", text[at:]).group(1)
    n = int(digits.translate(_DIGIT_VALUES))
    if n < 2:
        return False
    before = str(n - 1).translate(_DIGITS_LIKE[digits[0]]) if digits[0] in _DIGITS_LIKE else str(n - 1)
    return regex.search(rf"(?:^|\n)[ \t]*{before}[।.][ \t]", text, pos=max(0, at - 3000), endpos=at) is not None


_DIGIT_VALUES = str.maketrans("০১২৩৪৫৬৭৮৯", "0123456789")
_DIGITS_LIKE = {d: str.maketrans("0123456789", "০১২৩৪৫৬৭৮৯") for d in "০১২৩৪৫৬৭৮৯"}  # Bengali digits stay Bengali


def in_ranges(ranges: list[tuple[int, int]], pos: int) -> bool:
    """Is ``pos`` inside one of the sorted, disjoint ``ranges``?

    >>> in_ranges([(2, 4), (7, 9)], 3), in_ranges([(2, 4), (7, 9)], 4)
    (True, False)
    """
    return _range_at(ranges, pos) is not None


def _range_at(ranges: list[tuple[int, int]], pos: int) -> tuple[int, int] | None:
    k = bisect.bisect_right(ranges, (pos, float("inf"))) - 1
    return ranges[k] if k >= 0 and ranges[k][0] <= pos < ranges[k][1] else None


def _across_furniture(text: str, furniture: list, sentence: int, start: int, end: int, lang: str) -> bool | None:
    """For a line break followed by page furniture (a page number, a running head, a form feed), whether the
    sentence ends here: not when the line before is no heading and does not end in a danda, ! ? or a colon,
    and the text after the furniture is no list item (the printer ran the sentence onto the next page).
    ``None`` when no furniture follows."""
    pos, crossed = start, False  # from the break itself: blanked furniture is part of a whitespace run
    while True:
        while pos < len(text) and text[pos] in " \t\r\n\f":
            crossed |= text[pos] == "\f"
            pos += 1
        if (piece := _range_at(furniture, pos)) is None:
            break
        pos, crossed = piece[1], True
    # furniture already blanked into the whitespace run, with no form feed (pages run on without one)
    crossed |= bisect.bisect_left(furniture, (start, 0)) < bisect.bisect_left(furniture, (pos, 0))
    if not crossed:
        return None
    line_start = text.rfind("\n", 0, start) + 1
    line = text[line_start:start].rstrip()
    if not line or regex.search(r"[।॥?!:：]$", line) or _BULLET.match(text, pos) or _next_item(text, pos):
        return True
    # A printer ends no page with a heading, unless the heading is all the page holds (a title page).
    return _is_heading(text, sentence, start, lang) and _first_on_page(text, furniture, line_start)


def _first_on_page(text: str, furniture: list, at: int) -> bool:
    r"""Is nothing but blank space and page furniture on ``at``'s page before it?

    >>> _first_on_page("এক\f১২\nছেষট্টি", [(3, 5)], 6), _first_on_page("এক\nছেষট্টি", [], 3)
    (True, False)
    """
    pos = text.rfind("\f", 0, at) + 1
    while True:
        while pos < at and text[pos].isspace():
            pos += 1
        if (piece := _range_at(furniture, pos)) is None:
            return pos >= at
        pos = piece[1]


def _is_heading(text: str, sentence: int, start: int, lang: str) -> bool:
    """Is the sentence from ``sentence`` to the line end ``start`` a heading: on a line of its own, at most
    three words, no comma and no number but games' names (:func:`_names_only`), and no number word at its end
    that the next line's first word counts ("ছেষট্টি / পয়েন্ট পাইলে জয়ী": a review)?"""
    from puthi.rules.terms import find_numbers

    line_start = text.rfind("\n", 0, start) + 1
    sentence += len(text[sentence:start]) - len(text[sentence:start].lstrip())  # the line break after a danda
    if sentence < line_start or text[line_start:sentence].strip():
        return False  # the sentence began on an earlier line, or after another on this one
    words = text[sentence:start].rstrip()
    if len(words.split()) > HEADING_WORDS or regex.search("[,;]", words):
        return False
    numbers = find_numbers(words, lang=lang)
    if numbers and not _names_only(words):
        return False
    return not (numbers and numbers[-1].end == len(words) and _counts_on(text, start, lang))


def _counts_on(text: str, end: int, lang: str) -> bool:
    r"""Does the line after the one ending at ``end`` open with a counted word (পয়েন্ট, ফোটা)?

    >>> _counts_on("যে প্রথমে ছেষট্টি\nপয়েন্ট পায়", 17, "bn"), _counts_on("ছেষট্টি\nখেলার নিয়ম", 7, "bn")
    (True, False)
    """
    from puthi.rules.terms.numbers import is_counted

    m = _WORD_AFTER.search(text, end, end + 80)
    return bool(m and not text[end : m.start()].count("\n") > 1 and is_counted(m.group(), lang))


def _names_only(words: str) -> bool:
    """Are ``words`` games' names and the words of a heading, nothing else ("ছেষট্টি ও বিস্তি", "ছেষট্টি খেলা": a
    newcomer's running head, whose ছেষট্টি is also 66, ran into the sentence after it)? "ছেষট্টি খেলায় প্রত্যেকে"
    opens a sentence.

    >>> [_names_only(w) for w in ("ছেষট্টি ও বিস্তি", "ছেষট্টি খেলা", "ছেষট্টি খেলায় প্রত্যেকে", "দশ")]
    [True, True, False, False]
    """
    from puthi.rules.terms import find_terms

    names = [t for t in find_terms(words) if t.concept.startswith("game.")]
    rest = "".join(" " if any(t.start <= k < t.end for t in names) else ch for k, ch in enumerate(words))
    return bool(names) and all(w in _HEADING_FILLERS for w in rest.split())


# The words a heading of games' names may have besides the names: "ছেষট্টি ও বিস্তি", "ছেষট্টি খেলা".
_HEADING_FILLERS = frozenset({"ও", "এবং", "আর", "আৰু", "&", "-", "–", "খেলা", "খেল", "নিয়ম", "নিয়মাবলী"})


def _pieces(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """``(start, end)`` cut into pieces of at most about ``MAX_SENTENCE`` characters, after a comma where
    there is one in the last quarter of a piece, else after a space.

    >>> [len(p) for p in (" ".join(["তাস"] * 1000)[a:b] for a, b in _pieces(" ".join(["তাস"] * 1000), 0, 3999))]
    [2000, 1999]
    """
    out = []
    while end - start > MAX_SENTENCE:
        window = text[start + MAX_SENTENCE * 3 // 4 : start + MAX_SENTENCE]
        commas = [m.end() for m in _COMMA.finditer(window)]
        spaces = [m.end() for m in _SPACE.finditer(window)]
        cut = start + MAX_SENTENCE * 3 // 4 + (commas or spaces or [len(window)])[-1]
        out.append((start, cut))
        start = cut
    out.append((start, end))
    return out
