"""The bundled tables are valid; a scholar's table is imported or rejected with the row named; exports."""

import csv
import io
from pathlib import Path

import pytest
from lxml import etree

from puthi.errors import InputError
from puthi.normalize.unicode import normalized
from puthi.rules.terms import find_terms, load_tables, read_table, write_csv
from puthi.rules.terms.tables import BUNDLED, HERE, TermTables
from puthi.rules.terms.tbx import TBX_NS, to_tbx

ISSUE_FORMS = {
    # issue 4's list: every form must be in a table, under the concept it names
    "টেক্কা": "card.ace", "এক্কা": "card.ace", "একা": "card.ace", "দুরি": "card.two", "দুক্কা": "card.two",
    "তিরি": "card.three", "তিক্কা": "card.three", "চৌকা": "card.four", "চোক্কা": "card.four",
    "পাঞ্জা": "card.five", "পঞ্জা": "card.five", "ছক্কা": "card.six", "সাত্তা": "card.seven", "সাতা": "card.seven",
    "আট্টা": "card.eight", "আটা": "card.eight", "নহলা": "card.nine", "দহলা": "card.ten", "গোলাম": "card.jack",
    "বিবি": "card.queen", "সাহেব": "card.king", "ইস্কাবন": "suit.spades", "ইস্কাপন": "suit.spades",
    "হরতন": "suit.hearts", "রুইতন": "suit.diamonds", "রইতন": "suit.diamonds", "চিড়িতন": "suit.clubs",
    "চিড়তন": "suit.clubs", "হৰতন": "suit.hearts", "ৰুহিতন": "suit.diamonds", "ইশকাপন": "suit.spades",
    "তাচ": "vocab.card", "এস": "card.ace", "এসিস": "card.ace", "কিং": "card.king", "কুইন্স": "card.queen",
    "জ্যাকস": "card.jack", "ট্রাম্প": "vocab.trump", "তুরুপ": "vocab.trump", "পিঠ": "vocab.trick",
    "ফোটা": "score.point", "কাগজ": "grabu.kagaj", "ইস্তক": "meld.istak", "পঞ্চাশ": "meld.panchash",
    "কাবার": "grabu.kabar", "ব্যোম": "grabu.byom", "হাতের পাঁচ": "grabu.hater_panch", "রুম": "klaverjas.roem",
    "স্টুক": "klaverjas.stuk", "পিট": "klaverjas.pit", "নাট": "klaverjas.nat", "বিবাহ": "meld.marriage",
    "গ্রাবু": "game.grabu", "দেখা বিস্তি": "game.dekha_bisti", "বিবিধর গ্যাম": "game.bibidhar_gam",
    "গোলামচোর": "game.golamchor", "ছেষট্টি": "game.sixty_six", "শ্নাপসেন": "game.schnapsen",
    "Klaverjas": "game.klaverjas", "দছ-গুটি": "game.dash_guti", "লাউ কাটা কাটি": "game.lau_kata_kati",
    "বিন্দু": "dashguti.point", "টুকুৰা": "dashguti.piece", "গুটি": "dashguti.piece", "ৰেংক": "dashguti.rank",
    "শিখৰ": "dashguti.apex", "ত্ৰিভুজ": "dashguti.triangle", "রাজা": "card.king", "উজীর": "ganjifa.wazir",
    "মৎস্য": "ganjifa.suit.matsya", "কূর্ম": "ganjifa.suit.kurma", "বরাহ": "ganjifa.suit.varaha",
    "নৃসিংহ": "ganjifa.suit.narasimha", "বামন": "ganjifa.suit.vamana", "পরশুরাম": "ganjifa.suit.parashurama",
    "রাম": "ganjifa.suit.rama", "রঘুনাথ": "ganjifa.suit.rama", "বলরাম": "ganjifa.suit.balarama",
    "জগন্নাথ": "ganjifa.suit.jagannatha", "বুদ্ধ": "ganjifa.suit.jagannatha", "কল্কি": "ganjifa.suit.kalki",
}  # fmt: skip


def _raw_rows():
    for stem in BUNDLED:
        with open(HERE / f"{stem}.tsv", encoding="utf-8", newline="") as fh:
            yield from ((stem, n, row) for n, row in enumerate(csv.DictReader(fh, delimiter="\t"), start=2))


def test_bundled_tables_validate():
    assert load_tables().validate() == []


def test_headwords_are_in_the_repair_stage_normal_form_as_written_in_the_files():
    for stem, n, row in _raw_rows():
        for form in [row["headword"], *row["variants"].split("|")]:
            if form and not form.isascii():
                assert form == normalized(form), f"{stem}.tsv row {n}: {form!r} is not normalised"


