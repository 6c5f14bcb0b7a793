"""A book's claims do not depend on where its pages break: seeds 002 and 003 laid out again with page breaks
in mid-sentence, each with a page number and a running head, give the claims of the running text."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
import regex

from puthi.rules.claims import extract_claims

SEEDS = Path(__file__).resolve().parents[3] / ".." / "shared" / "seeds"
GAMES = {"002_fd2ddf660d513a42.txt": "sixtysix", "003_dd7d695dd97a5b4b.txt": "klaverjas"}


def _claims(text: str, game: str) -> Counter:
    return Counter((c.game, c.quantity, tuple(sorted(c.params.items())), c.stated) for c in extract_claims(text, game))


# What stands between two pages: a page number and the next page's running head (one that names a game, as a
# book's title may); a page number alone; or nothing but the line end and the form feed, as Tesseract writes.
BREAKS = ("\n{page}\n\fতাসখেলার নিয়ম\n", "\n{page}\n\fছেষট্টি ও তাস\n", "\n{page}\n\f", "\n\f")


def _repaged(text: str, every: int, first: int, between: str = BREAKS[0]) -> str:
    """``text`` with a page break at every ``every``-th space from the ``first``: the line ends there, and
    ``between`` (with its page number) stands before the next page."""
    cuts = [m.start() for m in regex.finditer(" ", text)][first::every]
    out, last = [], 0
    for page, cut in enumerate(cuts, start=11):
        out += [text[last:cut], between.format(page=page)]
        last = cut + 1
    return "".join(out) + text[last:]


@pytest.mark.parametrize("name", sorted(GAMES))
def test_page_breaks_in_mid_sentence_change_no_claim(name):
    path = SEEDS / name
    if not path.exists():
        pytest.skip(f"{path} is absent (../shared beside the repository)")
    text, game = path.read_text(encoding="utf-8"), GAMES[name]
    want = _claims(text, game)
    assert sum(want.values()) >= 10
    for every, first in ((42, 0), (66, 6), (78, 6), (174, 12), (246, 3), (138, 0), (102, 3), (186, 18)):
        for between in BREAKS:
            assert _claims(_repaged(text, every, first, between), game) == want, (every, first, between)


def test_running_heads_of_pages_run_on_without_form_feeds_are_furniture():
    # a newcomer's book as plain text: its running heads with their page numbers, and no form feeds; the
    # head's number 2 had become Sixty-Six's last-trick bonus
    head, more = "তাসখেলার নিয়মাবলী", "খেলার আরও কথা আছে।\n" * 4
    text = (f"{head}                ১\n{more}ছেষট্টি খেলায় চব্বিশখানি তাস লাগে। শেষ পিঠ যে পাইবে সে অতিরিক্ত\n"
            f"২                {head}\nদশ পয়েন্ট পাইবে। প্রত্যেকে ছয়খানি তাস পায়।\n{more}{head}                ৩\n")
    claims = [(c.quantity, c.stated) for c in extract_claims(text, "sixtysix")]
    assert claims == [("deck_size", 24), ("last_trick_bonus", 10), ("hand_size", 6)]
    # a fact box on each page of a paged book, its number going up, is text, not a running head (a review)
    page = "তাসের খেলা\n{}\nপ্রত্যেকে তাস পায়      {}\nমোট তাস      {}\nখেলোয়াড়      {}\n{}\n{}\n"
    text = (page.format("ছেষট্টি", "৬", "২৪", "২", "দুজনে খেলে।", "১") + "\f"
            + page.format("ক্লাবেরইয়াস", "৮", "৩২", "৪", "চারজনে খেলে।", "২"))
    hands = [(c.game, c.stated) for c in extract_claims(text, "klaverjas") if c.quantity == "hand_size"]
    assert hands == [("sixtysix", 6), ("klaverjas", 8)]
    # two score tables, each row a value set apart: no running heads (a review)
    text = "বিস্তি খেলায় মূল্য এইরূপ:\nটেক্কা   ১১\nসাহেব   ৪\n\nশেষ হাতে মূল্য এইরূপ:\nটেক্কা   ১\nসাহেব   ১\n"
    assert ("A", 11) in [(c.params.get("rank"), c.stated) for c in extract_claims(text, "bisti")]
