"""`python -m nqueens` runs the command line; importing this module runs nothing."""

from nqueens.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
