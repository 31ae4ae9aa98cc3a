"""Where libhunspell 1.7 stops reading an .aff, and what it has read by then.

Hunspell reads an .aff twice, and both readers give up at the first error, silently keeping
what they read before it (``Failure loading aff file`` on stderr, nothing else):

* ``AffixMgr::parse_file`` (affixmgr.cxx) reads the affix rules and almost every directive.
  It returns at the first line where a directive fails (:func:`affix_manager_stop`): a
  second definition of a single-valued directive (``TRY``, ``SET``, ``KEY``, ``LANG``,
  ``WORDCHARS``, ``IGNORE``, ``SYLLABLENUM``; a flag such as ``NEEDAFFIX`` or
  ``COMPOUNDFLAG``; a number such as ``COMPOUNDMIN``), a directive without its value, a
  second table (``ICONV``, ``OCONV``, ``PHONE``, ``MAP``, ``BREAK``, ``COMPOUNDRULE``,
  ``CHECKCOMPOUNDPATTERN``), a table with a bad count or a corrupt line, a
  ``COMPOUNDSYLLABLE`` with no count, or an affix group with a bad header (fewer than four
  fields, a count below 1), a rule line with fewer than four fields or another flag, or
  the file ending inside a table or group (a blank line inside a group is such a corrupt
  line). The group being read is dropped whole; everything after the line is unknown.
  Returning early also skips ``process_pfx_order``/``process_sfx_order``, so the affix
  index keeps its raw binary-tree links (:mod:`pipeline.expand.affix_index`).
* ``HashMgr::load_config`` (hashmgr.cxx) reads ``FLAG``, ``AF``, ``AM`` (and again ``SET``,
  ``LANG``, ``IGNORE``, ``FORBIDDENWORD``, ``REP``) and stops at its own errors
  (:func:`hash_manager_stop`): a second ``SET``/``LANG``/``IGNORE``/``AF``/``AM``/``REP``,
  a missing value, a bad count or corrupt line of the ``AF``, ``AM`` or ``REP`` table.
  It also stops, without error, at the first affix group after a ``REP`` table.

Both work on lines as Hunspell sees them: a directive is recognised only at the very start
of a line (an indented one is no directive, though the rows of a table or group may be
indented), by prefix (``MAPS 2`` is a ``MAP``), and fields are split at spaces and tabs.
:func:`kept_lines` applies both stops to the text and blanks the indented non-rows.
"""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class Stop:
    """The line where a reader returns early, and why (Hunspell's own words)."""

    #: 1-based line number in the .aff.
    line: int
    #: Hunspell's error message, e.g. "multiple table definitions".
    reason: str
    #: Which reader stopped: "AffixMgr" or "HashMgr".
    reader: str
    #: The first line whose content is lost: the stop, or the header of the affix group
    #: or table it is in (Hunspell drops a group or table it cannot finish).
    ignored_from: int = 0

    def __post_init__(self):
        if not self.ignored_from:
            object.__setattr__(self, "ignored_from", self.line)


#: Directives AffixMgr reads as one string (``parse_string``): a second one is an error.
_STRINGS = ("KEY", "TRY", "SET", "SYLLABLENUM", "WORDCHARS", "IGNORE", "LANG")
#: Directives AffixMgr reads as one flag (``parse_flag``), by the variable they set (a
#: second definition of the variable is an error; PSEUDOROOT is NEEDAFFIX's old name).
FLAG_DIRECTIVES = {
    "COMPOUNDFLAG": "compoundflag",
    "COMPOUNDBEGIN": "compoundbegin",
    "COMPOUNDMIDDLE": "compoundmiddle",
    "COMPOUNDEND": "compoundend",
    "COMPOUNDROOT": "compoundroot",
    "COMPOUNDPERMITFLAG": "compoundpermitflag",
    "COMPOUNDFORBIDFLAG": "compoundforbidflag",
    "NOSUGGEST": "nosuggest",
    "NONGRAMSUGGEST": "nongramsuggest",
    "FORBIDDENWORD": "forbiddenword",
    "LEMMA_PRESENT": "lemma_present",
    "CIRCUMFIX": "circumfix",
    "ONLYINCOMPOUND": "onlyincompound",
    "PSEUDOROOT": "needaffix",
    "NEEDAFFIX": "needaffix",
    "KEEPCASE": "keepcase",
    "FORCEUCASE": "forceucase",
    "WARN": "warn",
    "SUBSTANDARD": "substandard",
}
#: Directives AffixMgr reads as one number (``parse_num``).
_NUMBERS = ("COMPOUNDWORDMAX", "COMPOUNDMIN", "MAXNGRAMSUGS", "MAXDIFF", "MAXCPDSUGS")
#: Tables AffixMgr reads: header ``NAME COUNT``, then COUNT lines each starting with NAME.
_TABLES = ("ICONV", "OCONV", "PHONE", "CHECKCOMPOUNDPATTERN", "COMPOUNDRULE", "MAP", "BREAK")


