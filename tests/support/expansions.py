"""Helpers shared by the expander tests: the compiled libhunspell oracle and cached expansions.

Expansions of the real dictionaries take seconds to a minute each, so each is made once and
shared by every test and every pytest-xdist worker that reads it. The full expansion is the
build's (``dist/work/<lang>/``, stamped with the dictionary's hashes and the expander's
source, so a test never reads one an older expander made); the fast path's is filed under
``.cache/test-expansions/`` by a key of the .aff and .dic (SHA-256), the language's ordinary
shape and the source of the whole ``pipeline`` package. A lock lets one worker expand while
the others wait for it; other keys are pruned.
"""

from __future__ import annotations

import atexit
import contextlib
import hashlib
import itertools
import shutil
import subprocess
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
ORACLE_SOURCE = REPO / "tests" / "oracle" / "spell_check.cpp"
LANGUAGES = ("ca", "en", "es", "fr")

_scratch = Path(tempfile.mkdtemp(prefix="rusc-expand-tests."))
atexit.register(shutil.rmtree, _scratch, True)
#: Shared expansions (see the module docstring).
EXPANSIONS = REPO / ".cache" / "test-expansions"


def oracle_binary() -> Path:
    """Compile tests/oracle/spell_check.cpp against Debian's libhunspell (cached by source hash)."""
    compiler = shutil.which("g++")
    assert compiler, "g++ is not installed; the oracle is compiled in the test run"
    digest = hashlib.sha256(ORACLE_SOURCE.read_bytes()).hexdigest()[:16]
    folder = Path(tempfile.gettempdir()) / "rusc-oracle"
    folder.mkdir(exist_ok=True)
    binary = folder / f"spell_check-{digest}"
    if not binary.exists():
        tmp = folder / f".spell_check-{digest}.{id(folder)}"
        subprocess.run([compiler, "-O2", "-o", str(tmp), str(ORACLE_SOURCE), "-lhunspell"], check=True)
        tmp.replace(binary)
    return binary


#: The most forms one test asks the oracle about (about 45 s of libhunspell on Catalan). A
#: larger expansion is checked on every k-th form of its sorted list, a sample spread evenly
#: over it; ``make oracle`` (scripts/rejected_forms.py) checks every form of every language.
ORACLE_FORMS = 1_000_000


def sample_step(count: int, limit: int | None = ORACLE_FORMS) -> int:
    """k such that every k-th of ``count`` forms is at most ``limit`` forms (1: all of them).

    >>> sample_step(900_000), sample_step(16_231_764), sample_step(16_231_764, None)
    (1, 17, 1)
    """
    return 1 if limit is None or count <= limit else -(-count // limit)


def rejected(aff: Path, dic: Path, words_file: Path, processes: int = 2, step: int = 1) -> list[str]:
    """The words of ``words_file`` (one per line; every ``step``-th) that Hunspell::spell() rejects.

    The words are dealt in turn into ``processes`` pieces checked in parallel; the rejected
    ones come back in code-point order.
    """
    pieces = [_scratch / f"words-{i}.txt" for i in range(processes)]
    with open(words_file, "rb") as words, contextlib.ExitStack() as stack:
        outputs = [stack.enter_context(open(piece, "wb")) for piece in pieces]
        for number, line in enumerate(itertools.islice(words, 0, None, step)):
            outputs[number % processes].write(line)
    running = []
    for piece in pieces:
        handle = open(piece, "rb")
        running.append(
            (
                handle,
                subprocess.Popen(
                    [str(oracle_binary()), "-r", str(aff), str(dic)], stdin=handle, stdout=subprocess.PIPE
                ),
            )
        )
    out = []
    for handle, process in running:
        stdout, _ = process.communicate()
        handle.close()
        assert process.returncode == 0
        out.extend(stdout.decode("utf-8").splitlines())
    for piece in pieces:
        piece.unlink()
    return sorted(out)


def spell(aff: Path, dic: Path, words: list[str]) -> list[bool]:
    """Hunspell::spell() on each word."""
    data = "".join(w + "\n" for w in words).encode("utf-8")
    result = subprocess.run([str(oracle_binary()), str(aff), str(dic)], input=data, capture_output=True, check=True)
    answers = result.stdout.decode().split()
    assert len(answers) == len(words)
    return [a == "1" for a in answers]


def dictionary_files(code: str):
    from pipeline.config import load_language
    from pipeline.core.paths import Paths
    from pipeline.sources import fetch

    return fetch(load_language(code), Paths(REPO))


def code_version() -> str:
    """SHA-256 over every source file of the ``pipeline`` package, in path order."""
    from support.repo import source_digest

    return source_digest(("pipeline",), "*.py")


def expansion(code: str, fast: bool = False) -> Path:
    """forms.txt of the language's real dictionary, made once for these inputs and this code.

    The full expansion is the build's own, ``dist/work/<lang>/forms.txt``
    (:func:`pipeline.build.expand_language`, which reuses one made from the same inputs by
    the same expander, as ``make dictionaries`` leaves it); the fast path's is filed here.
    """
    from filelock import FileLock

    from pipeline.build import current_expansion, expand_language
    from pipeline.config import load_language
    from pipeline.core.fsutil import build_lock, sha256_file
    from pipeline.core.paths import Paths
    from pipeline.expand import OrdinaryForms, expand_to_file

    files = dictionary_files(code)
    language = load_language(code)
    if not fast:
        paths = Paths(REPO)
        # Current, it is only read: no need to wait for another language's build to end.
        if current_expansion(language, files, paths) is None:
            with build_lock(paths.dist, wait=3600):  # a build of the lists may be expanding it
                expand_language(language, files, paths)
        return paths.work(code) / "forms.txt"
    # The fast path keeps what an ordinary word of the language may hold (its capitals, its
    # letter groups), as `rusc expand --fast` does.
    ordinary = OrdinaryForms.of(language)
    shape = f"{ordinary.keep_capitals}:{''.join(sorted(ordinary.joiners))}"
    key = hashlib.sha256(
        "\0".join([sha256_file(files.aff), sha256_file(files.dic), shape, code_version()]).encode()
    ).hexdigest()[:24]
    folder = EXPANSIONS / f"{code}-fast-{key}"
    out = folder / "forms.txt"
    EXPANSIONS.mkdir(parents=True, exist_ok=True)
    with FileLock(str(EXPANSIONS / f".{code}.lock")):
        if not out.exists():
            # This language's other keys, and full expansions filed here by older test runs
            # ("{code}-*" alone would also match en-za's for en).
            for stale in [*EXPANSIONS.glob(f"{code}-fast-*"), *EXPANSIONS.glob(f"{code}-full-*")]:
                shutil.rmtree(stale, ignore_errors=True)
            expand_to_file(
                files.aff, files.dic, out, workers=2, fast=True, ordinary=ordinary
            )  # atomic: complete or absent
    return out


def write_dictionary(folder: Path, aff: str, dic: str) -> tuple[Path, Path]:
    """A small dictionary written into ``folder`` as t.aff and t.dic (UTF-8)."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "t.aff").write_text(aff, encoding="utf-8")
    (folder / "t.dic").write_text(dic, encoding="utf-8")
    return folder / "t.aff", folder / "t.dic"


def generated_forms(aff: Path, dic: Path) -> set[str]:
    """Every form the expander makes of a small dictionary."""
    from pipeline.expand import Expander, derivations

    expander = Expander.from_files(aff, dic)
    return {d.form for entry in expander.entries() for d in derivations(expander, entry)}
