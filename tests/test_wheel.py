"""`pip install .` (a wheel, not an editable checkout) renders the site.

The wheel is built from a copy of the files a wheel is made of (so nothing else of the
checkout can help), installed into a fresh virtual environment whose only view of the
checkout is the test environment's installed libraries, and asked to render the fixture
site through its own ``rusc`` script. That site must equal, byte for byte, the one the
checkout renders from the same inputs.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

from support.site_fixture import FIXTURE_DATE, make_fixture

from pipeline.config import load_language
from pipeline.core.paths import Paths
from pipeline.render import build_site
from pipeline.render.urls import Urls

ROOT = Path(__file__).resolve().parent.parent
#: What a wheel is built from: the project file, the package and the folders mapped into it.
WHEEL_SOURCES = ("pyproject.toml", "README.md", "requirements.lock", "pipeline", "templates", "site")
BASE, SITE_URL = "/rusc/", "https://h.example/rusc/"


def build_wheel(tmp: Path) -> Path:
    source = tmp / "source"
    source.mkdir()
    for name in WHEEL_SOURCES:
        copy = shutil.copytree if (ROOT / name).is_dir() else shutil.copyfile
        copy(
            ROOT / name,
            source / name,
            **({"ignore": shutil.ignore_patterns("__pycache__")} if (ROOT / name).is_dir() else {}),
        )
    result = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", str(tmp / "wheel"), str(source)],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stderr
    (wheel,) = (tmp / "wheel").glob("rusc-*.whl")
    return wheel


def install_wheel(tmp: Path, wheel: Path) -> Path:
    """A fresh venv with the wheel; its dependencies come from this test environment."""
    venv = tmp / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / "bin" / "python"
    purelib = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    # A plain path line: the libraries are importable, but this environment's .pth files (the
    # editable checkout's import hook among them) are not run, so `pipeline` is the wheel's.
    Path(purelib, "test-dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n", encoding="utf-8")
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "--python",
            str(python),
            "install",
            "--quiet",
            "--no-deps",
            "--no-index",
            str(wheel),
        ],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stderr
    return venv


def tree(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_an_installed_wheel_renders_the_same_site_as_the_checkout(tmp_path):
    wheel = build_wheel(tmp_path)
    names = set(zipfile.ZipFile(wheel).namelist())
    expected = {p.relative_to(ROOT).as_posix() for p in (ROOT / "pipeline").rglob("*.py")}
    expected |= {
        f"pipeline/templates/{p.relative_to(ROOT / 'templates').as_posix()}"
        for p in (ROOT / "templates").rglob("*")
        if p.is_file()
    }
    expected |= {
        f"pipeline/static/{p.relative_to(ROOT / 'site').as_posix()}" for p in (ROOT / "site").rglob("*") if p.is_file()
    }
    expected |= {"pipeline/lockfile/requirements.lock", "pipeline/site.toml"}
    expected |= {f"pipeline/languages/{p.name}" for p in (ROOT / "pipeline" / "languages").glob("*.toml")}
    assert expected - names == set(), "missing from the wheel (list new packages in pyproject.toml)"

    venv = install_wheel(tmp_path, wheel)
    fixture = tmp_path / "fixture"
    toml, _ = make_fixture(fixture)
    env = {k: v for k, v in os.environ.items() if k not in ("SOURCE_DATE_EPOCH", "BASE_PATH", "SITE_URL", "SITE_LANGS")}
    env["RUSC_ROOT"] = str(fixture)
    where = subprocess.run(
        [str(venv / "bin" / "python"), "-c", "import pipeline; print(pipeline.__file__)"],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        check=True,
    ).stdout
    assert Path(where).is_relative_to(venv), f"the venv imported {where}, not the wheel"
    result = subprocess.run(
        [
            str(venv / "bin" / "rusc"),
            "site",
            "--date",
            str(FIXTURE_DATE),
            "--languages",
            str(toml),
            "--base-path",
            BASE,
            "--site-url",
            SITE_URL,
        ],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
    )
    assert result.returncode == 0, result.stderr
    from_wheel = tree(fixture / "dist" / "site")

    from_checkout = build_site(
        Paths(fixture), [load_language(toml)], FIXTURE_DATE, Urls.create(BASE, SITE_URL), out=tmp_path / "checkout-site"
    ).folder
    assert any(name.startswith("assets/style.") for name in from_wheel), "no stylesheet published"
    assert from_wheel.keys() == tree(from_checkout).keys()
    assert from_wheel == tree(from_checkout)
