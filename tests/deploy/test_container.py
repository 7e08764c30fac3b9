"""The deploy files for real: the image of deploy/Containerfile (on the base made from Debian's
packages by deploy/make-base-image.sh) is built and started with podman, runs as a non-root
user, and serves a room behind nginx with deploy/nginx-cardhall.conf (its upstream pointed at
the container on the loopback): a whole game played through the proxy, WebSocket included, and
nginx's request id found in the room's JSON log. Skipped, with the reason, where podman,
mmdebstrap or nginx are not installed (docs/deploy.md says how to install them)."""

from __future__ import annotations

import re
import shutil
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.room.helpers import ROOT, Person, play_out
from tests.room.test_mail import free_port

IMAGE = "localhost/cardhall:test"
BASE = "localhost/cardhall-base:bookworm"
LIMITS = ["--ulimit", "nofile=1024:1024", "--ulimit", "nproc=4096:4096"]
CA = "/etc/ssl/certs/ca-certificates.crt"
pytestmark = pytest.mark.skipif(not all(shutil.which(t) for t in ("podman", "mmdebstrap", "nginx")),
                                reason="podman, mmdebstrap and nginx are needed (apt-get install podman mmdebstrap nginx)")


HYBRID = "umount /sys/fs/cgroup/unified 2>/dev/null; "
"""Run first, in a mount namespace of its own (`unshare -m`): this machine mounts cgroup v1 and v2
side by side ("hybrid"), which crun refuses (docs/deploy.md); without the v2 hierarchy it is v1."""


def podman(*args: str, timeout: float = 900, check: bool = True) -> subprocess.CompletedProcess[str]:
    """podman as this machine needs it (`HYBRID`, cgroupfs)."""
    script = HYBRID + 'exec podman --cgroup-manager=cgroupfs "$@"'
    done = subprocess.run(["unshare", "-m", "--propagation", "private", "sh", "-c", script, "podman", *args],
                          capture_output=True, text=True, timeout=timeout)
    if check:
        assert done.returncode == 0, done.stdout + done.stderr
    return done


def build() -> None:
    """The base image (once per machine) and the image of the code as it is (the Containerfile's
    dependency layer comes from podman's cache unless pyproject.toml changed)."""
    if podman("image", "exists", BASE, check=False).returncode != 0:
        made = subprocess.run(["unshare", "-m", "--propagation", "private", "sh", "-c",
                               "umount /sys/fs/cgroup/unified 2>/dev/null; exec sh deploy/make-base-image.sh " + BASE],
                              cwd=ROOT, capture_output=True, text=True, timeout=900)
        assert made.returncode == 0, made.stdout + made.stderr
    secret = ["--secret", f"id=cacert,src={CA}"] if Path(CA).exists() else []
    podman("build", "--network", "host", *LIMITS, *secret, "-f", "deploy/Containerfile", "-t", IMAGE, str(ROOT))


@pytest.fixture(scope="module")
def image() -> str:
    """The image, built once for this file's tests."""
    build()
    return IMAGE


@pytest.fixture(scope="module")
def container(image: str) -> Iterator[int]:
    port = free_port()
    name = f"cardhall-test-{port}"
    podman("run", "-d", "--name", name, "--network", "host", *LIMITS, image,
           "--host", "127.0.0.1", "--port", str(port), "--log-format", "json", "--bot-pace", "0")
    try:
        end = time.monotonic() + 60
        while time.monotonic() < end:
            try:
                if httpx.get(f"http://127.0.0.1:{port}/readyz", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.2)
        yield port
    finally:
        podman("rm", "-f", name, check=False)


@pytest.fixture(scope="module")
def proxy(container: int, tmp_path_factory: pytest.TempPathFactory) -> Iterator[int]:
    """nginx with deploy/nginx-cardhall.conf, its upstream the container, on a free port."""
    folder = tmp_path_factory.mktemp("nginx")
    port = free_port()
    site = (ROOT / "deploy" / "nginx-cardhall.conf").read_text()
    site = re.sub(r"upstream cardhall \{.*?\n\}", f"upstream cardhall {{\n    server 127.0.0.1:{container};\n}}",
                  site, flags=re.S)
    site = site.replace("listen 8080;", f"listen 127.0.0.1:{port};")
    (folder / "site.conf").write_text(site)
    (folder / "nginx.conf").write_text(f"""
pid {folder}/nginx.pid;
error_log {folder}/error.log;
daemon off;
events {{ worker_connections 256; }}
http {{
    access_log {folder}/access.log;
    client_body_temp_path {folder}/body; proxy_temp_path {folder}/proxy;
    fastcgi_temp_path {folder}/fcgi; uwsgi_temp_path {folder}/uwsgi; scgi_temp_path {folder}/scgi;
    include {folder}/site.conf;
}}
""")
    proc = subprocess.Popen(["nginx", "-c", str(folder / "nginx.conf"), "-p", str(folder)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        end = time.monotonic() + 20
        while time.monotonic() < end:
            try:
                httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=2)
                break
            except httpx.HTTPError:
                time.sleep(0.1)
        yield port
    finally:
        proc.terminate()
        proc.wait(10)


def test_the_image_runs_as_a_non_root_user(image: str) -> None:
    who = podman("run", "--rm", *LIMITS, "--entrypoint", "id", image)
    assert re.match(r"uid=(\d+)\(cardhall\)", who.stdout) and "uid=0" not in who.stdout
    version = podman("run", "--rm", *LIMITS, "--entrypoint", "cardhall", image, "--version")
    assert "cardhall" in version.stdout.lower()


def test_a_game_through_nginx_and_the_container(proxy: int, container: int) -> None:
    class Through:  # what tests.room.helpers.Person needs of a server
        url = f"http://127.0.0.1:{proxy}"
        port = proxy

    ann = Person(Through(), "Ann")  # type: ignore[arg-type]
    answer = ann.http.get("/api/tables")
    assert answer.status_code == 200 and re.fullmatch(r"[0-9a-f]{32}", answer.headers["x-request-id"])
    table = ann.create("three-two-five", ["me", "bot:random", "bot:random"], {"deals": 1})["id"]
    seat = ann.watch(table)  # the WebSocket, through nginx
    ann.start(table)
    play_out([seat], seed=3, timeout=180)  # random legal moves until the game is over
    seat.close()
    logs = podman("logs", f"cardhall-test-{container}").stderr + podman("logs", f"cardhall-test-{container}").stdout
    assert answer.headers["x-request-id"] in logs  # nginx's $request_id, carried into the room's log
