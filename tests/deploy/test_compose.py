"""deploy/compose.yaml started as a whole with podman-compose: two cardhall nodes, PostgreSQL,
Redis and nginx, every image built from Debian's packages by deploy/build-images.sh, secrets from
an owner-only env file. Through the proxy's one published port (on the loopback): both nodes
ready, a moderator granted inside node1 reads both nodes in the operator's view, and a whole game
is played, its WebSocket through nginx. Skipped, with the reason, without podman-compose."""

from __future__ import annotations

import os
import secrets
import shutil
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.deploy.test_container import CA, HYBRID
from tests.room.helpers import ROOT, Person, play_out
from tests.room.test_mail import free_port

PASSWORD = "moderate and kind 77"
pytestmark = [
    pytest.mark.skipif(not all(shutil.which(t) for t in ("podman", "podman-compose", "mmdebstrap")),
                       reason="podman, podman-compose and mmdebstrap are needed "
                              "(apt-get install podman podman-compose mmdebstrap)"),
    # the whole compose stack (four images, a private network whose names resolve only once every
    # container is up) is a release check, run with `-m slow`: in the full suite under load its
    # node once started before the network's name for the database answered
    pytest.mark.slow,
]


class MountSpace:
    """One mount namespace for the whole stack (`HYBRID` done once in it): podman keeps each
    container's network namespace as a mount under /run/netns, which a second `unshare -m` would
    not see, so `up`, `exec` and `down` must all run in this one (`nsenter`)."""

    def __init__(self) -> None:
        self.proc = subprocess.Popen(["unshare", "-m", "--propagation", "private", "sh", "-c",
                                      HYBRID + "exec sleep 7200"])
        time.sleep(0.5)

    def run(self, command: str, env: dict[str, str], timeout: float = 1200,
            check: bool = True) -> subprocess.CompletedProcess[str]:
        done = subprocess.run(["nsenter", "-t", str(self.proc.pid), "-m", "sh", "-c", f"cd {ROOT} && {command}"],
                              cwd=ROOT, env=env, capture_output=True, text=True, timeout=timeout)
        if check:
            assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-4000:]
        return done

    def close(self) -> None:
        self.proc.kill()
        self.proc.wait(10)


@pytest.fixture(scope="module")
def stack(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[int, dict[str, str], MountSpace]]:
    folder = tmp_path_factory.mktemp("compose")
    db_pw, redis_pw = secrets.token_urlsafe(18), secrets.token_urlsafe(18)
    env_file = folder / "cardhall.env"
    env_file.write_text(f"POSTGRES_USER=cardhall\nPOSTGRES_PASSWORD={db_pw}\nPOSTGRES_DB=cardhall\n"
                        f"REDIS_PASSWORD={redis_pw}\n"
                        f"CARDHALL_DB=postgresql://cardhall:{db_pw}@db:5432/cardhall\n"
                        f"CARDHALL_REDIS=redis://:{redis_pw}@redis:6379/0\n")
    env_file.chmod(0o600)
    port = free_port()
    project = f"cardhall{port}"
    env = {**os.environ, "CONTAINERS_CONF": str(folder / "containers.conf"), "CARDHALL_TAG": "latest",
           "CARDHALL_ENV_FILE": str(env_file), "CARDHALL_HTTP": f"127.0.0.1:{port}"}
    if Path(CA).exists():
        env["CARDHALL_BUILD_CA"] = CA
    (folder / "containers.conf").write_text('[containers]\ndefault_ulimits = ["nofile=1024:1024", "nproc=4096:4096"]\n'
                                            '[engine]\ncgroup_manager = "cgroupfs"\n')
    space = MountSpace()
    compose = f"podman-compose -p {project} -f deploy/compose.yaml"
    try:
        space.run("sh deploy/build-images.sh latest", env)
        space.run(f"{compose} up -d", env, timeout=300)
        url = f"http://127.0.0.1:{port}"
        end, ready = time.monotonic() + 120, 0
        while time.monotonic() < end and ready < 6:  # several answers in a row: both nodes are up
            try:
                ready = ready + 1 if httpx.get(f"{url}/readyz", timeout=3).status_code == 200 else 0
            except httpx.HTTPError:
                ready = 0
            time.sleep(0.5)
        assert ready >= 6, space.run(f"{compose} logs", env, check=False).stdout[-4000:]
        yield port, {**env, "PROJECT": project}, space
    finally:
        space.run(f"{compose} down -v", env, timeout=300, check=False)
        space.close()


def test_two_nodes_behind_nginx_play_a_game_and_the_operator_sees_both(
        stack: tuple[int, dict[str, str], MountSpace]) -> None:
    port, env, space = stack
    url = f"http://127.0.0.1:{port}"
    made = httpx.post(f"{url}/api/accounts", json={"name": "Mona", "password": PASSWORD})
    assert made.status_code == 201, made.text
    space.run(f"podman exec {env['PROJECT']}_node1_1 cardhall admin grant Mona moderator", env)  # CARDHALL_DB inside
    end, names = time.monotonic() + 30, []
    while time.monotonic() < end and names != ["node1", "node2"]:
        status = httpx.get(f"{url}/api/admin/status", headers={"Authorization": f"Bearer {made.json()['token']}"})
        assert status.status_code == 200, status.text
        names = [n["name"] for n in status.json()["nodes"]]
        time.sleep(0.5)
    assert names == ["node1", "node2"]

    class Through:  # what tests.room.helpers.Person needs of a server
        pass
    Through.url, Through.port = url, port  # type: ignore[attr-defined]
    ann = Person(Through(), "Ann")  # type: ignore[arg-type]
    table = ann.create("three-two-five", ["me", "bot:random", "bot:random"], {"deals": 1})["id"]
    seat = ann.watch(table)
    ann.start(table)
    play_out([seat], seed=5, timeout=180)  # random legal moves until the game is over
    seat.close()
    assert httpx.get(f"{url}/api/tables/{table}/replay").status_code == 200
    assert httpx.get(f"{url}/metrics").status_code == 404  # the metrics stay inside
