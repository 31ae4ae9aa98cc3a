"""Small stand-ins for the game engines, with the API of CONTRACTS.md, for site tests.

They solve honestly from the fixture's game.tsv (so counts shown by the site can be checked
against them) but choose days trivially. Used only while, or where, the real engines are
not the subject of the test.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from pipeline.lexicon import load_game_lexicon
from pipeline.render import Games


@dataclass(frozen=True)
class Answer:
    key: str
    forms: tuple
    points: int
    pangram: bool


@dataclass(frozen=True)
class Hive:
    letters: str
    centre: str
    answers: tuple
    total_points: int
    pangram_count: int
    word_count: int
    ranks: tuple


@dataclass(frozen=True)
class Hints:
    grid: dict
    two_letter: dict


@dataclass(frozen=True)
class DailyHive:
    date: dt.date
    hive: Hive


class StandInBeehive:
    def __init__(self, language, lexicon, letters):
        self.language, self.lexicon, self.letters = language, lexicon, letters

    @classmethod
    def load(cls, language, paths, letters="acbelrs"):
        lexicon = load_game_lexicon(paths.wordlists(language.code) / "game.tsv", language.beehive.list)
        return cls(language, lexicon, letters)

    def solve(self, letters):
        rules = self.language.beehive
        answers = []
        for key, forms in sorted(self.lexicon.items()):
            if len(key) >= rules.min_length and letters[0] in key and set(key) <= set(letters):
                pangram = set(key) == set(letters)
                points = rules.points.get(len(key), len(key)) + (rules.pangram_bonus if pangram else 0)
                answers.append(Answer(key, forms, points, pangram))
        total = sum(a.points for a in answers)
        ranks = tuple((name, round(share * total)) for name, share in rules.ranks)
        return Hive(letters, letters[0], tuple(answers), total, sum(a.pangram for a in answers), len(answers), ranks)

    def schedule(self, end=None):
        day, end, out = self.language.schedule_start, end or self.language.schedule_end, []
        while day <= end:
            rotation = day.toordinal() % 7
            letters = self.letters[rotation:] + self.letters[:rotation]
            out.append(DailyHive(day, self.solve(letters)))
            day += dt.timedelta(days=1)
        return out


def hints(hive):
    grid, two = {}, {}
    for answer in hive.answers:
        row = grid.setdefault(answer.key[0], {})
        row[len(answer.key)] = row.get(len(answer.key), 0) + 1
        two[answer.key[:2]] = two.get(answer.key[:2], 0) + 1
    return Hints(grid, two)


@dataclass(frozen=True)
class RackAnswer:
    form: str
    key: str
    tiles: tuple
    score: int
    blanks_used: tuple
    bingo: bool
    forms: tuple = ()


@dataclass(frozen=True)
class RackSolution:
    tiles: tuple
    answers: tuple


@dataclass(frozen=True)
class DailyRack:
    date: dt.date
    tiles: tuple
    solution: RackSolution


class StandInRacks:
    def daily(self, date):
        return next(d for d in self.schedule() if d.date == date)

    def __init__(self, language, lexicon):
        self.language, self.lexicon = language, lexicon

    @classmethod
    def load(cls, language, paths):
        return cls(language, load_game_lexicon(paths.wordlists(language.code) / "game.tsv", "words"))

    def schedule(self):
        points = tile_points(self.language)
        tiles = ("a", "c", "b", "e", "l", "r", "?")
        answers = []
        for key, forms in sorted(self.lexicon.items()):
            pool, used, blanks = list(tiles), [], []
            for i, ch in enumerate(key):
                if ch in pool:
                    pool.remove(ch)
                elif "?" in pool:
                    pool.remove("?")
                    blanks.append(i)
                else:
                    break
                used.append(ch)
            else:
                score = sum(points[ch] for i, ch in enumerate(key) if i not in blanks)
                for form in forms:
                    answers.append(RackAnswer(form, key, tuple(used), score, tuple(blanks), len(key) == 7))
        answers.sort(key=lambda a: (-a.score, a.key))
        day, out = self.language.schedule_start, []
        while day <= self.language.schedule_end:
            out.append(DailyRack(day, tiles, RackSolution(tiles, tuple(answers))))
            day += dt.timedelta(days=1)
        return out


def tile_points(language):
    return {tile.text: tile.points for tile in language.racks.tiles}


def stand_in_games(wordle=None) -> Games:
    return Games(beehive=StandInBeehive.load, racks=StandInRacks.load, hints=hints,
                 tile_points=tile_points, wordle=wordle)
