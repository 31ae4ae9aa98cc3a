"""The wire format between the build and the browser: how the page data writes what the
games' scripts read back, once in Python (here) and once in JavaScript (``site/wire.js``).

Three kinds of page data cross it — a day's play data (:mod:`pipeline.browser.playdata`),
the solver indexes (:mod:`pipeline.browser.solvers`) and the Wordle page data
(:mod:`pipeline.browser.wordle_data`) — and they share two encodings:

* **display forms relative to a key** (:func:`encode_forms`): a game key is folded
  (``acaba``), a player sees its forms (``acabà``, ``Acaba``); each form is written as the
  edits that turn the key into it, which are short because a form folds to its key;
* **front coding** (:func:`front_coded`): sorted keys, each written as how many characters
  it shares with the one before and the rest.

Every constant below is declared again at the top of ``site/wire.js``;
``tests/test_wire_js.py`` checks each pair and decodes, under Node, what this module encodes.
Bump a format's number whenever what it writes changes: each script refuses a number it
does not know, so a page never misreads a stale file.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Sequence

from pipeline.lists.tiles import CODE_BASE

#: Version of a day's play data (``site/game-core.js``).
PLAY_DATA_FORMAT = 2
#: Version of the solver indexes (``site/solver-core.js``).
SOLVER_INDEX_FORMAT = 3
#: Version of the Wordle page data (``site/wordle-core.js``).
WORDLE_DATA_FORMAT = 7

#: A count or position ``n`` is written as the one character ``chr(POSITION_BASE + n)``:
#: printable, and for ``n`` < 10 the digit itself.
POSITION_BASE = 0x30
#: Opens each edit of an encoded form.
DIFF_MARK = "~"
#: An encoded form that is its key.
SAME = "="
#: Between the encoded forms of one key: printable, so JSON writes it as one byte (a control
#: character takes six, ``\u001f``), and no word's form holds it (forms may hold spaces).
FORM_SEPARATOR = "|"
#: A rack tile's code is ``chr(TILE_CODE_BASE + its index in the tile set)``.
TILE_CODE_BASE = CODE_BASE
#: Wordle prior levels 0..63, one character each.
LEVEL_CHARS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz+/"


class WireError(ValueError):
    """A text the wire format cannot carry (a form holding one of its marks)."""


def position(n: int) -> str:
    """The one character that writes count or position ``n``.

    >>> position(0), position(4), position(12)
    ('0', '4', '<')
    """
    return chr(POSITION_BASE + n)


def encode_form(key: str, form: str) -> str:
    """``form`` as the edits that turn ``key`` into it: :data:`SAME` if it is the key, else,
    for each of difflib's edits left to right, :data:`DIFF_MARK`, the start and end of the
    replaced stretch of the key (:func:`position`, in code points) and its replacement.

    >>> encode_form("acaba", "acaba"), encode_form("acaba", "acabà")
    ('=', '~45à')
    >>> encode_form("amelarse", "amelar-se"), encode_form("ll", "l·l")
    ('~66-', '~11·')
    """
    if form == key:
        return SAME
    if not form or DIFF_MARK in form or FORM_SEPARATOR in form:
        raise WireError(f"display form {form!r} of {key!r} holds a mark of the wire format")
    matcher = difflib.SequenceMatcher(None, key, form, autojunk=False)
    return "".join(
        DIFF_MARK + position(start) + position(end) + form[form_start:form_end]
        for tag, start, end, form_start, form_end in matcher.get_opcodes()
        if tag != "equal"
    )


def encode_forms(key: str, forms: Sequence[str]) -> str:
    """Every display form of ``key``, encoded and joined by :data:`FORM_SEPARATOR`; "" when
    the key is its only form (most keys: nothing to write).

    >>> encode_forms("acaba", ("acaba",)), encode_forms("acaba", ("acaba", "Acabà"))
    ('', '=|~01A~45à')
    """
    if list(forms) == [key]:
        return ""
    return FORM_SEPARATOR.join(encode_form(key, form) for form in forms)


def decode_forms(key: str, encoded: str) -> list[str]:
    """The inverse of :func:`encode_forms` (``site/wire.js`` ``decodeForms``).

    >>> decode_forms("acaba", "=|~01A~45à")
    ['acaba', 'Acabà']
    """
    if not encoded:
        return [key]
    return [_decode_form(key, item) for item in encoded.split(FORM_SEPARATOR)]


def _decode_form(key: str, item: str) -> str:
    if item == SAME:
        return key
    if not item.startswith(DIFF_MARK):
        raise WireError(f"{item!r} is no encoded form of {key!r}")
    out, at, cursor = [], 0, 0
    while cursor < len(item):
        # An edit: the mark, two positions (either may itself be the mark), its text.
        start, end = ord(item[cursor + 1]) - POSITION_BASE, ord(item[cursor + 2]) - POSITION_BASE
        text_end = item.find(DIFF_MARK, cursor + 3)
        text_end = len(item) if text_end < 0 else text_end
        out += [key[at:start], item[cursor + 3 : text_end]]
        at, cursor = end, text_end
    out.append(key[at:])
    return "".join(out)


def shared_count(coded: str) -> int:
    """How many characters a :func:`front_coded` entry takes from the key before.

    >>> shared_count("2c")
    2
    """
    return ord(coded[0]) - POSITION_BASE


def front_coded(keys: Iterable[str]) -> list[str]:
    """Sorted ``keys``, each as :func:`position` of how many characters it shares with the
    key before and the rest of it.

    >>> front_coded(["aba", "abc", "b"])
    ['0aba', '2c', '0b']
    """
    coded, previous = [], ""
    for key in keys:
        shared = 0
        limit = min(len(previous), len(key))
        while shared < limit and previous[shared] == key[shared]:
            shared += 1
        coded.append(position(shared) + key[shared:])
        previous = key
    return coded
