"""A thin layer between Hunspell files and spylls' reader, covering the reader's gaps.

spylls parses the .aff (flag formats, AF/AM aliases, IGNORE, ICONV/OCONV, strip/add
strings); this module first rewrites the text so spylls reads what Hunspell 1.7 reads:

* a UTF-8 byte-order mark is dropped (the text is decoded by the .aff's ``SET``);
* an affix group declared twice (``SFX A Y 2`` ... ``SFX A Y 1``) is one group to Hunspell,
  which appends the second declaration's rules (keeping each declaration's cross-product
  flag); spylls would keep only the last one, so the declarations are merged;
* an empty group (``SFX A Y 0``) crashes spylls; it contributes no rule, so it is dropped.
  (Hunspell 1.7.1 stops reading the .aff at such a line; we read on.)
* directives the expander never uses and spylls compiles as regular expressions
  (COMPOUNDRULE, REP, MAP, PHONE, KEY: compounding and suggestions) become blank lines, so a
  malformed one cannot crash or stall the reader (line numbers are kept);
* conditions are replaced by ``.`` for spylls, which compiles them as unescaped regular
  expressions; the real conditions are returned beside the text and parsed by
  :func:`pipeline.affixes.parse_condition`.

The .dic is split here too, line by line, the way Hunspell's ``load_tables`` does it (spylls'
reader drops the flags of ``rosar/RED/`` and mishandles a leading ``/``): the count line is
optional, the word ends at the first unescaped ``/`` (``\\/`` is a slash in the word; a
leading ``/`` is the whole word, as Hunspell's scan has it), everything after that slash is
the flag field (further slashes included), and
morphological fields (`` po:noun``, or anything after a tab) are dropped.

Start at :func:`sanitise_aff` and :func:`split_dic_line`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from pipeline.errors import RuscError

_AFFIX_LINE = re.compile(r"^(PFX|SFX)\s")
#: Directives spylls compiles into regular expressions but the expander never reads.
_UNUSED_DIRECTIVE = re.compile(r"^(COMPOUNDRULE|REP|MAP|PHONE|KEY)(\s|$)")
_COUNT_LINE = re.compile(r"^\d+(\s|$)")


@dataclass(frozen=True)
class RawRule:
    """What spylls is not trusted with for one affix rule."""

    #: The group header's Y/N, for this rule's declaration.
    cross: bool
    #: The condition as written ("." when absent).
    condition: str
    #: 1-based line of the rule in the .aff.
    line: int


@dataclass
class SanitisedAff:
    #: Text for spylls: groups merged, empty groups dropped, conditions replaced by ".".
    text: str
    #: (kind, flag as written) -> the group's rules in order.
    rules: dict[tuple[str, str], list[RawRule]] = field(default_factory=dict)


def sanitise_aff(text: str, path: str | Path = "<aff>") -> SanitisedAff:
    """Rewrite .aff text so that spylls reads the affix groups Hunspell reads.

    >>> s = sanitise_aff("SFX A Y 1\\nSFX A 0 s [^y]\\nSFX B N 0\\nSFX A N 1\\nSFX A y ies y\\n")
    >>> print(s.text)
    SFX A Y 2
    SFX A 0 s .
    SFX A y ies .
    <BLANKLINE>
    >>> [(r.cross, r.condition, r.line) for r in s.rules[("SFX", "A")]]
    [(True, '[^y]', 2), (False, 'y', 5)]
    """
    if text.startswith("\ufeff"):
        text = text[1:]
    lines = text.split("\n")
    out: list[str | tuple[str, str]] = []  # plain lines, or a (kind, flag) placeholder
    groups: dict[tuple[str, str], list[str]] = {}
    result = SanitisedAff("")
    i = 0
    while i < len(lines):
        line = lines[i]
        stripped = line.strip()
        if not _AFFIX_LINE.match(stripped):
            out.append("" if _UNUSED_DIRECTIVE.match(stripped) else line)
            i += 1
            continue
        fields = stripped.split()
        if len(fields) < 4 or not fields[3].isdigit():
            raise RuscError(f"affix group header {stripped!r} needs: {fields[0]} FLAG Y|N COUNT", path, i + 1)
        kind, flag, cross, count = fields[0], fields[1], fields[2] == "Y", int(fields[3])
        key = (kind, flag)
        if key not in groups:
            groups[key] = []
            result.rules[key] = []
            out.append(key)
        i += 1
        taken = 0
        while taken < count and i < len(lines):
            rule_line = lines[i].strip()
            i += 1
            if not rule_line:
                continue  # spylls skips blank lines too; Hunspell would call the group corrupt
            taken += 1
            rf = rule_line.split()
            if len(rf) < 4 or rf[0] != kind or rf[1] != flag:
                raise RuscError(f"rule {taken} of {kind} group {flag!r} should read "
                                f"'{kind} {flag} STRIP ADD [CONDITION]', not {rule_line!r}", path, i)
            condition = rf[4] if len(rf) > 4 else "."
            result.rules[key].append(RawRule(cross, condition, i))
            groups[key].append(" ".join([kind, flag, rf[2], rf[3], "."]))
    text_lines: list[str] = []
    for item in out:
        if isinstance(item, tuple):
            rules = groups[item]
            if not rules:
                continue  # empty group: nothing to read
            cross = "Y" if result.rules[item][0].cross else "N"
            text_lines.append(f"{item[0]} {item[1]} {cross} {len(rules)}")
            text_lines.extend(rules)
        else:
            text_lines.append(item)
    for key in [k for k, v in groups.items() if not v]:
        del result.rules[key]
    result.text = "\n".join(text_lines)
    return result


def split_dic_line(line: str) -> tuple[str, str]:
    """(word, flag field) of one .dic line, as Hunspell 1.7 splits it.

    >>> split_dic_line("rosar/RED/")
    ('rosar', 'RED/')
    >>> split_dic_line("/")
    ('/', '')
    >>> split_dic_line("/usr/E")  # Hunspell 1.7.1 ends the word after a leading slash
    ('/', 'sr/E')
    >>> split_dic_line("1\\\\/2")
    ('1/2', '')
    >>> split_dic_line("gat/AB po:noun st:gat")
    ('gat', 'AB')
    >>> split_dic_line("Reino Unido")
    ('Reino Unido', '')
    >>> split_dic_line("word/XY\\tmorphology")
    ('word', 'XY')
    """
    line = line.rstrip()
    if not (" " in line or "\t" in line or "\\" in line or line.startswith("/")):
        word, _, flags = line.partition("/")  # the common case, quickly
        return word, flags
    # Morphological fields: "<blank>xy:" starts them; a tab always ends the word part.
    cut = len(line)
    for match in re.finditer(r"[ \t]+\S\S:", line):
        if match.start() > 0:
            cut = match.start()
            break
    tab = line.find("\t")
    if 0 <= tab < cut:
        cut = tab
    line = line[:cut].rstrip()
    # A leading slash: Hunspell's scan steps past it and then stops at once, so the word is
    # "/" and the flags start one character further (load_tables in hashmgr.cxx).
    if line.startswith("/"):
        return "/", line[2:]
    # The first slash that is not escaped ends the word.
    word_chars: list[str] = []
    i = 0
    while i < len(line):
        char = line[i]
        if char == "\\" and i + 1 < len(line) and line[i + 1] == "/":
            word_chars.append("/")
            i += 2
            continue
        if char == "/" and i > 0:
            return "".join(word_chars), line[i + 1:]
        word_chars.append(char)
        i += 1
    return "".join(word_chars), ""


def dic_lines(text: str):
    """Yield (line number, line) for each entry line; the count line is optional.

    >>> list(dic_lines("2\\ngat\\n\\ngos\\n"))
    [(2, 'gat'), (4, 'gos')]
    >>> list(dic_lines("gat\\ngos"))
    [(1, 'gat'), (2, 'gos')]
    """
    for number, line in enumerate(text.split("\n"), 1):
        if number == 1 and _COUNT_LINE.match(line.strip()):
            continue
        if line.strip():
            yield number, line