def fields(line: str) -> list[str]:
    """The fields of a line as Hunspell's ``mystrsep`` splits it (spaces and tabs only)."""
    return [f for f in re.split(r"[ \t]+", line) if f]


def leading_number(text: str) -> int | None:
    """The leading (signed) digits of ``text`` as C's ``atoi`` reads them, None if there are none."""
    match = re.match(r"\s*([+-]?\d+)", text)
    return int(match.group(1)) if match else None


def atoi(text: str) -> int:
    """C's ``atoi``: the leading (signed) digits, 0 if there are none."""
    number = leading_number(text)
    return 0 if number is None else number


def hunspell_lines(text: str) -> list[str]:
    """The .aff's lines as Hunspell's reader gets them: ``mychomp`` drops a final CR, the
    byte-order mark of the first line is dropped."""
    lines = [line[:-1] if line.endswith("\r") else line for line in text.split("\n")]
    if lines and lines[0].startswith("\ufeff"):
        lines[0] = lines[0][1:]
    return lines


class FlagDecoder:
    """``HashMgr::decode_flag``, enough to compare two flags: the first byte (default), the
    first two bytes (``FLAG long``), the number (``FLAG num``) or the first character
    (``FLAG UTF-8``)."""

    def __init__(self, mode: str, encoding: str):
        self.mode, self.encoding = mode, encoding

    @classmethod
    def of(cls, lines: list[str], encoding: str) -> FlagDecoder:
        mode = "char"
        for line in lines:  # HashMgr: the last FLAG line decides, by a substring anywhere in it
            if line.startswith("FLAG") and len(line) > 4 and line[4].isspace():
                for word, name in (("long", "long"), ("num", "num"), ("UTF-8", "utf8")):
                    if word in line:
                        mode = name
        return cls(mode, encoding)

    def __call__(self, flag: str):
        if self.mode == "num":
            return atoi(flag)
        if self.mode == "utf8":
            return flag[:1]
        data = flag.encode(self.encoding, errors="replace")
        return data[:2] if self.mode == "long" else data[:1]


class _Reader:
    """Lines, one at a time, as Hunspell's ``FileMgr`` gives them."""

    def __init__(self, lines: list[str]):
        self.lines, self.number = lines, 0
        #: Numbers of the lines read as rows of a table or affix group (these may be
        #: indented: Hunspell splits them into fields).
        self.rows: list[int] = []

    def getline(self) -> str | None:
        if self.number >= len(self.lines):
            return None
        self.number += 1
        return self.lines[self.number - 1]

    def getrow(self) -> str | None:
        """The next line, read as a row of the table or group being read."""
        row = self.getline()
        if row is not None:
            self.rows.append(self.number)
        return row


class _Failed(Exception):
    def __init__(self, reason: str, header: int = 0):
        #: Hunspell's message, and the header line of the group or table being read.
        self.reason, self.header = reason, header


def affix_manager_stop(text: str, encoding: str = "utf-8") -> Stop | None:
    """The line where ``AffixMgr::parse_file`` of libhunspell 1.7 returns early, or None
    if it reads the whole .aff ``text``.

    >>> affix_manager_stop("ICONV 1\\nICONV a b\\nSFX A Y 1\\nSFX A 0 s .\\nICONV 1\\nICONV c d\\n")
    Stop(line=5, reason='multiple table definitions', reader='AffixMgr', ignored_from=5)
    >>> affix_manager_stop("SFX A Y 2\\nSFX A 0 s .\\n\\nSFX A 0 es .\\n").line  # blank line in a group
    3
    >>> affix_manager_stop("TRY abc\\nSFX A Y 1\\nSFX A 0 s .\\n") is None
    True
    """
    return _affix_manager_read(text, encoding)[0]


