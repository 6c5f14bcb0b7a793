"""``python -m puthi`` runs the command line."""

from puthi.corpus.cli import main

raise SystemExit(main())