def test_every_row_has_a_source_and_a_gloss():
    for stem, n, row in _raw_rows():
        assert row["source"].strip() and row["gloss"].strip(), f"{stem}.tsv row {n}"


def test_the_issue_list_is_covered_with_the_right_concepts():
    tables = load_tables()
    named = {}
    for e in tables.entries:
        for f in e.forms:
            named.setdefault(normalized(f), set()).add(e.concept)
    for form, concept in ISSUE_FORMS.items():
        assert concept in named.get(normalized(form), set()), f"{form} should name {concept}"


def test_languages_present():
    langs = {e.lang for e in load_tables().entries}
    assert {"bn", "as", "hi", "en", "nl", "de"} <= langs


def test_validation_catches_undeclared_ambiguity_and_wrong_script():
    t = read_table(io.StringIO("concept\tlang\theadword\tvariants\nx.one\tbn\tতাস\t\nx.two\tbn\tতাস\t\n"), "t.tsv")
    problems = t.validate()
    assert any("also names x.two" in p for p in problems) and any("also names x.one" in p for p in problems)
    declared = read_table(
        io.StringIO("concept\tlang\theadword\tambiguous\nx.one\tbn\tতাস\tx.two\nx.two\tbn\tতাস\tx.one\n"), "t.tsv"
    )
    assert declared.validate() == []
    with pytest.raises(InputError, match=r"row 3: 'tas' has LATIN SMALL LETTER T, not Bengali script"):
        read_table(io.StringIO("concept,lang,headword\nx.one,bn,তাস\nx.two,bn,tas\n"), "mine.csv")
    with pytest.raises(InputError, match="Assamese letter"):
        read_table(io.StringIO("concept,lang,headword\nx.one,bn,হৰতন\n"), "mine.csv")


def test_a_headword_not_in_normal_form_is_reported():
    raw = "\N{BENGALI LETTER KA}\N{BENGALI VOWEL SIGN E}\N{BENGALI VOWEL SIGN AA}"  # কো typed as two signs
    t = read_table(io.StringIO(f"concept,lang,headword\nx.one,bn,{raw}\n"), "mine.csv")
    assert any("normal form" in p for p in t.validate())


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("concept,lang,headword\nx.y,bn\n", "row 2: 2 fields where the header has 3"),
        ("concept,lang\nx.y,bn\n", "missing column headword"),
        ("concept,lang,headword,weight\nx.y,bn,তাস,heavy\n", "row 2: weight 'heavy' is not a number"),
        ("concept,lang,headword\nx.y,bn,তাস\n,bn,তাস\n", "row 3: the concept is empty"),
        ("", "the table is empty"),
        # an unclosed quote would swallow the rows after it into one field
        ('concept,lang,headword,gloss\nx.a,bn,ঘোড়া,"horse\nx.b,bn,দাবা,chess\n', "row 2: unexpected end of data"),
        ('concept,lang,headword,gloss\nx.y,bn,তাস,card\nx.a,bn,ঘোড়া,"horse', "row 3: unexpected end of data"),
        ('concept,lang,headword,gloss\nx.a,bn,ঘোড়া,"a\nhorse"\nx.b,bn,দাবা,chess\n', "row 2: a field spans several"),
        ("concept,lang,headword\nx.y,bn,তাস\nconcept,lang,headword\n", "row 3 repeats the header"),
        ("concept,headword,lang,headword\nx.y,তাস,bn,তাস\n", "the column headword appears twice"),
        ("concept,lang,headword\nmy nakshi,bn,তাস\n", "row 2: concept 'my nakshi' must start with a letter"),
        ("concept,lang,headword\n2game,bn,তাস\n", "row 2: concept '2game'"),
        ("concept,lang,headword\nx.y,as,তাসের\n", "row 2: 'তাসের' has the Bengali letter RA in an Assamese row"),
        # a newcomer: accepted, then never found
        ("concept,lang,headword\nx.qc,en,Queen's card\n", "row 2: \"Queen's card\" has an apostrophe inside a word"),
        # a hostile tester: a joiner or a vowel sign alone was accepted and never found
        ("concept,lang,headword\nx.k,bn,\u200d\n", "row 2: '\\\\u200d' has no letter"),
        ("concept,lang,headword\nx.k,bn,া\n", "row 2: 'া' has no letter"),
        # a newcomer's misspelt columns were dropped unseen: a variant lost, a weight of 1 for 0.2
        ("concept,lang,headword,varaints\nx.m,bn,মীর,মির\n", "the column 'varaints' .*did you mean 'variants'"),
        ("concept,lang,headword,wieght\nx.m,bn,মীর,0.2\n", "did you mean 'weight'"),
    ],
)
def test_malformed_scholar_tables_name_the_row(text, message):
    with pytest.raises(InputError, match=message) as err:
        read_table(io.StringIO(text), "scholar.csv")
    assert str(err.value).startswith("scholar.csv: ") and "\n" not in str(err.value)


