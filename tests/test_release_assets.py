"""Release assets: the lists too big for GitHub Pages go out as assets of a release.

scripts/release_assets.py stages them (the Pages workflow then uploads what it staged with
``gh release upload``), and the site built with ``RUSC_RELEASE_URL`` links exactly those
files, with their size and SHA-256, and does not copy them. Checked on the real English
lists with a bound between their sizes, so that some of their files are assets and the
others stay on the site.
"""

from __future__ import annotations

import hashlib
import html
import importlib.util
import re
import shutil
import tomllib

import pytest

from pipeline.cli import main
from pipeline.config import load_language
from pipeline.lists.downloads import Release, list_downloads

EN = load_language("en")
#: Where the test pretends the release is.
RELEASE_URL = "https://github.invalid/owner/rusc/releases/download/lists-test"


@pytest.fixture(scope="module")
def release_assets(repo_root):
    """scripts/release_assets.py as a module (it is run as a script by the workflow)."""
    spec = importlib.util.spec_from_file_location("release_assets", repo_root / "scripts" / "release_assets.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_site_links_exactly_the_staged_assets_and_copies_the_rest(
    english_root, release_assets, capsys, monkeypatch
):
    folder = english_root / "dist" / "wordlists" / "en"
    sizes = sorted(d.size for d in list_downloads(folder))
    bound = sizes[len(sizes) // 2]  # the larger half are assets
    monkeypatch.setenv("RUSC_RELEASE_BYTES", str(bound))

    assert release_assets.stage(english_root / "release") == 0
    staged = {}
    for line in capsys.readouterr().out.splitlines():
        name, size, digest = line.split("\t")
        staged[name] = (int(size), digest)
    assert staged, "no file over the bound"
    assert sorted(staged) == sorted(p.name for p in (english_root / "release").iterdir())
    for name, (size, digest) in staged.items():
        data = (english_root / "release" / name).read_bytes()
        assert len(data) == size > bound and hashlib.sha256(data).hexdigest() == digest, name
        assert name.startswith("en-") and data == (folder / name.removeprefix("en-")).read_bytes()

    monkeypatch.setenv("RUSC_RELEASE_URL", RELEASE_URL)
    day = EN.schedule_start.isoformat()
    assert main(["site", "--date", day, "--languages", "en"]) == 0, capsys.readouterr().err
    site = english_root / "dist" / "site"
    page = (site / "en" / "downloads" / "index.html").read_text("utf-8")
    links = {html.unescape(href) for href in re.findall(r'<a href="([^"]+)" download>', page)}
    released = {link.removeprefix(RELEASE_URL + "/") for link in links if link.startswith(RELEASE_URL)}
    assert released == set(staged)
    for name, (_, digest) in staged.items():
        assert digest in page
        assert not (site / "wordlists" / "en" / name.removeprefix("en-")).exists(), f"{name} copied to the site"
    kept = [d for d in list_downloads(folder) if d.size <= bound]
    assert kept, "every file is an asset"
    for download in kept:
        copy = site / "wordlists" / "en" / download.name
        assert copy.read_bytes() == download.source.read_bytes(), download.name
        assert download.sha256 in page and Release.asset_name("en", download.name) not in released


def test_the_tag_changes_with_a_pin_of_a_site_language_only(repo_root, release_assets, tmp_path):
    package = tmp_path / "pipeline"
    shutil.copytree(repo_root / "pipeline" / "languages", package / "languages")
    shutil.copyfile(repo_root / "pipeline" / "site.toml", package / "site.toml")
    before = release_assets.tag(package)
    assert before == release_assets.tag() and re.fullmatch(r"lists-[0-9a-f]{12}", before)

    published = tomllib.loads((package / "site.toml").read_text("utf-8"))["published"]
    unpublished = min(path for path in (package / "languages").glob("*.toml") if path.stem not in published)
    pinned = unpublished.read_text("utf-8")
    assert 'integrity = "' in pinned, f"{unpublished.stem} has a pin to change"
    unpublished.write_text(pinned.replace('integrity = "', 'integrity = "x', 1), "utf-8")
    assert release_assets.tag(package) == before, f"{unpublished.stem} is not a site language"
    catalan = package / "languages" / "ca.toml"
    catalan.write_text(catalan.read_text("utf-8").replace('integrity = "', 'integrity = "x', 1), "utf-8")
    assert release_assets.tag(package) != before
