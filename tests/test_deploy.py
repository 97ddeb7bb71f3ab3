"""The README's nginx set-up, on loopback: two app servers on one PostgreSQL behind the proxy.

``deploy/nginx.conf`` is used as shipped, with only its listen port and its
two upstream ports changed to free loopback ports. Two players reach the app
through the proxy only: the page, the websocket, the invite QR image and the
invite link all work, under the security headers the config adds (the
Content-Security-Policy among them): no part of the page is refused by them.
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
import urllib.request
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path

from playwright.sync_api import sync_playwright

from tests import postgres
from tests.browsing import create_room, join_through_invite
from tests.servers import (
    CHROMIUM_FLAGS,
    ROOT,
    chromium,
    free_port,
    streamlit_server,
    wait_healthy,
)

SHIPPED = ROOT / "deploy" / "nginx.conf"
UPSTREAMS = "    server 127.0.0.1:8501;\n    server 127.0.0.1:8502;\n"
LISTEN = "listen 127.0.0.1:8080;"


def nginx_binary() -> str:
    found = shutil.which("nginx") or shutil.which("nginx", path="/usr/sbin:/usr/local/sbin")
    if found is None:
        raise RuntimeError("nginx is not installed; `make test` installs it")
    return found


@contextmanager
def nginx(upstreams: list[str]) -> Iterator[str]:
    """Run the shipped config in front of ``upstreams`` (base URLs); yield the proxy's URL."""
    shipped = SHIPPED.read_text(encoding="utf-8")
    assert UPSTREAMS in shipped and LISTEN in shipped, "deploy/nginx.conf changed shape"
    port = free_port()
    servers = "".join(f"    server {u.split('://', 1)[1]};\n" for u in upstreams)
    site = shipped.replace(UPSTREAMS, servers).replace(LISTEN, f"listen 127.0.0.1:{port};")
    folder = Path(tempfile.mkdtemp(prefix="moon3-nginx-"))
    folder.chmod(0o777)  # nginx workers run as an unprivileged user when started by root
    (folder / "site.conf").write_text(site, encoding="utf-8")
    temp = " ".join(
        f"{kind}_temp_path {folder / kind};"
        for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    )
    (folder / "nginx.conf").write_text(
        f"daemon off;\nworker_processes 1;\npid {folder / 'nginx.pid'};\n"
        f"error_log {folder / 'error.log'} warn;\nevents {{ worker_connections 512; }}\n"
        f"http {{ access_log off; {temp} include {folder / 'site.conf'}; }}\n",
        encoding="utf-8",
    )
    process = subprocess.Popen(
        [nginx_binary(), "-p", str(folder), "-c", str(folder / "nginx.conf")],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        try:
            wait_healthy(base, process, "nginx")
        except RuntimeError as exc:
            raise RuntimeError(f"{exc}: {(folder / 'error.log').read_text()}") from None
        yield base
    finally:
        process.terminate()
        process.wait(timeout=10)
        shutil.rmtree(folder, ignore_errors=True)


def test_two_servers_behind_the_shipped_nginx_config(postgres_server: str) -> None:
    database = postgres.fresh_database(postgres_server)
    with ExitStack() as stack:
        first, _ = stack.enter_context(streamlit_server(database))
        second, _ = stack.enter_context(streamlit_server(database))
        proxy = stack.enter_context(nginx([first, second]))
        playwright = stack.enter_context(sync_playwright())
        browser = playwright.chromium.launch(executable_path=chromium(), args=CHROMIUM_FLAGS)
        stack.callback(browser.close)
        with urllib.request.urlopen(f"{proxy}/") as answer:
            headers = answer.headers
        policy = headers["Content-Security-Policy"] or ""
        assert "default-src 'self'" in policy and "img-src 'self'" in policy
        assert headers["Referrer-Policy"] == "no-referrer"
        assert headers["X-Content-Type-Options"] == "nosniff"
        host = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
        refused: list[str] = []
        host.on(
            "console",
            lambda m: refused.append(m.text) if "Content Security Policy" in m.text else None,
        )
        invite = create_room(host, proxy, "Asha")
        assert invite.startswith(f"{proxy}/room?room="), invite
        host.wait_for_function(
            "() => [...document.images].some(i => i.complete && i.naturalWidth > 100)",
            timeout=20_000,
        )
        guest = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
        join_through_invite(guest, invite, "Ben", "B")
        host.wait_for_selector("text=Ben", timeout=20_000)  # pushed over the proxied socket
        assert guest.url.startswith(proxy) and host.url.startswith(proxy)
        for _ in range(2):
            host.get_by_role("button", name="Add a bot").click()
            host.wait_for_timeout(500)
        host.get_by_role("button", name="Begin Game").click()
        host.wait_for_selector(".m3-now[data-title]", timeout=20_000)  # the table, its title
        host.wait_for_timeout(1000)
        host.goto(f"{proxy}/stats")
        host.wait_for_selector("text=Stats", timeout=20_000)
        assert refused == [], refused
