#!/usr/bin/env bash
# Rebuild bench/RESULTS.md from the per-stage result files in bench/results/.
set -euo pipefail
cd "$(dirname "$0")/.."
{
  echo "# Benchmark results"
  echo
  echo "Each section is written by its benchmark (the command is in the section). Measured on the 2-core"
  echo "development machine, often with other jobs running: ratios against the anchor measured in the same"
  echo "run are the figures to trust, not absolute speeds. Regenerate this file with scripts/merge_results.sh."
  for f in bench/results/*.md; do
    echo
    echo "---"
    echo
    echo "<!-- from $f -->"
    cat "$f"
  done
} > bench/RESULTS.md
