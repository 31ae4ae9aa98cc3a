"""The static site: valid HTML, deterministic, links right under a base path, words escaped.

Built from the fixture dictionary of :mod:`tests.site_fixture` (real Catalan words plus
hostile display forms) so each build takes a second; the real-data pages are driven in
Chromium by test_site_browser.py.
"""

from __future__ import annotations

import os
import subprocess
import sys
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

import html5lib
import pytest

from pipeline.config import load_language
from pipeline.core.paths import Paths
from pipeline.render import build_site
from pipeline.render.urls import Urls

sys.path.insert(0, str(Path(__file__).parent))
from support.serving import serve
from support.site_fixture import FIXTURE_DATE, HOSTILE, make_fixture

BASE = "/rusc/"


def build_fixture_site(root: Path, site_url: str = "http://127.0.0.1:8000/rusc/") -> Path:
    toml, _ = make_fixture(root)
    build_site(Paths(root), [load_language(toml)], FIXTURE_DATE, Urls.create(BASE, site_url))
    return Paths(root).site


@pytest.fixture(scope="module")
def fixture_site(tmp_path_factory) -> Path:
    return build_fixture_site(tmp_path_factory.mktemp("site"))


def html_files(site: Path) -> list[Path]:
    return sorted(site.rglob("*.html"))


def parse(path: Path):
    parser = html5lib.HTMLParser(strict=False, namespaceHTMLElements=False)
    tree = parser.parse(path.read_bytes(), likely_encoding="utf-8")
    return parser, tree


def test_every_page_parses_as_html5_without_errors(fixture_site):
    pages = html_files(fixture_site)
    assert len(pages) > 12
    for page in pages:
        parser, tree = parse(page)
        assert not parser.errors, f"{page}: {parser.errors[:3]}"
        assert tree.get("lang"), f"{page} has no lang attribute"
        csp = [m for m in tree.iter("meta") if m.get("http-equiv") == "Content-Security-Policy"]
        assert csp and "script-src 'self'" in csp[0].get("content"), page
        for script in tree.iter("script"):
            if script.get("type") == "application/json":
                continue  # a data block: browsers never execute it
            assert script.get("src") and not (script.text or "").strip(), f"inline script in {page}"


def test_catalan_pages_are_in_catalan(fixture_site):
    from pipeline.render.i18n import translations

    page = (fixture_site / "ca" / "beehive" / "index.html").read_text(encoding="utf-8")
    catalan = translations("ca")
    assert '<html lang="ca">' in page
    assert catalan.gettext("Show the answers") == "Mostra les solucions"
    assert "Mostra les solucions" in page and catalan.gettext("Hints") in page
    assert "Show the answers" not in page


def test_assets_have_content_hashed_names(fixture_site):
    import hashlib

    for asset in (fixture_site / "assets").iterdir():
        _stem, digest, _ext = asset.name.split(".", 2)
        assert hashlib.sha256(asset.read_bytes()).hexdigest().startswith(digest), asset.name


def tree_bytes(site: Path) -> dict[str, bytes]:
    return {str(p.relative_to(site)): p.read_bytes() for p in sorted(site.rglob("*")) if p.is_file()}


def test_same_date_and_inputs_give_a_byte_identical_site(tmp_path):
    """Two builds in separate processes with different hash seeds, locales, zones and umasks."""
    script = (
        "import sys; sys.path.insert(0, sys.argv[2]); from pathlib import Path; "
        "from test_site import build_fixture_site; build_fixture_site(Path(sys.argv[1]))"
    )
    settings = [("1", "C", "UTC", 0o022), ("4242", "ca_ES.UTF-8", "Pacific/Auckland", 0o077)]
    trees = []
    for n, (seed, locale, zone, umask) in enumerate(settings):
        root = tmp_path / f"build{n}"
        env = {**os.environ, "PYTHONHASHSEED": seed, "LC_ALL": locale, "TZ": zone}
        subprocess.run(
            [sys.executable, "-c", script, str(root), str(Path(__file__).parent)],
            env=env,
            check=True,
            cwd=tmp_path if n else Path(__file__).parent,
            preexec_fn=lambda u=umask: os.umask(u),
        )
        trees.append(tree_bytes(Paths(root).site))
    assert trees[0].keys() == trees[1].keys()
    different = [name for name in trees[0] if trees[0][name] != trees[1][name]]
    assert not different, different[:5]
    modes = {oct(p.stat().st_mode & 0o777) for p in Paths(tmp_path / "build1").site.rglob("*")}
    assert modes == {"0o644", "0o755"}


