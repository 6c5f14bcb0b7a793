"""Page furniture: a line of noise that recurs through a document is emptied, and nothing else is."""

import json

from hypothesis import given
from hypothesis import strategies as st

from puthi.normalize.edits import apply_edits
from puthi.normalize.furniture import MIN_REPEATS, RULE, noise_line_key
from puthi.normalize.repair import repair_text

WATERMARK = "/%%/.08078981.001"  # the form of the memoir's watermark; the tests make their own pages


def _book(pages: int, head: str = WATERMARK) -> str:
    return "\n".join(f"{head}\nআমার কথা এখানে শেষ হয়নি।\n{n + 1}" for n in range(pages))


def test_a_watermark_on_every_page_is_emptied_and_the_edits_replay():
    text = _book(MIN_REPEATS)
    r = repair_text(text, lang="bn")
    assert r.text.split("\n")[::3] == [""] * MIN_REPEATS
    assert [e.rule for e in r.edits] == [RULE] * MIN_REPEATS
    assert apply_edits(text, r.edits) == r.text
    assert len(r.text.split("\n")) == len(text.split("\n"))


def test_fewer_repeats_than_the_threshold_stay():
    text = _book(MIN_REPEATS - 1)
    assert all(e.rule != RULE for e in repair_text(text, lang="bn").edits)


def test_readable_running_heads_page_numbers_and_a_soup_passage_with_a_word_stay():
    for head in ["যা দেখেছি, যা বুঝেছি", "১১২", "Sir, 311 0110", "* * *", "", "00 00 00", "10 00 20"]:
        r = repair_text(_book(MIN_REPEATS + 2, head), lang="bn")
        assert all(e.rule != RULE for e in r.edits), head
        assert noise_line_key(head) is None


def test_the_repair_is_idempotent_on_a_book_with_a_watermark():
    once = repair_text(_book(4), lang="bn").text
    assert repair_text(once, lang="bn").text == once


@given(st.lists(st.sampled_from([WATERMARK, "0০1 116 31110", "১৬", "খেলা", "", "[1006"]), max_size=12))
def test_only_repeated_noise_lines_are_emptied(lines):
    text = "\n".join(lines)
    r = repair_text(text, lang="bn", garble=False, english=False)
    emptied = {e.before for e in r.edits if e.rule == RULE}
    assert emptied == {x for x in lines if noise_line_key(x) and lines.count(x) >= MIN_REPEATS}
    assert apply_edits(text, r.edits) == r.text


def test_the_stream_counts_watermarks_as_it_reads(tmp_path, capsys, monkeypatch):
    from puthi.corpus import cmd_repair
    from puthi.corpus.cli import main

    monkeypatch.setattr(cmd_repair, "LOOKAHEAD", 4)  # the look-ahead holds the first page's first line only
    src = tmp_path / "book.txt"
    text = _book(5)
    src.write_text(text, encoding="utf-8")
    assert main(["repair", str(src), "--lang", "bn", "--format", "jsonl"]) == 0
    records = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    emptied = [r["line"] for r in records if any(e["rule"] == RULE for e in r["edits"])]
    assert emptied == [7, 10, 13]  # from the third page on; the whole text, read at once, empties all five
    assert len([e for e in repair_text(text, lang="bn").edits if e.rule == RULE]) == 5