def test_semicolons_and_long_rows_are_read():
    letters = "কখগঘচছজঝটঠ"
    forms = ["ঝান্ডা" + "".join(letters[int(d)] for d in f"{k:05d}") for k in range(30_000)]
    variants = "|".join(forms)  # 330,000 characters in one field: over csv's default limit of 131,072
    t = read_table(io.StringIO(f'concept;lang;headword;variants\nx.y;bn;ঝান্ডা;"{variants}"\n'), "scholar.csv")
    assert t.entries[0].headword == "ঝান্ডা" and t.entries[0].variants == tuple(forms)


def test_bengali_concept_ids_and_decimal_commas_are_read():
    t = read_table(io.StringIO("concept;lang;headword;weight\nতাস.নতুন;bn;খেলাতাস;0,5\n"), "scholar.csv")
    assert (t.entries[0].concept, t.entries[0].weight) == ("তাস.নতুন", 0.5)
    assert 'id="তাস.নতুন"' in to_tbx(t)


def test_several_scholar_tables_are_used_together(tmp_path: Path):
    a, b = tmp_path / "a.csv", tmp_path / "b.csv"
    a.write_text("concept,lang,headword\nmine.flag,bn,ঝান্ডা\n", encoding="utf-8")
    b.write_text("concept,lang,headword\nmine.banner,bn,পতাকা\n", encoding="utf-8")
    spans = find_terms("ঝান্ডা আর পতাকা, তুরুপের সাহেব", load_tables([a, b]))
    assert {s.concept for s in spans} >= {"mine.flag", "mine.banner"}
    b.write_text("concept,lang,headword\nmine.banner,bn,ঝান্ডা\n", encoding="utf-8")
    with pytest.raises(InputError, match=r"b\.csv.*also names mine\.flag"):
        load_tables([a, b])


def test_scholar_table_is_used_and_conflicts_are_refused(tmp_path: Path):
    good = tmp_path / "mine.csv"
    good.write_text("concept,lang,headword,variants,gloss\nmine.jhanda,bn,ঝান্ডা,ঝাণ্ডা,flag card\n", encoding="utf-8")
    tables = load_tables(good)
    spans = find_terms("তাসের মধ্যে ঝান্ডাটি আর তুরুপের সাহেব", tables)
    assert [(s.surface, s.concept, s.table) for s in spans][1] == ("ঝান্ডাটি", "mine.jhanda", "mine")
    clash = tmp_path / "clash.csv"
    clash.write_text("concept,lang,headword\nmine.lady,bn,বিবি\n", encoding="utf-8")
    with pytest.raises(InputError, match=r"clash\.csv.*also names card\.queen"):
        load_tables(clash)


def test_csv_export_round_trips():
    tables = load_tables()
    out = io.StringIO()
    write_csv(tables, out)
    again = read_table(io.StringIO(out.getvalue()), "export.csv")
    key = lambda t: [(e.concept, e.lang, e.headword, e.variants, e.ambiguous, e.weight) for e in t.entries]  # noqa: E731
    assert key(again) == key(tables)


def test_tbx_export_has_one_entry_per_concept_and_every_form():
    tables = load_tables()
    root = etree.fromstring(to_tbx(tables).encode("utf-8"))
    ns = {"t": TBX_NS}
    assert root.get("type") == "TBX-Basic"
    entries = root.findall(".//t:conceptEntry", ns)
    assert sorted(e.get("id") for e in entries) == sorted(tables.concepts())
    queen = root.find(".//t:conceptEntry[@id='card.queen']", ns)
    xml_lang = "{http://www.w3.org/XML/1998/namespace}lang"
    bn = [sec for sec in queen.findall("t:langSec", ns) if sec.get(xml_lang) == "bn"]
    bn_terms = [t.text for sec in bn for t in sec.findall("t:termSec/t:term", ns)]
    assert "বিবি" in bn_terms and "কুইন্স" in bn_terms
    n_forms = sum(
        len({f for e in rows if e.lang == lang for f in e.forms})
        for rows in tables.concepts().values()
        for lang in {e.lang for e in rows}
    )
    assert len(root.findall(".//t:term", ns)) == n_forms


def test_tbx_export_of_a_table_with_a_control_character_in_a_cell(tmp_path):
    # a hostile tester: a \x01 or U+FFFE in a gloss ended `terms --export tbx` in a traceback
    table = tmp_path / "t.csv"
    table.write_text("concept,lang,headword,gloss\ngame.lattu,bn,লাট্টু,top\x01game\ufffe\n", encoding="utf-8")
    root = etree.fromstring(to_tbx(load_tables([table])).encode("utf-8"))
    assert "top\ufffdgame\ufffd" in "".join(root.itertext())


