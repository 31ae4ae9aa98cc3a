"""`make publish-check`: build the site as the Pages workflow does, then check the artifact.

The build step repeats ``.github/workflows/pages.yml``'s: ``make dictionaries site`` with
BASE_PATH and SITE_URL as actions/configure-pages gives them to a project site
(``/<repo>/`` and ``https://<owner>.github.io/<repo>/``) and the date stated explicitly.
The checks are what GitHub Pages' artifact requires: one folder, no symbolic or hard links,
files 0644 and folders 0755, ``index.html`` and ``404.html`` at the top, under 1 GB.

    python scripts/publish_check.py                 # build, then check dist/site
    python scripts/publish_check.py --no-build      # check only (the workflow's step)
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import stat
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: GitHub Pages refuses a site bigger than this.
PAGES_LIMIT = 1_000_000_000


def check_artifact(site: Path) -> tuple[list[str], int, int]:
    """Problems found in ``site`` (empty when it can be published), file count, bytes."""
    problems: list[str] = []
    if not site.is_dir() or site.is_symlink():
        return [f"{site}: not a folder"], 0, 0
    for name in ("index.html", "404.html"):
        if not (site / name).is_file():
            problems.append(f"{site / name}: missing")
    files = size = 0
    for folder, dirs, names in os.walk(site):
        for name in dirs + names:
            path = Path(folder) / name
            info = path.lstat()
            where = path.relative_to(site)
            if stat.S_ISLNK(info.st_mode):
                problems.append(f"{where}: symbolic link")
            elif stat.S_ISDIR(info.st_mode):
                if stat.S_IMODE(info.st_mode) != 0o755:
                    problems.append(f"{where}: folder mode {oct(stat.S_IMODE(info.st_mode))}, expected 0o755")
            elif stat.S_ISREG(info.st_mode):
                files += 1
                size += info.st_size
                if info.st_nlink != 1:
                    problems.append(f"{where}: hard link ({info.st_nlink} names)")
                if stat.S_IMODE(info.st_mode) != 0o644:
                    problems.append(f"{where}: file mode {oct(stat.S_IMODE(info.st_mode))}, expected 0o644")
            else:
                problems.append(f"{where}: not a regular file or folder")
    if stat.S_IMODE(site.stat().st_mode) != 0o755:
        problems.append(f"{site}: folder mode {oct(stat.S_IMODE(site.stat().st_mode))}, expected 0o755")
    if size >= PAGES_LIMIT:
        problems.append(f"{site}: {size / 1e6:.0f} MB, over GitHub Pages' 1 GB limit")
    return problems, files, size


def build(repo: str, owner: str, date: str) -> None:
    env = {**os.environ, "BASE_PATH": f"/{repo}/", "SITE_URL": f"https://{owner}.github.io/{repo}/"}
    command = ["make", "dictionaries", "site", f"DATE={date}"]
    print(
        f"publish-check: {' '.join(command)} with BASE_PATH={env['BASE_PATH']} SITE_URL={env['SITE_URL']}", flush=True
    )
    subprocess.run(command, cwd=ROOT, env=env, check=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--no-build", action="store_true", help="only check the existing dist/site")
    parser.add_argument("--repo", default="rusc", help="repository name: the project site lives at /REPO/")
    parser.add_argument("--owner", default="example", help="GitHub owner (for SITE_URL)")
    parser.add_argument("--date", default=None, help="puzzle day (default: today in UTC, as the workflow)")
    parser.add_argument("--site", type=Path, default=ROOT / "dist" / "site")
    args = parser.parse_args(argv)
    if not args.no_build:
        # The workflow's `date -u +%F`; the one clock read, stated to the build explicitly.
        date = args.date or dt.datetime.now(dt.UTC).date().isoformat()
        try:
            build(args.repo, args.owner, date)
        except subprocess.CalledProcessError as error:
            print(f"publish-check: the build failed (exit {error.returncode})", file=sys.stderr)
            return 1
    problems, files, size = check_artifact(args.site)
    for problem in problems:
        print(f"publish-check: {problem}", file=sys.stderr)
    print(
        f"publish-check: {args.site}: {files} files, {size / 1e6:.1f} MB "
        f"({size / PAGES_LIMIT:.0%} of GitHub Pages' 1 GB)" + (" — NOT publishable" if problems else " — ok")
    )
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
