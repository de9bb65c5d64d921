"""``python -m huche``: the ``huche`` command where its launcher is not on the PATH (Windows)."""

from huche.cli import main

main()