def _affix_manager_read(text: str, encoding: str) -> tuple[Stop | None, list[int]]:
    """:func:`affix_manager_stop`, and the rows its tables and groups read."""
    lines = hunspell_lines(text)
    decode = FlagDecoder.of(lines, encoding)
    reader = _Reader(lines)
    seen: set[str] = set()  # single-valued directives and tables already defined
    complexprefixes = False
    while (line := reader.getline()) is not None:
        try:
            for keyword in _STRINGS:
                if line.startswith(keyword):
                    _once(seen, keyword, "multiple definitions")
                    _value(line)
            if line.startswith("COMPLEXPREFIXES"):
                complexprefixes = True
            for keyword, variable in FLAG_DIRECTIVES.items():
                if line.startswith(keyword):
                    if complexprefixes and variable in ("compoundbegin", "compoundend"):
                        variable = "compoundend" if variable == "compoundbegin" else "compoundbegin"
                    _once(seen, variable, "multiple definitions of an affix file parameter")
                    _value(line)
            for keyword in _NUMBERS:
                if line.startswith(keyword):
                    _once(seen, keyword, "multiple definitions of an affix file parameter")
                    _value(line)
            if line.startswith("COMPOUNDSYLLABLE") and len(fields(line)) < 2:
                raise _Failed("missing compoundsyllable information")
            for keyword in _TABLES:
                if line.startswith(keyword):
                    _table(keyword, line, reader, seen)
            if line.startswith(("PFX", "SFX")):
                _affix_group(line, reader, decode)
        except _Failed as failed:
            return Stop(reader.number, failed.reason, "AffixMgr", failed.header), reader.rows
    return None, reader.rows


def _once(seen: set[str], name: str, reason: str) -> None:
    if name in seen:
        raise _Failed(reason)
    seen.add(name)


def _value(line: str) -> str:
    """``parse_string``: the second field, which must be there."""
    parts = fields(line)
    if len(parts) < 2:
        raise _Failed("missing data")
    return parts[1]


def _table(keyword: str, line: str, reader: _Reader, seen: set[str]) -> None:
    """One of AffixMgr's tables: the header, then its lines (consumed here)."""
    _once(seen, "table " + keyword, "multiple table definitions")
    parts = fields(line)
    count = atoi(parts[1]) if len(parts) > 1 else None
    if count is not None and (count < 0 if keyword == "BREAK" else count < 1):
        raise _Failed("bad entry number")
    if count is None:
        raise _Failed("missing data")
    header, patterns = reader.number, 0
    for _ in range(count):
        row = reader.getrow()
        if row is None:
            raise _Failed("the file ends inside the table", header)
        parts = fields(row)
        if parts and not parts[0].startswith(keyword):
            raise _Failed("table is corrupt", header)
        if keyword in ("ICONV", "OCONV", "PHONE") and len(parts) < 3:
            raise _Failed("table is corrupt", header)
        if keyword in ("COMPOUNDRULE", "MAP") and len(parts) < 2:
            raise _Failed("table is corrupt", header)
        patterns += len(parts) > 1
    if keyword == "BREAK" and patterns != count:
        raise _Failed("table is corrupt", header)


def _affix_group(line: str, reader: _Reader, decode: FlagDecoder) -> None:
    """``parse_affix``: the group header, then its rule lines (consumed here)."""
    parts = fields(line)
    if len(parts) >= 4 and atoi(parts[3]) <= 0:
        raise _Failed("bad entry number")
    if len(parts) < 4:
        raise _Failed("missing data")
    flag, header = decode(parts[1]), reader.number
    for _ in range(atoi(parts[3])):
        row = reader.getrow()
        if row is None:
            raise _Failed("the file ends inside the affix group", header)
        rule = fields(row)
        if len(rule) < 4 or decode(rule[1]) != flag:
            raise _Failed(f"affix {parts[1]} is corrupt", header)


#: Directives HashMgr reads.
_HASH_STRINGS = ("SET", "LANG", "IGNORE")
_HASH_TABLES = ("AF", "AM", "REP")


def hash_manager_stop(text: str) -> Stop | None:
    """The line where ``HashMgr::load_config`` of libhunspell 1.7 stops reading the .aff
    ``text`` (an error, or the first affix group after a REP table), or None.

    >>> hash_manager_stop("AF 1\\nAF AB\\nAF 1\\nAF CD\\n")
    Stop(line=3, reason='multiple table definitions', reader='HashMgr', ignored_from=3)
    >>> hash_manager_stop("REP 1\\nREP a b\\nSFX A Y 1\\nSFX A 0 s .\\nAF 1\\nAF AB\\n").line
    3
    """
    return _hash_manager_read(text)[0]


