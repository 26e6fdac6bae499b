"""Loaded first for every test, doctest and docs example (pytest's rootdir conftest)."""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile

# every test, doctest and CLI it starts seals ledgers with a key of its own, never the user's
# (the ledger key of src/nqueens/engine/ledger_seal.py; made on first use)
_KEY_DIR = tempfile.mkdtemp(prefix="nqueens-test-key-")
atexit.register(shutil.rmtree, _KEY_DIR, True)
os.environ["NQUEENS_LEDGER_KEY"] = os.path.join(_KEY_DIR, "ledger.key")
