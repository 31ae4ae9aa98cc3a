"""Browser tests wait on a condition written as a JavaScript function, never as a bare
expression: the site's Content-Security-Policy forbids eval, and Playwright evaluates a bare
expression with eval on every poll after the first, so such a wait fails exactly when the
page is slow to get there (test_play_feel's invisible-character test did, after other tests
in the same tab).
"""

from __future__ import annotations

import re
from pathlib import Path

TESTS = Path(__file__).resolve().parent
#: The first argument of a wait_for_function call, when it is a string literal.
WAIT = re.compile(r"wait_for_function\(\s*f?(?:\"\"\"|\"|')(?P<start>[^\n]{0,40})")
#: How a function written as a string starts.
FUNCTION = re.compile(r"\s*(?:\(|async\b|function\b|[A-Za-z_$][\w$]*\s*=>)")


def test_every_wait_for_function_is_given_a_function():
    bare = []
    for path in sorted(set(TESTS.rglob("*.py")) - {Path(__file__).resolve()}):
        text = path.read_text(encoding="utf-8")
        for match in WAIT.finditer(text):
            if not FUNCTION.match(match.group("start")):
                bare.append(f"{path.relative_to(TESTS)}:{text.count(chr(10), 0, match.start()) + 1}")
    assert not bare, f"wait_for_function given a bare expression (write it as '() => …'): {bare}"


def test_the_check_sees_a_bare_expression():
    assert not FUNCTION.match("document.title === 'x'")
    assert FUNCTION.match("() => document.title === 'x'") and FUNCTION.match("(n) => n") and FUNCTION.match("x => x")
    assert WAIT.search('page.wait_for_function("document.title")').group("start").startswith("document.title")
