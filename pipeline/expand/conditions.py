"""Affix conditions as libhunspell 1.7 tests them in a UTF-8 dictionary: byte by byte.

Hunspell does not test a condition character by character: ``PfxEntry::test_condition``
and ``SfxEntry::test_condition`` (affentry.cxx) walk the condition's bytes against the
word's bytes (a suffix's condition reversed, bytes and brackets, by ``reverseword`` and
``reverse_condition``, and walked from the word's end), stepping over UTF-8 continuation
bytes as they go. For most conditions that is the same thing; not always. In a suffix
condition, a ``.`` that meets an ASCII character steps over the character before it as
well when that one is not ASCII: ``[áéíóúŕýô].a`` never matches Antarktída (the group is
tried on the ``t``), so libhunspell accepts neither Antarktíd nor Antarktídach
(dictionary-sk 2.0.0: 329 forms), and a negated group after such a dot tests the wrong
character and may match where the condition as written would not. In a prefix condition,
a final ``.`` or negated group also matches the end of the word: ``.d.`` admits ``ad``.

:class:`ByteCondition` is a :class:`pipeline.expand.affixes.Condition` whose ``matches_end`` /
``matches_start`` are those two functions, ported line by line. :func:`hunspell_condition`
makes one where the byte walk can differ from the character test (a UTF-8 dictionary and a
condition with a non-ASCII character or a ``.``); every other condition keeps the fast
character test.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pipeline.expand.affixes import Condition

_LBRACKET, _RBRACKET, _CARET, _DOT = b"[", b"]", b"^", b"."


def reverse_condition(piece: bytes) -> bytes:
    """``AffixMgr::reverse_condition``: the brackets of a byte-reversed condition put back
    (``c]ba^[`` -> ``c[^ba]``)."""
    out = bytearray(piece) + b"\0"  # the string's terminator, which Hunspell may read
    neg = False
    for i in range(len(piece) - 1, -1, -1):
        char = out[i]
        if char == _LBRACKET[0]:
            if neg:
                out[i + 1] = _LBRACKET[0]
            else:
                out[i] = _RBRACKET[0]
        elif char == _RBRACKET[0]:
            out[i] = _LBRACKET[0]
            if neg:
                out[i + 1] = _CARET[0]
            neg = False
        elif char == _CARET[0]:
            if out[i + 1] == _RBRACKET[0]:
                neg = True
            elif neg:
                out[i + 1] = char
        elif neg:
            out[i + 1] = char
    return bytes(out[:-1])


def _byte_at(word: bytes):
    """``at(i)``: the byte of ``word`` at ``i``, 0 outside it (where C reads the terminator)."""
    size = len(word)
    return lambda i: word[i] if 0 <= i < size else 0


def _next_in(cond: bytes):
    """``nextchar(p)``: the position after ``p`` in ``cond``, None past its end (``NEXTCHAR``)."""
    size = len(cond)
    return lambda p: p + 1 if p is not None and p + 1 < size else None


def suffix_test(cond: bytes, numconds: int, word: bytes) -> bool:
    """``SfxEntry::test_condition(word end, word)`` with UTF-8 on, ``cond`` reversed."""
    at, nextchar = _byte_at(word), _next_in(cond)

    if numconds == 0:
        return True
    pos = None
    neg = ingroup = False
    p = 0
    st = len(word) - 1
    i = 1
    while True:
        c = cond[p]
        if c == 0:
            return True
        if c == _LBRACKET[0]:
            p = nextchar(p)
            pos = st
        elif c == _CARET[0]:
            p = nextchar(p)
            neg = True
        elif c == _RBRACKET[0]:
            if not neg and not ingroup:
                return False
            i += 1
            if not ingroup:
                while st >= 0 and (at(st) & 0xC0) == 0x80:
                    st -= 1
                st -= 1
            pos = None
            neg = ingroup = False
            p = nextchar(p)
            if st < 0 and p is not None:
                return False
        elif c == _DOT[0] and pos is None:
            p = nextchar(p)
            st -= 1
            while st >= 0 and (at(st) & 0xC0) == 0x80:
                st -= 1
            if st < 0:
                return p is None
            if at(st) & 0x80:
                st -= 1
                if st < 0:
                    return p is None
        else:
            if at(st) == c:
                p = nextchar(p)
                if at(st) & 0x80:
                    st -= 1
                    while p is not None and st >= 0:
                        if cond[p] != at(st):
                            if pos is None:
                                return False
                            st = pos
                            break
                        if (cond[p] & 0xC0) != 0x80:
                            break
                        p = nextchar(p)
                        st -= 1
                    if pos is not None and st != pos:
                        if neg:
                            return False
                        if i == numconds:
                            return True
                        ingroup = True
                        while p is not None and cond[p] != _RBRACKET[0]:
                            p = nextchar(p)
                        st -= 1
                    if p is not None and cond[p] != _RBRACKET[0]:
                        p = nextchar(p)
                elif pos is not None:
                    if neg:
                        return False
                    if i == numconds:
                        return True
                    ingroup = True
                    while p is not None and cond[p] != _RBRACKET[0]:
                        p = nextchar(p)
                    st -= 1
                if pos is None:
                    i += 1
                    st -= 1
                if st < 0 and p is not None and cond[p] != _RBRACKET[0]:
                    return False
            elif pos is not None:
                p = nextchar(p)
            else:
                return False
        if p is None:
            return True


def prefix_test(cond: bytes, numconds: int, word: bytes) -> bool:
    """``PfxEntry::test_condition(word)`` with UTF-8 on."""
    at, nextchar = _byte_at(word), _next_in(cond)

    if numconds == 0:
        return True
    pos = None
    neg = ingroup = False
    p = 0
    st = 0
    while True:
        c = cond[p]
        if c == 0:
            return True
        if c == _LBRACKET[0]:
            neg = ingroup = False
            p = nextchar(p)
            pos = st
        elif c == _CARET[0]:
            p = nextchar(p)
            neg = True
        elif c == _RBRACKET[0]:
            if neg == ingroup:
                return False
            pos = None
            p = nextchar(p)
            if not ingroup and at(st):
                st += 1
                while (at(st) & 0xC0) == 0x80:
                    st += 1
            if at(st) == 0 and p is not None:
                return False
        elif c == _DOT[0] and pos is None:
            p = nextchar(p)
            st += 1
            while (at(st) & 0xC0) == 0x80:
                st += 1
            if at(st) == 0 and p is not None:
                return False
        else:
            if at(st) == c:
                st += 1
                p = nextchar(p)
                if at(st - 1) & 0x80:
                    while p is not None and (cond[p] & 0xC0) == 0x80:
                        if cond[p] != at(st):
                            if pos is None:
                                return False
                            st = pos
                            break
                        p = nextchar(p)
                        st += 1
                    if pos is not None and st != pos:
                        ingroup = True
                        while p is not None and cond[p] != _RBRACKET[0]:
                            p = nextchar(p)
                elif pos is not None:
                    ingroup = True
                    while p is not None and cond[p] != _RBRACKET[0]:
                        p = nextchar(p)
            elif pos is not None:
                p = nextchar(p)
            else:
                return False
        if p is None:
            return True


def condlen(cond: bytes) -> int:
    """``AffixMgr::condlen`` with UTF-8 on: the characters a condition tests."""
    length, group = 0, False
    for byte in cond:
        if byte == _LBRACKET[0]:
            group = True
            length += 1
        elif byte == _RBRACKET[0]:
            group = False
        elif not group and (not byte & 0x80 or (byte & 0xC0) == 0x80):
            length += 1
    return length


@dataclass(frozen=True)
class ByteCondition(Condition):
    """A condition tested as libhunspell tests it in a UTF-8 dictionary (module docstring)."""

    #: The rule's kind: "SFX" conditions are walked reversed from the word's end.
    kind: str = "SFX"
    #: The condition's bytes as Hunspell stores them (reversed for a suffix).
    stored: bytes = field(default=b"", repr=False)
    #: Hunspell's count of the characters it tests (``numconds``).
    numconds: int = 0

    def matches_end(self, word: str) -> bool:
        data = word.encode("utf-8")  # SfxEntry::checkword first asks for numconds bytes
        return len(data) >= self.numconds and suffix_test(self.stored, self.numconds, data)

    def matches_start(self, word: str) -> bool:
        return prefix_test(self.stored, self.numconds, word.encode("utf-8"))

    def reversed(self) -> Condition:
        return Condition(self.text[::-1], self.parts[::-1])  # COMPLEXPREFIXES: not modelled byte-wise

    @property
    def shortest(self) -> int:
        """0: the byte walk decides (a prefix condition ending in ``.`` or a negated group
        also matches a word one character shorter: the walk meets the word's end)."""
        return 0

    @property
    def reach(self) -> int:
        """How many characters from the word's edge the walk may read (a dot may step
        over two)."""
        return len(self.parts) + sum(1 for part in self.parts if part.chars is None)


def hunspell_condition(condition: Condition, kind: str, strip: str, utf8: bool) -> Condition:
    """``condition`` as libhunspell tests it: a :class:`ByteCondition` where the byte walk
    can differ from the character test, else ``condition`` itself (also when the strip
    string implies the condition: ``redundant_condition`` makes it ``.``)."""
    text = condition.text
    if not utf8 or not condition.parts or (text.isascii() and "." not in text):
        return condition
    if strip and (strip.endswith(text) if kind == "SFX" else strip.startswith(text)):
        return condition
    data = text.encode("utf-8")
    stored = reverse_condition(data[::-1]) if kind == "SFX" else data
    return ByteCondition(text, condition.parts, kind, stored, condlen(data))
