"""Running a JavaScript driver under Node: a JSON job on stdin, a JSON answer on stdout.

A driver (the Node side of a test that holds a script of ``site/`` to its Python twin) is
written as ``withJob((job) => { … })``: :data:`PRELUDE`, put before it, reads the whole of
stdin as UTF-8 text — a character split between two chunks stays whole — and parses it.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

from support.cli import require_tool

PRELUDE = r"""
function withJob(handle) {
  let input = "";
  process.stdin.setEncoding("utf8");
  process.stdin.on("data", (chunk) => { input += chunk; });
  process.stdin.on("end", () => handle(JSON.parse(input)));
}
"""


def run_driver(tmp_path: Path, driver: str, argument: Path, job: Any, timeout: int = 600) -> Any:
    """Run ``driver`` (after :data:`PRELUDE`) with ``argument`` as ``process.argv[2]`` and
    ``job`` as JSON on stdin; what it wrote on stdout, parsed. A failure shows Node's stderr."""
    path = tmp_path / "driver.js"
    path.write_text(PRELUDE + driver, encoding="utf-8")
    result = subprocess.run(
        [require_tool("node"), str(path), str(argument)],
        input=json.dumps(job, ensure_ascii=False).encode(),
        capture_output=True,
        timeout=timeout,
    )
    assert result.returncode == 0, result.stderr.decode()
    return json.loads(result.stdout)
