"""SPEC G1: the repository deploys as it is on a host that installs ``requirements.txt``."""

from __future__ import annotations

import contextlib
import os
import shutil
import sqlite3
import subprocess
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import sync_playwright

from tests.servers import CHROMIUM_FLAGS, LIVE_LOGS, chromium, free_port, wait_healthy

ROOT = Path(__file__).resolve().parents[1]


def _requirements() -> list[str]:
    lines = (ROOT / "requirements.txt").read_text().splitlines()
    return [line.strip() for line in lines if line.strip() and not line.startswith("#")]


def test_g1_requirements_txt_lists_exactly_the_runtime_dependencies() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert _requirements() == project["dependencies"]


def _interpreter(version: str) -> str | None:
    """A Python ``version`` (``"3.13"``) installed here, by pyenv or on PATH, if there is one."""
    versions = Path(os.environ.get("PYENV_ROOT", Path.home() / ".pyenv")) / "versions"
    found = [str(p) for p in sorted(versions.glob(f"{version}.*/bin/python{version}"))]
    found.append(shutil.which(f"python{version}") or "")  # perhaps a shim that has none behind it
    check = f"import sys; sys.exit(sys.version.split('.')[:2] != {version.split('.')!r})"
    for python in filter(None, found):
        if subprocess.run([python, "-c", check], capture_output=True).returncode == 0:
            return python
    return None


def _project_sources() -> list[str]:
    """The repository's top-level Python files and folders (not hidden ones, not a venv)."""
    return sorted(
        str(path)
        for path in ROOT.iterdir()
        if not path.name.startswith(".")
        and (path.suffix == ".py" or (path.is_dir() and any(path.rglob("*.py"))))
    )


@pytest.mark.parametrize("version", ["3.12", "3.13"])
def test_g1_every_module_compiles_on_the_newer_pythons(version: str, tmp_path: Path) -> None:
    """The suite runs on 3.11 and the clean-clone test below on the newest one found; every
    file also has to be valid Python on the others, where they are installed."""
    python = _interpreter(version)
    if python is None:
        pytest.skip(f"no Python {version} here (neither pyenv's nor python{version} on PATH)")
    done = subprocess.run(
        [python, "-m", "compileall", "-q", *_project_sources()],
        env={**os.environ, "PYTHONPYCACHEPREFIX": str(tmp_path)},  # the checkout stays clean
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stdout + done.stderr


@contextlib.contextmanager
def _hosted_app(clone: Path, python: Path) -> Iterator[str]:
    """``streamlit run app.py`` from ``clone`` with ``python``'s environment, as a host runs it
    (no DATABASE_URL in the environment: the app's secrets give it); yield its base URL."""
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "PYTHONPATH")}
    command = [str(python.parent / "streamlit"), "run", "app.py", "--server.headless", "true"]
    command += ["--server.port", str(port), "--server.address", "127.0.0.1"]
    log = clone.parent / "streamlit.log"
    with log.open("wb") as output:
        process = subprocess.Popen(command, cwd=clone, env=env, stdout=output, stderr=output)
    LIVE_LOGS.append(log)
    try:
        base = f"http://127.0.0.1:{port}"
        wait_healthy(base, process, "the app of the clean clone")
        yield base
    finally:
        LIVE_LOGS.remove(log)
        process.terminate()
        process.wait()


def test_g1_a_clean_clone_runs_from_requirements_txt_alone_with_its_secrets(
    tmp_path: Path,
) -> None:
    """A clone of the repository at HEAD, in a fresh environment of the newest supported Python
    found with only ``requirements.txt`` installed (nothing of the project: it runs from its
    folder), and ``DATABASE_URL`` only in the app's secrets, as Community Cloud runs it: the
    home page opens, a Quick game's table appears, and its room is in the secrets' store."""
    clone, venv, stored = tmp_path / "clone", tmp_path / "venv", tmp_path / "hosted.db"
    subprocess.run(["git", "clone", "--quiet", str(ROOT), str(clone)], check=True)
    python = _interpreter("3.13") or _interpreter("3.12") or sys.executable
    subprocess.run([python, "-m", "venv", "--without-pip", str(venv)], check=True)
    try:
        _open_a_quick_game(clone, venv, stored)
    finally:
        shutil.rmtree(venv, ignore_errors=True)  # half a gigabyte: not kept with the test's files


def _open_a_quick_game(clone: Path, venv: Path, stored: Path) -> None:
    """Install ``requirements.txt`` into ``venv``, run the app of ``clone`` with ``stored`` as
    its secrets' database, and open a Quick game in Chromium."""
    install = [sys.executable, "-m", "pip", "--python", str(venv / "bin" / "python"), "install"]
    install += ["--quiet", "--no-compile", "-r", str(clone / "requirements.txt")]
    done = subprocess.run(install, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    (clone / ".streamlit" / "secrets.toml").write_text(f'DATABASE_URL = "sqlite:///{stored}"\n')
    with _hosted_app(clone, venv / "bin" / "python") as base, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium(), args=CHROMIUM_FLAGS)
        page = browser.new_page()
        page.goto(base)
        page.get_by_role("button", name="Quick game").first.click(timeout=60_000)
        page.get_by_label("Your name").last.fill("Solo")
        page.get_by_role("button", name="Start Quick Game").click()
        page.wait_for_selector(".m3-felt[data-version]", timeout=60_000)
        code = page.url.split("room=")[1].split("&")[0]
        browser.close()
    with contextlib.closing(sqlite3.connect(stored)) as db:
        assert db.execute("SELECT code FROM room").fetchall() == [(code,)]
    assert not (clone / "data" / "moon3.db").exists()
