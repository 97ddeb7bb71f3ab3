"""Suite-wide checks: a run that executes no test fails."""

from __future__ import annotations

import pytest


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    reporter = session.config.pluginmanager.get_plugin("terminalreporter")
    passed = len(reporter.stats.get("passed", [])) if reporter else session.testscollected
    if exitstatus == 0 and passed == 0:
        session.exitstatus = 1
