"""The project's install steps wait for another apt process instead of failing at once.

`deploy/serve` and the test scripts run `apt-get` when a package is missing; on a machine
where unattended upgrades (or a second terminal) hold dpkg's lock, apt fails straight away
with "Could not get lock /var/lib/dpkg/lock-frontend" unless told to wait for it.
"""
import os
import stat
import subprocess

from conftest import ROOT

SCRIPTS = ["deploy/serve", "Tests/install-test-tools", "Tests/run-browser", "bench/run",
           "bench/history", "bench/common.sh", "deploy/container-test"]


def _stub(folder, name, body):
    path = os.path.join(folder, name)
    with open(path, "w") as f:
        f.write("#!/bin/sh\n" + body + "\n")
    os.chmod(path, stat.S_IRWXU)


def test_deploy_serve_tells_apt_to_wait_for_the_dpkg_lock(tmp_path):
    # Stubs: pkg-config reports libcurl missing, apt-get records its arguments, swift
    # "builds" and the binary it names exits at once.
    calls = tmp_path / "apt-calls"
    stubs = tmp_path / "bin"
    stubs.mkdir()
    _stub(stubs, "pkg-config", 'case "$*" in *libcurl*) exit 1;; esac; exit 0')
    _stub(stubs, "apt-get", f'echo "$*" >> {calls}')
    _stub(stubs, "swift", f'case "$*" in *--show-bin-path*) echo {stubs};; esac; exit 0')
    _stub(stubs, "dawn", "exit 0")
    env = dict(os.environ, PATH=f"{stubs}:{os.environ['PATH']}")
    result = subprocess.run([os.path.join(ROOT, "deploy/serve")], env=env, capture_output=True,
                            text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    lines = calls.read_text().splitlines()
    assert any(line.startswith("update") for line in lines), lines
    assert any("install" in line and "libcurl4-openssl-dev" in line for line in lines), lines
    for line in lines:
        assert "DPkg::Lock::Timeout=" in line, line


def test_every_install_script_waits_for_the_dpkg_lock():
    for script in SCRIPTS:
        with open(os.path.join(ROOT, script)) as f:
            for number, line in enumerate(f, 1):
                code = line.split("#", 1)[0]
                if code.lstrip().startswith("echo"):
                    continue
                if "apt-get update" in code or "apt-get install" in code:
                    assert "DPkg::Lock::Timeout=" in code, f"{script}:{number}: {line.strip()}"
