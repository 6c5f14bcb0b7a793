"""Benchmark of the claims stage (issue 6).

1. Seeds 002, 003, 004 (and 000 after repair): every claim with its verdict, written to bench/claims/,
   and extraction recall against the hand list of rule facts in bench/data/claims_seed_facts.tsv.
2. Contradiction detection on sentences written for the project (bench/data/claims_sentences.tsv):
   verdict accuracy on the held-out part (the dev part was used while building the patterns).

Run: .venv/bin/python -m bench.claims_eval
"""

from __future__ import annotations

import csv
import sys
from collections import defaultdict
from pathlib import Path

from puthi.rules.check import check_claims
from puthi.rules.claims import extract_claims
from puthi.rules.claims.report import to_markdown

ROOT = Path(__file__).resolve().parents[1]
SEEDS = ROOT.parent / "shared" / "seeds"
DATA = ROOT / "bench" / "data"
OUT = ROOT / "bench" / "claims"
SEED_GAMES = {"002": "sixtysix", "003": "klaverjas", "004": "dashguti", "000": "bisti"}


def _rows(path: Path) -> list[dict[str, str]]:
    with path.open(encoding="utf-8") as fh:  # a table's rows in one text are written with \n
        return [{**r, "text": r["text"].replace("\\n", "\n")} if "text" in r else r
                for r in csv.DictReader((ln for ln in fh if not ln.startswith("#")), delimiter="\t")]


def seed_text(seed: str) -> str | None:
    files = sorted(SEEDS.glob(f"{seed}_*.txt"))
    if not files:
        return None
    text = files[0].read_text(encoding="utf-8")
    if seed == "000":
        from puthi.normalize.repair import repair_text

        text = repair_text(text, lang="bn").text
    return text


def seeds_report() -> list[str]:
    facts = defaultdict(list)
    for row in _rows(DATA / "claims_seed_facts.tsv"):
        facts[row["seed"]].append(row)
    lines = ["| seed | game | claims | consistent | contradicted | unverifiable | facts listed | found | recall |",
             "|---|---|---|---|---|---|---|---|---|"]
    OUT.mkdir(exist_ok=True)
    total_facts = total_found = 0
    for seed, game in SEED_GAMES.items():
        text = seed_text(seed)
        if text is None:
            print(f"skipped seed {seed}: ../shared/seeds is absent", file=sys.stderr)
            continue
        verdicts = check_claims(extract_claims(text, game))
        (OUT / f"{seed}_{game}.md").write_text(
            f"# Claims in seed {seed} ({game})\n\nCommand: `puthi check SEED --game {game} --format md`"
            f"{' (after `puthi repair`)' if seed == '000' else ''}\n\n{to_markdown(verdicts)}\n",
            encoding="utf-8",
        )
        got = {(v.claim.game, v.claim.key, str(v.claim.stated)) for v in verdicts}
        listed = facts.get(seed, [])
        found = sum((r["game"], r["key"], r["value"]) in got for r in listed)
        total_facts += len(listed)
        total_found += found
        n = {k: sum(v.verdict == k for v in verdicts) for k in ("consistent", "contradicted", "unverifiable")}
        recall = f"{found / len(listed):.2f}" if listed else "—"
        lines.append(f"| {seed} | {game} | {len(verdicts)} | {n['consistent']} | {n['contradicted']} | "
                     f"{n['unverifiable']} | {len(listed)} | {found} | {recall} |")
    if total_facts:
        lines.append(f"| all | | | | | | {total_facts} | {total_found} | {total_found / total_facts:.2f} |")
    return lines


def contradiction_report() -> list[str]:
    by_split: dict[str, list[bool]] = defaultdict(list)
    misses = []
    for row in _rows(DATA / "claims_sentences.tsv"):
        verdicts = check_claims(extract_claims(row["text"], row["game"]))
        match = [v for v in verdicts if v.claim.key == row["key"]]
        ok = bool(match) and match[0].verdict == row["truth"]
        by_split[row["split"]].append(ok)
        if not ok and row["split"] == "dev":
            misses.append(f"{row['id']}: {row['text']} -> {[(v.claim.key, v.verdict) for v in verdicts]}")
    lines = ["| split | sentences | correct verdicts | accuracy |", "|---|---|---|---|"]
    for split, oks in sorted(by_split.items()):
        lines.append(f"| {split} | {len(oks)} | {sum(oks)} | {sum(oks) / len(oks):.2f} |")
    for m in misses:
        print("dev miss:", m, file=sys.stderr)
    return lines


def prose_report(show: bool = False) -> list[str]:
    """Sentences of prose that state no rule: how many give no claim (any claim from one is a false claim)."""
    rows = _rows(DATA / "claims_prose.tsv")
    false = [(r, c) for r in rows for c in extract_claims(r["text"], r["game"])]
    hit = {r["id"] for r, _ in false}
    if show:
        for r, c in false:
            print(f"false claim {r['id']} ({r['lang']}): {c.key} = {c.stated} from {c.text!r}", file=sys.stderr)
    lines = ["| set | sentences | with no claim | false claims | share with no claim |", "|---|---|---|---|---|"]
    for prefix, name in PROSE_SETS.items():
        ids = {r["id"] for r in rows if r["id"].startswith(prefix)}
        if ids:
            n, clean = len(ids), len(ids - hit)
            wrong = sum(r["id"] in ids for r, _ in false)
            lines.append(f"| {name} | {n} | {clean} | {wrong} | {clean / n:.2f} |")
    return lines


#: The sets of ``claims_prose.tsv`` by the first letter of their ids.
PROSE_SETS = {"p": "prose about the games (session 13)", "s": "stories of one game played (session 14)"}


def main() -> None:
    out = ["## Claims (issue 6)", "", "Command: `.venv/bin/python -m bench.claims_eval`", "",
           "### Extraction recall on the seeds (per-seed reports in `bench/claims/`)", "", *seeds_report(), "",
           "### Contradiction detection (own sentences; held-out part not looked at while building)", "",
           *contradiction_report(), "",
           "### Prose that states no rule (blind set `bench/data/claims_prose.tsv`; `--show` lists false claims)", "",
           *prose_report("--show" in sys.argv), ""]
    text = "\n".join(out)
    print(text)
    (ROOT / "bench" / "results").mkdir(exist_ok=True)
    (ROOT / "bench" / "results" / "claims.md").write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
