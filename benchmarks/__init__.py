"""Benchmarks: speed stated, never asserted (the README gives the figures). Each runs as a script:
``.venv/bin/python benchmarks/benchmark_NAME.py --help``."""
