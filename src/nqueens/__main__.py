"""``python -m nqueens`` runs the command line."""

from nqueens.cli import main

raise SystemExit(main())