@pytest.fixture(scope="module")
def served_site(tmp_path_factory):
    """The fixture site built for, and served by, a local server under /rusc/."""
    root = tmp_path_factory.mktemp("served") / "build"
    with serve(Paths(root).site) as origin:
        yield origin, build_fixture_site(root, site_url=origin + BASE)


def references(path: Path, text: str, links_out: list[str] | None = None) -> list[str]:
    """Every URL a page or XML file refers to, but the links out to a reference dictionary
    (an ``<a>`` opened in a new tab, without the opener or referrer), which go to
    ``links_out``."""
    if path.suffix == ".html":
        _, tree = parse(path)
        found = []
        for element in tree.iter():
            if (
                element.tag == "a"
                and element.get("target") == "_blank"
                and element.get("rel") == "noopener noreferrer"
                and links_out is not None
            ):
                links_out.append(element.get("href"))
                continue
            for attribute in ("href", "src", "action", "data"):
                if element.get(attribute):
                    found.append(element.get(attribute))
        return found
    import re

    return re.findall(r"<loc>([^<]+)</loc>|href=\"([^\"]+)\"", text) and [
        a or b for a, b in re.findall(r"<loc>([^<]+)</loc>|href=\"([^\"]+)\"", text)
    ]


def fetch_status(url: str) -> int:
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


def test_every_internal_link_works_under_the_base_path_and_no_other_host_is_referenced(served_site):
    origin, site = served_site
    host = urllib.parse.urlsplit(origin).netloc
    checked: dict[str, int] = {}
    links_out: list[str] = []
    files = html_files(site) + sorted(site.rglob("*.xml"))
    for path in files:
        page_url = origin + BASE + str(path.relative_to(site))
        if path.name == "404.html":
            page_url = origin + BASE + "some/deep/missing/page"  # GitHub serves it at any address
        ids = {el.get("id") for el in parse(path)[1].iter()} if path.suffix == ".html" else set()
        for ref in references(path, path.read_text(encoding="utf-8"), links_out):
            if ref.startswith("#"):
                assert ref[1:] in ids, f"{path}: no element with id {ref}"
                continue
            target = urllib.parse.urljoin(page_url, ref)
            parts = urllib.parse.urlsplit(target)
            assert parts.netloc == host, f"{path} refers to another host: {ref}"
            assert parts.path.startswith(BASE), f"{path} leaves the base path: {ref}"
            clean = urllib.parse.urlunsplit(parts._replace(fragment=""))
            if clean not in checked:
                checked[clean] = fetch_status(clean)
            assert checked[clean] == 200, f"{path}: broken link {ref}"
    assert len(checked) > 20
    # Links out (never loads) go only to the reference dictionaries the languages name.
    dictionaries = {urllib.parse.urlsplit(link.url).netloc for link in load_language("ca").dictionaries}
    assert links_out and {urllib.parse.urlsplit(link).netloc for link in links_out} == dictionaries
    css = next((site / "assets").glob("style.*.css")).read_text(encoding="utf-8")
    assert "url(" not in css and "@import" not in css


def test_hostile_words_are_escaped_and_show_literally(fixture_site):
    found = dict.fromkeys(HOSTILE, False)
    for page in html_files(fixture_site):
        _, tree = parse(page)
        scripts = [s.get("src") for s in tree.iter("script") if s.get("type") != "application/json"]
        assert all(src and "/assets/" in src for src in scripts), f"{page}: {scripts}"
        assert not any(el.get("onerror") for el in tree.iter()), page
        text = "".join(tree.itertext())
        for key, form in HOSTILE.items():
            if form in text:
                found[key] = True
    assert all(found.values()), found


