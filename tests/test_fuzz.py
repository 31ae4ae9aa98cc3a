"""Fuzzing the dictionary readers: mutated real dictionaries end in success or in Rusc's
own one-line error naming the file — never a traceback, never a hang. And the text a
package or a language file brings (add-language's comments and strings, typography
rewrites in pages) never becomes a setting or markup, whatever it holds.

Seeds are small real dictionaries: every case of Hunspell's own test suite and a slice of
the Catalan dictionary (its whole .aff, 300 .dic lines). Mutations: truncated lines,
wrong counts, invalid flags, bad conditions, wrong encodings, binary junk, huge lines.
Each case runs under an alarm, so a hang fails the test instead of stalling CI.
"""

from __future__ import annotations

import signal
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from pipeline.core.errors import RuscError
from pipeline.expand import Expander, entry_forms
from pipeline.expand.text import normalise_dictionary

#: Seconds one fuzz case may take (parse, normalise and expand a small dictionary).
CASE_SECONDS = 20
#: Forms generated per case at most (a mutation can make a rule apply everywhere).
MAX_FORMS = 200_000

MUTATIONS = ("truncate", "count", "flag", "condition", "encoding", "junk", "huge", "drop", "duplicate")


class Hang(Exception):
    pass


def _alarm(signum, frame):
    raise Hang()


def seeds(hunspell_tests: Path, catalan) -> list[tuple[str, bytes, bytes]]:
    found = []
    for aff in sorted(hunspell_tests.glob("*.aff")):
        dic = aff.with_suffix(".dic")
        if dic.exists():
            found.append((aff.stem, aff.read_bytes(), dic.read_bytes()))
    dic_lines = catalan.dic.read_bytes().splitlines(keepends=True)
    found.append(("catalan-slice", catalan.aff.read_bytes(), b"300\n" + b"".join(dic_lines[1:301:1])))
    return found


def mutate(data: bytes, how: str, where: float, junk: bytes) -> bytes:
    lines = data.splitlines(keepends=True) or [b""]
    i = min(int(where * len(lines)), len(lines) - 1)
    line = lines[i]
    if how == "truncate":
        lines[i] = line[: max(0, int(len(line) * where) - 1)]
    elif how == "count":
        parts = line.split()
        lines[i] = b" ".join(parts[:-1] + [b"99999" if where > 0.5 else b"-3"]) + b"\n" if parts else b"7\n"
    elif how == "flag":
        lines[i] = line.rstrip(b"\n") + b"/\xff\x00zz" + junk[:4] + b"\n"
    elif how == "condition":
        parts = line.split()
        if len(parts) >= 5:
            parts[4] = [b"[", b"[^", b"]", b"[a-", b"(", b"\\", b"[]"][int(where * 7) % 7]
        lines[i] = b" ".join(parts) + b"\n"
    elif how == "encoding":
        lines[i] = line.decode("utf-8", "replace").encode("latin-1", "replace") + b"\xe7\xe0\n"
    elif how == "junk":
        lines[i] = junk + b"\n"
    elif how == "huge":
        lines[i] = line.rstrip(b"\n") + b"a" * 200_000 + b"\n"
    elif how == "drop":
        del lines[i]
    elif how == "duplicate":
        lines[i:i] = [line] * 3
    return b"".join(lines)


def run_case(aff: bytes, dic: bytes) -> str:
    """Normalise and expand; the only acceptable failure is RuscError naming the file."""
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        (folder / "in.aff").write_bytes(aff)
        (folder / "in.dic").write_bytes(dic)
        previous = signal.signal(signal.SIGALRM, _alarm)
        signal.alarm(CASE_SECONDS)
        try:
            out_aff, out_dic = normalise_dictionary(folder / "in.aff", folder / "in.dic", folder / "out")
            expander = Expander.from_files(out_aff, out_dic)
            produced = 0
            for entry in expander.entries():
                produced += len(entry_forms(expander, entry))
                if produced > MAX_FORMS:
                    break
            return "expanded"
        except RuscError as error:
            message = str(error)
            assert "\n" not in message
            assert str(folder) in message, f"error does not name the file: {message}"
            return "clear error"
        except Hang:
            pytest.fail(f"a case ran longer than {CASE_SECONDS} s")
        finally:
            signal.alarm(0)
            signal.signal(signal.SIGALRM, previous)


@pytest.fixture(scope="module")
def seed_dictionaries(hunspell_tests, dictionary):
    return seeds(hunspell_tests, dictionary("ca"))


@pytest.mark.slow
@settings(
    max_examples=1000,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
def test_mutated_dictionaries_end_in_success_or_a_clear_error(seed_dictionaries, data):
    index = data.draw(st.integers(0, len(seed_dictionaries) - 1), label="seed index")
    _name, aff, dic = seed_dictionaries[index]
    target = data.draw(st.sampled_from(["aff", "dic"]), label="file")
    how = data.draw(st.sampled_from(MUTATIONS), label="mutation")
    where = data.draw(st.floats(0, 1), label="where")
    junk = data.draw(st.binary(min_size=1, max_size=64), label="junk")
    if target == "aff":
        aff = mutate(aff, how, where, junk)
    else:
        dic = mutate(dic, how, where, junk)
    # How the cases ended, in the Hypothesis statistics (pytest --hypothesis-show-statistics).
    event(run_case(aff, dic))


# --- text from packages and settings: add-language's TOML, typography in pages ----------


@settings(max_examples=300, deadline=None, derandomize=True)
@given(text=st.text())
def test_any_package_text_stays_in_its_comment_and_its_string(text):
    """Whatever a package's description (or a command line) holds, quoted in a comment it
    stays that comment, and written as a value it reads back as itself."""
    import tomllib

    from pipeline.config.schema import toml_value
    from pipeline.newlang.add_language import _single_line

    written = f"# Package: {_single_line(text)}.\nvalue = {toml_value(_single_line(text))}\n"
    assert tomllib.loads(written) == {"value": _single_line(text)}
    assert tomllib.loads(f"value = {toml_value(text)}\n") == {"value": text}


@settings(max_examples=200, deadline=None, derandomize=True)
@given(replacement=st.text(), value=st.text())
def test_any_typography_rule_writes_text_never_markup(replacement, value):
    """A [[typography]] replacement and a filled-in value of any text come out as escaped
    text: unescaping and escaping the result again changes nothing."""
    import dataclasses

    from markupsafe import Markup, escape

    from pipeline.config import TypographyRule, load_language
    from pipeline.render.i18n import environment

    language = dataclasses.replace(
        load_language("en"), typography=(TypographyRule("Puzzles", replacement.replace("\\", "")),)
    )
    html = environment(language).from_string('{{ _("Puzzles for %(date)s", date=d) }}').render(d=value)
    assert html == str(escape(Markup(html).unescape()))
