"""Running ``python -m core`` as a user would, from the repository's root, for the tests."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    """``python -m core`` with ``args``: its exit status, standard output and error."""
    return subprocess.run(
        [sys.executable, "-m", "core", *args],
        cwd=ROOT,
        input=stdin,
        capture_output=True,
        text=True,
        check=False,
    )
