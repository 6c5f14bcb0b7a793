"""Benchmarks: run each as ``python -m bench.NAME``; results are recorded in bench/RESULTS.md."""
