"""``python -m bench [NAME ...]``: run the named benchmarks (all of them by default), then merge
bench/results/*.md into bench/RESULTS.md. Each benchmark is also runnable alone as ``python -m bench.NAME``."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
NAMES = sorted(p.stem for p in HERE.glob("*.py") if not p.stem.startswith("_"))


def main(argv: list[str]) -> int:
    names = argv or NAMES
    unknown = sorted(set(names) - set(NAMES))
    if unknown:
        print(f"bench: unknown benchmark(s) {', '.join(unknown)}; choose from {', '.join(NAMES)}", file=sys.stderr)
        return 2
    failed = []
    for name in names:
        print(f"== bench.{name}", flush=True)
        if subprocess.run([sys.executable, "-m", f"bench.{name}"], cwd=HERE.parent).returncode != 0:
            failed.append(name)
    subprocess.run(["bash", str(HERE.parent / "scripts" / "merge_results.sh")], check=False)
    if failed:
        print(f"bench: failed: {', '.join(failed)}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
