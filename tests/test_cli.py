"""The command line starts and lists its commands."""

import subprocess
import sys


def test_version_and_help():
    out = subprocess.run([sys.executable, "-m", "puthi", "--version"], capture_output=True, text=True)
    assert out.returncode == 0
    assert out.stdout.startswith("puthi ")
    out = subprocess.run([sys.executable, "-m", "puthi", "--help"], capture_output=True, text=True)
    assert out.returncode == 0
    assert "COMMAND" in out.stdout


def test_unknown_command_fails():
    out = subprocess.run([sys.executable, "-m", "puthi", "frobnicate"], capture_output=True, text=True)
    assert out.returncode != 0