def run_cli(cli, root: Path, *args: str, env_extra: dict | None = None):
    """``rusc site`` in-process, in ``root``, with none of the site's settings from outside."""
    return cli(
        "site",
        *args,
        unset=("SOURCE_DATE_EPOCH", "BASE_PATH", "SITE_URL", "SITE_LANGS"),
        env={"RUSC_ROOT": str(root), **(env_extra or {})},
    )


def test_site_command_takes_the_day_from_source_date_epoch_in_the_languages_time_zone(tmp_path, cli):
    toml, _ = make_fixture(tmp_path)
    # 23:30 UTC the day before is already FIXTURE_DATE in Madrid.
    import datetime as dt

    epoch = int(dt.datetime(FIXTURE_DATE.year, FIXTURE_DATE.month, FIXTURE_DATE.day, tzinfo=dt.UTC).timestamp()) - 1800
    result = run_cli(
        cli,
        tmp_path,
        "--languages",
        str(toml),
        "--base-path",
        "/x/",
        "--site-url",
        "https://h.example/x/",
        env_extra={"SOURCE_DATE_EPOCH": str(epoch)},
    )
    assert result.returncode == 0, result.stderr
    assert f"ca {FIXTURE_DATE}" in result.stdout
    page = (tmp_path / "dist" / "site" / "ca" / "beehive" / "index.html").read_text(encoding="utf-8")
    assert f'href="/x/ca/beehive/{FIXTURE_DATE}/"' in page
    assert '<link rel="canonical" href="https://h.example/x/ca/beehive/">' in page


@pytest.mark.parametrize(
    "args, status, message",
    [
        ([], 2, "pass --date YYYY-MM-DD or set SOURCE_DATE_EPOCH"),
        (["--date", "2026-13-01"], 2, "invalid date"),
        (["--date", "2020-01-01"], 1, "no puzzles scheduled for 2020-01-01"),
        (["--date", "2026-03-10", "--base-path", "/a b/"], 2, "invalid base path"),
    ],
)
def test_site_command_refuses_bad_input_in_one_line_and_leaves_no_site(tmp_path, args, status, message, cli):
    toml, _ = make_fixture(tmp_path)
    result = run_cli(cli, tmp_path, "--languages", str(toml), *args)
    assert result.returncode == status, result.stderr
    assert message in result.stderr and len(result.said) == 1
    assert not (tmp_path / "dist" / "site").exists()
    assert not list((tmp_path / "dist").glob(".site.*"))


def test_sitemap_and_feeds_are_well_formed_with_absolute_urls(fixture_site):
    import xml.etree.ElementTree as ET

    atom = "{http://www.w3.org/2005/Atom}"
    sitemap = ET.parse(fixture_site / "sitemap.xml").getroot()
    locations = [loc.text for loc in sitemap.iter("{http://www.sitemaps.org/schemas/sitemap/0.9}loc")]
    # Neither the 404 page nor the offline notice (templates/offline.html) is a page to index.
    pages = [p for p in html_files(fixture_site) if p.name != "404.html" and p.parent.name != "offline"]
    assert len(locations) == len(pages) and all(loc.startswith("http://127.0.0.1:8000/rusc/") for loc in locations)
    feed = ET.parse(fixture_site / "ca" / "feed.xml").getroot()
    entries = feed.findall(f"{atom}entry")
    assert entries, "the feed has no daily puzzles"
    assert feed.get("{http://www.w3.org/XML/1998/namespace}lang") == "ca"
    newest = entries[0].find(f"{atom}id").text
    assert newest.startswith("http://127.0.0.1:8000/rusc/ca/") and str(FIXTURE_DATE) in newest
    assert all(str(FIXTURE_DATE) >= e.find(f"{atom}updated").text[:10] for e in entries), "no future puzzle"