def test_tables_merge():
    t = load_tables()
    assert len((t + TermTables([])).entries) == len(t.entries)


def test_a_new_table_never_gets_the_aligner_of_an_old_one_at_the_same_address(tmp_path: Path):
    # The aligner cache was keyed by id(tables) alone: once a table was freed, a new one at its address got
    # its aligner (a flaky test read ঝান্ডা as another test's concept). Here the address is shared on purpose.
    from puthi.rules.terms import align

    old, new = tmp_path / "old.csv", tmp_path / "new.csv"
    old.write_text("concept,lang,headword\nmine.old,bn,ঝান্ডা\n", encoding="utf-8")
    new.write_text("concept,lang,headword\nmine.new,bn,ঝান্ডা\n", encoding="utf-8")
    stale, fresh = load_tables(old), load_tables(new)
    align._DEFAULT[id(fresh)] = (stale, align.Aligner(stale))  # what a reused address would leave behind
    spans = find_terms("তাসের মধ্যে ঝান্ডা আর তুরুপের সাহেব", fresh)
    assert "mine.new" in {s.concept for s in spans} and "mine.old" not in {s.concept for s in spans}


def test_a_rows_language_must_be_one_the_aligner_reads():
    # a hostile tester: lang "xx" (or "BN") was accepted and its rows never matched anything
    with pytest.raises(InputError, match="row 2: lang 'xx' is none of bn, as"):
        read_table(io.StringIO("concept,lang,headword\ngame.e,xx,খেলা\n"), "mine.csv")
    upper = read_table(io.StringIO("concept,lang,headword\ngame.e,BN,মজাখেলা\n"), "mine.csv")
    assert [e.lang for e in upper.entries] == ["bn"]
    assert [s.concept for s in find_terms("মজাখেলা হয়", load_tables() + upper)] == ["game.e"]


def test_a_scholars_own_columns_and_three_letter_language_codes_are_read():
    # notes and page columns of their own are kept out of the way; ben and asm are bn and as (as --lang takes them)
    text = "concept,lang,headword,notes,page,gloss_bn,subcategory\nx.m,ben,মীর,my note,12,,\nx.t,asm,তাচ,,3,,\n"
    table = read_table(io.StringIO(text), "s.csv")
    assert [(e.concept, e.lang, e.headword) for e in table.entries] == [("x.m", "bn", "মীর"), ("x.t", "as", "তাচ")]


def test_a_huge_or_endless_table_is_refused_and_a_bad_byte_is_placed_after_a_byte_order_mark(tmp_path):
    # a hostile tester: --table /dev/zero filled 23 GB; a bad byte after a BOM was placed 3 bytes early
    from puthi.rules.terms.tables import MAX_TABLE_BYTES

    big = tmp_path / "big.csv"
    with big.open("wb") as fh:
        fh.truncate(MAX_TABLE_BYTES + 1)
    with pytest.raises(InputError, match="more than 64 MB"):
        read_table(big)
    bad = tmp_path / "bom.csv"
    bad.write_bytes(b"\xef\xbb\xbfconcept,lang,headword\nx.y,bn,\xff\n")
    with pytest.raises(InputError, match=r"byte offset 32\)"):
        read_table(bad)


def test_a_formula_in_a_gloss_is_set_off_in_the_csv_export_and_read_back_as_written():
    # a hostile tester: "=HYPERLINK(...)" went out verbatim, to run in a spreadsheet
    table = read_table(io.StringIO("concept,lang,headword,gloss\nx.a,bn,টেক্কা,=HYPERLINK(\"x\")\n"), "s.csv")
    out = io.StringIO()
    write_csv(table, out)
    assert "'=HYPERLINK" in out.getvalue()
    assert read_table(io.StringIO(out.getvalue()), "s.csv").entries[0].gloss == '=HYPERLINK("x")'


def test_a_clash_in_a_table_whose_name_holds_row_is_still_refused(tmp_path):
    # a hostile tester: "my row list.csv" slipped past the check of forms that name two concepts
    path = tmp_path / "my row list.csv"
    path.write_text("concept,lang,headword\ncard.king,bn,টেক্কা\n", encoding="utf-8")
    with pytest.raises(InputError, match=r"also names card\.ace"):
        load_tables(path)


def test_every_sense_cue_names_a_row_of_the_tables():
    from puthi.rules.terms.letters import match_form
    from puthi.rules.terms.tables import read_senses

    rows = {(e.concept, match_form(e.headword)) for e in load_tables().entries}
    senses = read_senses()
    assert senses and set(senses) <= rows
    cues = [cue for s in senses.values() for cue in (*s.before, *s.after, *s.near)]
    assert cues and all(cue.removesuffix("-") for cue in cues)