def _hash_manager_read(text: str) -> tuple[Stop | None, list[int]]:
    """:func:`hash_manager_stop`, and the rows its tables read."""
    reader = _Reader(hunspell_lines(text))
    seen: set[str] = set()
    while (line := reader.getline()) is not None:
        try:
            if line.startswith("FORBIDDENWORD"):
                _value(line)
            for keyword in _HASH_STRINGS:
                if line.startswith(keyword):
                    _once(seen, keyword, "multiple definitions")
                    _value(line)
            for keyword in _HASH_TABLES:
                if line.startswith(keyword) and (keyword == "REP" or (len(line) > 2 and line[2].isspace())):
                    _hash_table(keyword, line, reader, seen)
            if line.startswith(("SFX", "PFX")) and len(line) > 3 and line[3].isspace() and "table REP" in seen:
                return Stop(reader.number, "affix groups after a REP table are not read", "HashMgr"), reader.rows
        except _Failed as failed:
            return Stop(reader.number, failed.reason, "HashMgr", failed.header), reader.rows
    return None, reader.rows


def _hash_table(keyword: str, line: str, reader: _Reader, seen: set[str]) -> None:
    """HashMgr's AF, AM and REP tables (a missing or corrupt line ends the reading)."""
    _once(seen, "table " + keyword, "multiple table definitions")
    parts = fields(line)
    if len(parts) > 1 and atoi(parts[1]) < 1:
        raise _Failed("incorrect entry number" if keyword == "REP" else "bad entry number")
    if len(parts) < 2:
        raise _Failed("missing data")
    header = reader.number
    for _ in range(atoi(parts[1])):
        row = reader.getrow()
        parts = fields(row) if row is not None else []
        if not parts or not parts[0].startswith(keyword) or len(parts) < (3 if keyword == "REP" else 2):
            raise _Failed("table is corrupt", header)


@dataclass(frozen=True)
class KeptAff:
    """The .aff as libhunspell reads it: what each reader stopped at, and the text with
    every line a reader never used blanked (line numbers kept)."""

    text: str
    affix_stop: Stop | None
    hash_stop: Stop | None


#: Lines only HashMgr reads (AffixMgr ignores them): they outlive AffixMgr's stop.
_HASH_ONLY = re.compile(r"^(FLAG|AF|AM)[ \t]")


def kept_lines(text: str, encoding: str = "utf-8") -> KeptAff:
    """The .aff ``text`` with the lines libhunspell never uses blanked: from AffixMgr's stop
    on, everything but HashMgr's own directives; from HashMgr's stop on, those too; and
    every indented line that is no row of a table or affix group (no directive either).

    >>> kept = kept_lines("FLAG long\\nTRY ab\\nTRY cd\\nSFX Aa Y 1\\nSFX Aa 0 s .\\nAF 1\\nAF Aa\\n")
    >>> kept.text.split("\\n"), kept.affix_stop.line
    (['FLAG long', 'TRY ab', '', '', '', 'AF 1', 'AF Aa', ''], 3)
    >>> kept_lines(" NEEDAFFIX X\\nSFX A Y 1\\n  SFX A 0 s .\\n\\tSFX B Y 1\\n").text.split("\\n")
    ['', 'SFX A Y 1', '  SFX A 0 s .', '', '']
    """
    affix_stop, affix_rows = _affix_manager_read(text, encoding)
    hash_stop, hash_rows = _hash_manager_read(text)
    lines = text.split("\n")
    if hash_stop is not None and not any(_HASH_ONLY.match(line) for line in lines[hash_stop.ignored_from - 1 :]):
        hash_stop = None  # it ignores nothing only HashMgr reads
    rows = set(affix_rows) | set(hash_rows)
    unread = {
        number
        for number, line in enumerate(lines, 1)
        if line[:1] in (" ", "\t") and line.strip() and number not in rows
    }
    if affix_stop is None and hash_stop is None and not unread:
        return KeptAff(text, None, None)
    hash_end = hash_stop.ignored_from - 1 if hash_stop else len(lines)
    affix_end = affix_stop.ignored_from - 1 if affix_stop else len(lines)
    kept = []
    for number, line in enumerate(lines):
        end = hash_end if _HASH_ONLY.match(line) else affix_end  # AF rows start with AF too
        kept.append(line if number < end and number + 1 not in unread else "")
    return KeptAff("\n".join(kept), affix_stop, hash_stop)
