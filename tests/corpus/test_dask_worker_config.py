"""The Dask settings the README recommends for puthi's workers (``scripts/dask-worker.yaml``) take effect."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("distributed")
YAML = Path(__file__).resolve().parents[2] / "scripts" / "dask-worker.yaml"
PROBE = """
import json, dask
from distributed.nanny import _get_env_variables
print(json.dumps([_get_env_variables("distributed.nanny.pre-spawn-environ"),
                  dask.config.get("distributed.worker.profile.enabled")]))
"""


def _worker_settings(config: str | None) -> tuple[dict, bool]:
    env = {k: v for k, v in os.environ.items() if k not in ("DASK_CONFIG", "MALLOC_TRIM_THRESHOLD_")}
    if config:
        env["DASK_CONFIG"] = config
    out = subprocess.run([sys.executable, "-c", PROBE], env=env, capture_output=True, text=True, check=True).stdout
    spawn_env, profile = json.loads(out)
    return spawn_env, profile


def test_the_worker_yaml_unsets_the_malloc_trim_threshold_and_the_profiler():
    spawn_env, profile = _worker_settings(None)
    assert "MALLOC_TRIM_THRESHOLD_" in spawn_env and profile is True  # Dask's defaults, which the file undoes
    spawn_env, profile = _worker_settings(str(YAML))
    assert "MALLOC_TRIM_THRESHOLD_" not in spawn_env and profile is False
    assert spawn_env.get("OMP_NUM_THREADS") == "1"  # the rest of Dask's worker environment is kept
