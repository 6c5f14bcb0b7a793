"""Page furniture: a line of noise that recurs page after page is emptied, and nothing else is."""

import io
import json

from hypothesis import given, settings
from hypothesis import strategies as st

from puthi.normalize.edits import apply_edits
from puthi.normalize.furniture import MIN_GAP, MIN_REPEATS, RULE
from puthi.normalize.repair import repair_text

WATERMARK = "/%%/.08078981.001"  # the form of the memoir's watermark; the tests make their own pages
BODY = ["আমার কথা এখানে শেষ হয়নি।", "খেলা শেষ হইলে তাস গণিয়া দেখা হয়।"] * 6  # a page's text: 12 lines


def _book(pages: int, head: str = WATERMARK, sep: str = "\n") -> str:
    return sep.join(sep.join([head, *BODY, str(n + 1)]) for n in range(pages))


def _emptied(text: str) -> list[str]:
    return [e.before for e in repair_text(text, lang="bn").edits if e.rule == RULE]


def test_a_watermark_on_every_page_is_emptied_and_the_edits_replay():
    text = _book(MIN_REPEATS)
    r = repair_text(text, lang="bn")
    assert [e.before for e in r.edits if e.rule == RULE] == [WATERMARK] * MIN_REPEATS
    assert r.text.split("\n")[:: len(BODY) + 2] == [""] * MIN_REPEATS
    assert apply_edits(text, r.edits) == r.text and r.text.count("\n") == text.count("\n")


def test_fewer_pages_than_the_threshold_keep_it():
    assert _emptied(_book(MIN_REPEATS - 1)) == []


def test_rows_of_a_table_are_not_pages():
    rows = "\n".join(["খেলার হিসাব:", *[WATERMARK] * (MIN_REPEATS * 2), "শেষ।"])
    assert _emptied(rows) == []
    def spaced(gap: int) -> str:  # the watermark every ``gap`` lines
        return "\n".join([WATERMARK, *[BODY[0]] * (gap - 1)] * MIN_REPEATS)

    assert _emptied(spaced(MIN_GAP - 1)) == [] and len(_emptied(spaced(MIN_GAP))) == MIN_REPEATS


def test_readable_heads_numbers_tables_quotations_and_short_lines_stay():
    heads = [
        "যা দেখেছি, যা বুঝেছি",  # a Bengali running head
        "১১২", "00 00 00", "10 20 30 40",  # figures
        "Sir, 311 0110",  # a Latin word among soup
        "খেলা 31110%/01",  # a Bengali word beside soup
        "/%/.01",  # soup, but short
        "“€00158”",  # an English word read as soup, which the English pass reads
        "* * *", "",
    ]
    for head in heads:
        assert _emptied(_book(MIN_REPEATS + 2, head)) == [], head


def test_crlf_endings_and_form_feeds_around_the_watermark_stay():
    crlf = _book(MIN_REPEATS, sep="\r\n")
    r = repair_text(crlf, lang="bn")
    assert r.text.count("\r\n") == crlf.count("\r\n")
    paged = "\n".join(("\f" if n else "") + _book(1) for n in range(MIN_REPEATS))  # Tesseract's page breaks
    r = repair_text(paged, lang="bn")
    assert r.text.count("\f") == MIN_REPEATS - 1 and _emptied(paged) == [WATERMARK] * MIN_REPEATS


def test_a_byte_order_mark_or_another_unicode_form_is_the_same_line():
    text = "\N{ZERO WIDTH NO-BREAK SPACE}" + _book(MIN_REPEATS)
    assert len(_emptied(text)) == MIN_REPEATS


def test_the_repair_is_idempotent_on_a_book_with_a_watermark():
    once = repair_text(_book(4), lang="bn").text
    assert repair_text(once, lang="bn").text == once


@settings(deadline=None)
@given(st.lists(st.sampled_from([WATERMARK, "0০1 116 31110", "১৬", "খেলা", "", "[1006", *BODY[:2]]), max_size=60))
def test_only_the_watermark_is_ever_emptied_and_edits_replay(lines):
    text = "\n".join(lines)
    r = repair_text(text, lang="bn", garble=False, english=False)
    assert {e.before for e in r.edits if e.rule == RULE} <= {WATERMARK}
    assert apply_edits(text, r.edits) == r.text and r.text.count("\n") == text.count("\n")


def _cli(capsys, monkeypatch, argv, stdin: bytes | None = None):
    from puthi.corpus import cmd_repair
    from puthi.corpus.cli import main

    monkeypatch.setattr(cmd_repair, "LOOKAHEAD", 4)  # the look-ahead holds the first line only
    if stdin is not None:
        monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(stdin)))
    assert main([*argv, "--lang", "bn", "--format", "jsonl"]) == 0
    records = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    return [r["line"] for r in records if any(e["rule"] == RULE for e in r["edits"])]


def test_a_file_is_counted_whole_and_standard_input_as_it_is_read(tmp_path, capsys, monkeypatch):
    text = _book(5)
    src = tmp_path / "book.txt"
    src.write_text(text, encoding="utf-8")
    page = len(BODY) + 2
    assert _cli(capsys, monkeypatch, ["repair", str(src)]) == [1 + k * page for k in range(5)]
    assert _cli(capsys, monkeypatch, ["repair", "-"], text.encode()) == [1 + k * page for k in range(2, 5)]
