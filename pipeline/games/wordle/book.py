"""What the build precomputes for the Wordle page: the opening and the book.

Where to start reading: :func:`opening`. The helper's policy (:mod:`pipeline.games.wordle.strategy`)
is exact but looks a few guesses ahead at most; the build, which has time, plays the
helper's games out and writes down where to play otherwise, as a chess player's opening
book does:

1. :func:`opening`: the exact ranking of the first guesses, and of the second guesses after
   each feedback of the best first guess where the page could not rank them in time.
2. :func:`build_book`: in the early states, the suggestion of the ranking that does best
   when each candidate's game is played out (:class:`Outcome`); then the games that
   still lose a word (a headword first) are repaired by choosing another suggestion
   along the game (:meth:`_Bookmaker.repair`); and the games still lost by a plan: a
   guess for a state and for every state it leads to that finds each of its candidates
   in time, searched over every word the mode allows (:meth:`_Bookmaker.plan`,
   :meth:`_Bookmaker.rescue`), for every word in normal mode, for the common ones in hard;
   hard mode then plans for the headwords alone, letting plurals go, where the cheapest of
   several plans is worth what it costs the likely words (:meth:`_Bookmaker.adopt_cheapest`),
   and last chooses, along each game still lost, a guess that splits the family it led into
   (:meth:`_Bookmaker.split`), at a price of its own.
3. Each mode opens with the guess of the opening ranking whose games lose the fewest
   headwords, then take the fewest guesses weighed by the prior
   (:meth:`_Bookmaker.opener`), or in hard mode the language's pinned opener, found by
   making the whole book for many (scripts/wordle_openers.py); its second guesses are
   ranked for it.

The page looks the book up by the state's clues (:func:`pipeline.games.wordle.strategy.book_key`)
and plays its guess first. Only the prior and the list enter, never an answer list.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from itertools import pairwise

import numpy as np

from pipeline.core.workers import process_pool
from pipeline.games.wordle.feedback import Patterns, code_of, win_code
from pipeline.games.wordle.filters import hard_pool
from pipeline.games.wordle.ranking import rank
from pipeline.games.wordle.rules import GUESSES, TOP, Clue, compile_clues, pattern_of
from pipeline.games.wordle.strategy import Opening, book_key, helper_choice, suggest_among


def opening(
    patterns: Patterns,
    top: int = TOP,
    second_top: int = TOP,
    only_over: int = 0,
    common: int | None = None,
    hard_opener: int | None = None,
) -> Opening:
    """The exact opening ranking and second-guess tables (``only_over``: keep only the
    feedbacks whose exact ranking exceeds that many guesses × candidates) and, given
    ``common`` (:func:`pipeline.games.wordle.words.common_weight`), each mode's opener
    (:meth:`_Bookmaker.opener`, or for hard mode ``hard_opener``:
    :func:`pipeline.games.wordle.words.pinned_hard_opener`) and book. A ``hard_opener``
    the ranking's first ``top`` lack follows them in :attr:`Opening.first`."""
    everything = np.arange(patterns.words.size)
    first = rank(patterns, everything, everything, top)
    if hard_opener is not None and all(s.index != hard_opener for s in first):
        first += rank(patterns, np.array([hard_opener]), everything, 1)
    table = Opening(
        first, {hard: second_guesses(patterns, first[0].index, hard, second_top, only_over) for hard in (False, True)}
    )
    if common is None:
        return table
    # The two modes are independent: hard mode's opener and book are made in a worker while
    # this process makes normal mode's (Catalan's five letters: 45 s and 29 s).
    with process_pool(1) as worker:
        hard_mode = worker.submit(_mode, patterns, table, True, common, second_top, only_over, hard_opener)
        normal_table, normal_book = _mode(patterns, table, False, common, second_top, only_over)
        hard_table, hard_book = hard_mode.result()
    return replace(
        table,
        second={False: normal_table.second[False], True: hard_table.second[True]},
        openers={**normal_table.openers, **hard_table.openers},
        book={False: normal_book, True: hard_book},
    )


def second_guesses(patterns: Patterns, opener: int, hard: bool, top: int, only_over: int) -> dict[int, list[int]]:
    """Feedback number of ``opener`` → the exact ranking of the second guesses the mode
    allows, where guesses × candidates exceed ``only_over``."""
    words = patterns.words
    everything = np.arange(words.size)
    row = patterns.block(np.array([opener]), everything)[0]
    table: dict[int, list[int]] = {}
    for code in np.unique(row).tolist():
        if code == win_code(words.length):
            continue
        candidates = everything[row == code]
        pool = everything
        if hard:
            pool = hard_pool(
                words, compile_clues([Clue(words.keys[opener], pattern_of(code, words.length))], words.length)
            )
        if len(pool) * len(candidates) > only_over:
            table[code] = [s.index for s in rank(patterns, pool, candidates, top)]
    return table


def _mode(
    patterns: Patterns,
    table: Opening,
    hard: bool,
    common: int,
    second_top: int,
    only_over: int,
    pinned: int | None = None,
) -> tuple[Opening, dict[str, int]]:
    """(``table`` with the mode's opener, ``pinned`` or :meth:`_Bookmaker.opener`'s, and its
    second guesses, the mode's book). The games played to choose the opener are the book's
    first: it plays on from them."""
    maker = _Bookmaker(patterns, table, hard, common)
    opener = maker.opener() if pinned is None else pinned
    if opener != table.first[0].index:
        second = {**table.second, hard: second_guesses(patterns, opener, hard, second_top, only_over)}
        table = replace(table, second=second, openers={**table.openers, hard: opener})
        maker.follow(table)
    return table, maker.make_book()


#: Per mode (hard?), the most words a list may have for every guess of the opening ranking
#: to be played out to choose the opener (:meth:`_Bookmaker.opener`; else the ranking's
#: first opens). A normal-mode state ranks every word of the list, so playing its games
#: costs about the list's size squared: English's 5,270 five-letter words take 12 s,
#: Catalan's 12,501 would take 85 s (to keep toria, the ranking's first). A hard-mode state
#: ranks only the guesses its clues allow: every list plays its openers out.
OPENERS_PLAYED_UP_TO = {False: 8_000, True: 1_000_000}
#: Per mode (hard?), the guesses up to this one are chosen by :func:`build_book` playing the
#: games out: in normal mode the second, in hard mode, where the first guesses bind the
#: later ones, the second and the third.
BOOK_DEPTH = {False: 2, True: 3}
#: ... among the ranking's first suggestions, in normal mode as many as this many
#: suggestions × words of the list allow: there every state the games reach ranks every
#: word of the list, so the games cost the list's size to play out (English's 5,270
#: five-letter words: all ten; Catalan's 12,501: four, its normal book 29 s instead of 65 s
#: for ten, which gained 0.007 guesses more on its headwords).
BOOK_WIDTH_WORDS = 60_000
#: ... in the states with at least this many candidates (the ranking plays out fewer itself).
BOOK_MIN_CANDIDATES = 3
#: Candidates lighter than this (at the prior's floor, weight 1) are not played out: there are
#: many (9,000 of the 12,501 Catalan five-letter words) and together they weigh little.
BOOK_MIN_WEIGHT = 2
#: Rounds of repairs of the games in which a common word is not found in time.
BOOK_REPAIRS = 3
#: A game is played on at most this many guesses (a failure costs what it took, up to here).
BOOK_PLAY_ON = 2 * GUESSES
#: The states the book may rank or search in all (each scores the state's guesses), in
#: normal and in hard mode: a budget counted, not timed, so the same list makes the same
#: book on any machine. The published lists' books take at most 44,000 in normal mode
#: (Spanish) and 216,000 in hard mode (Catalan; Spanish 192,000, French 140,000, most of
#: it the plans for the headwords: :meth:`_Bookmaker.adopt_cheapest`); Portuguese's
#: 17,811 five-letter words, whose verb families fail by the thousand, would take millions
#: (over an hour's build); within the budget their page data takes under nine minutes. A
#: normal-mode state scores every word of the list as a guess, so its budget is the
#: smaller. Past the budget no further game is repaired or planned, and where the book is
#: silent the page plays the ranking's choice.
BOOK_STATES = {False: 100_000, True: 250_000}
#: A plan (:meth:`_Bookmaker.plan`) tries this many guesses per state: those that split its
#: candidates into the most feedbacks (eaves and haves, which the English ranking lost after
#: raise, took about 150 at the state with 102 candidates whose plan finds them).
PLAN_WIDTH = 150
#: ... and gives up on a state after searching this many (a search that fails costs the
#: build about a second per thousand).
PLAN_STATES = 10_000
#: Hard mode's rescue of the headwords (:meth:`_Bookmaker.adopt_cheapest`) weighs up to this
#: many plans for a state ...
PLAN_CHOICES = 16
#: ... and adopts the best only if the guesses its games add, weighed by the prior, come to
#: at most this many common words' guesses per headword it saves. Catalan: 8 of the 33
#: headwords hard mode lost are saved (6 of the tuning half's 20, 2 of the held-out half's
#: 13), the held-out common lemmas' season unchanged (3.552), for about three minutes of build;
#: adopting every plan saves 11, for 0.014 guesses more on those common lemmas (plans split
#: the candidates, they do not follow the prior).
HEADWORD_PRICE = 6
#: Hard mode's last pass over the headwords still lost (:meth:`_Bookmaker.split`) weighs
#: this many guesses per state along the game: those of the state's pool that best tell
#: apart the family the game led into. Catalan, read on the tuning half of the headwords:
#: 12 left 10 of its 14 lost, 24 left 12.
SPLIT_WIDTH = 12
#: ... and chooses one only if it adds at most this many common words' guesses per
#: headword it saves. Catalan's tuning half: at 3, 4 and 6 the same 4 of its 14 lost are
#: saved, at 6 for 0.003 guesses more on its common lemmas (at 1 and 2 none). In all, 25
#: headwords lost become 20 (a guess that splits the belat, delat, gelat family after taris).
SPLIT_PRICE = 3


@dataclass(frozen=True, order=True)
class Outcome:
    """How a guess does over a state's candidates when the helper plays on from there;
    less is better, failures first."""

    #: Common words (:func:`pipeline.games.wordle.words.common_weight`) not found in time.
    failures: int
    #: Headwords not found in time, however rare: a game's answers are headwords, and the
    #: rare ones are what a prior fitted to common words misses (issue 32).
    headwords_lost: int
    #: Words not found in time, common or not (of those played: see ``_Bookmaker.least``).
    lost: int
    #: Sum over the candidates of prior weight × guesses the game took.
    weighted_guesses: int

    @property
    def losses(self) -> tuple[int, int, int]:
        """The words not found in time, as the outcomes compare them."""
        return self.failures, self.headwords_lost, self.lost


@dataclass(eq=False)
class _State:
    """One state of the helper's games (the clues so far), made once and shared by every
    game that reaches it: the games are walked from state to state by feedback number,
    without comparing clues."""

    clues: tuple[Clue, ...]
    #: The state as the book knows it (:func:`book_key`).
    key: str
    #: The words that fit the clues, and the guesses the mode allows after them.
    candidates: np.ndarray
    pool: np.ndarray
    #: The ranking's suggestions (word indices, best first), once asked for.
    suggested: list[int] | None = None
    #: The first of them, once asked for (known without ranking in the smallest states:
    #: :func:`pipeline.games.wordle.strategy.plain_choice`).
    first: int | None = None
    #: The state it is reached from (None: the start).
    parent: _State | None = None
    #: (guess, feedback number) → the state it leads to.
    leads_to: dict[tuple[int, int], _State] = field(default_factory=dict)
    #: Answer → the guesses its game takes in all from here, the helper playing
    #: (:meth:`_Bookmaker.taken`); forgotten when the book changes here or further on.
    taken: dict[int, int] = field(default_factory=dict)


class _Bookmaker:
    """Plays the helper's games out to choose, in the early states, among the suggestions
    the ranking makes; see :func:`build_book`."""

    def __init__(self, patterns: Patterns, table: Opening, hard: bool, common: int):
        self.patterns, self.words, self.hard, self.common = patterns, patterns.words, hard, common
        #: The lightest candidates played out when a guess's outcome is measured.
        self.least = BOOK_MIN_WEIGHT
        #: How many of the ranking's suggestions :meth:`grow` weighs (:data:`BOOK_WIDTH_WORDS`).
        self.width = TOP if hard else max(1, min(TOP, BOOK_WIDTH_WORDS // self.words.size))
        #: Per word, whether it is a headword (every word, for a list without lemmas).
        self.headwords = self.words.headwords
        #: The opening tables without a book: what the ranking alone suggests.
        self.plain = replace(table, book={False: {}, True: {}})
        self.book: dict[str, int] = {}
        #: The states :meth:`choose` played in while a plan is tried (:meth:`tried`).
        self.touched: list[_State] | None = None
        everything = np.arange(self.words.size)
        #: The state before any guess; every other is found from it (:meth:`after`).
        self.start = _State((), book_key(()), everything, everything)
        #: States ranked or searched by a plan so far (:data:`BOOK_STATES`).
        self.ranked = 0
        #: The ranking's suggestions by what they depend on past the first guess (the
        #: guesses left, the candidates, the pool): the games reach the same candidates
        #: by different clues (Catalan's hard mode: 54,000 states ranked, 32,000 different).
        self.suggestions: dict[tuple[int, bytes, bytes], list[int]] = {}

    def after(self, state: _State, guess: int, code: int) -> _State:
        """The state ``guess`` leads to from ``state`` when its feedback is ``code``
        (remembered: the games share their states)."""
        found = state.leads_to.get((guess, code))
        if found is None:
            clue = Clue(self.words.keys[guess], pattern_of(code, self.words.length))
            clues = state.clues + (clue,)
            # A word fits the clues if it fits each: the candidates are the previous state's
            # that give the guess this feedback. Hard mode's pool is likewise the guesses
            # every clue allows: the last clue's among the previous state's pool.
            candidates = state.candidates
            pool = state.pool
            if self.hard:
                pool = hard_pool(self.words, compile_clues([clue], self.words.length), pool)
            found = _State(
                clues,
                book_key(clues),
                candidates[self.patterns.block(np.array([guess]), candidates)[0] == code],
                pool,
                parent=state,
            )
            state.leads_to[guess, code] = found
        return found

    def spent(self) -> bool:
        """Whether the states ranked so far use up the mode's :data:`BOOK_STATES`."""
        return self.ranked >= BOOK_STATES[self.hard]

    def suggested(self, state: _State) -> list[int]:
        """The ranking's suggestions for a state (remembered)."""
        if state.suggested is None:
            self.ranked += 1
            # After the first clue alone the opening's tables may answer
            # (strategy.shipped_second), which depend on that clue: those states are not shared.
            alike = None
            if len(state.clues) > 1:
                alike = (len(state.clues), state.candidates.tobytes(), state.pool.tobytes() if self.hard else b"")
                state.suggested = self.suggestions.get(alike)
            if state.suggested is None:
                state.suggested = [
                    s.index
                    for s in suggest_among(
                        self.patterns, state.clues, state.candidates, state.pool, self.hard, TOP, self.plain
                    )
                ]
                if alike is not None:
                    self.suggestions[alike] = state.suggested
        return state.suggested

    def choice(self, state: _State) -> int:
        """The helper's guess in a state (:func:`~pipeline.games.wordle.strategy.helper_choice`)
        with the book as it stands; the guess without it is remembered in the state."""
        booked = self.book.get(state.key)
        if booked is not None:
            return booked
        if state.first is None:
            state.first = helper_choice(
                None, self.words, state.candidates, state.pool, lambda: self.suggested(state)[0]
            )
        return state.first

    def step(self, state: _State, guess: int, answer: int) -> _State | None:
        """The state after ``guess`` in the game of ``answer``, or None where that game
        ends with it: the guess is the answer, or the :data:`BOOK_PLAY_ON`-th."""
        if guess == answer or len(state.clues) + 1 >= BOOK_PLAY_ON:
            return None
        return self.after(state, guess, self.patterns.code(guess, answer))

    def game(self, state: _State, guess: int, answer: int) -> list[_State]:
        """The states of the game that plays ``guess`` in ``state``, the helper playing on,
        up to the one in which it guesses ``answer`` (at most :data:`BOOK_PLAY_ON`)."""
        states = [state]
        while (after := self.step(states[-1], guess, answer)) is not None:
            states.append(after)
            guess = self.choice(after)
        return states

    def taken(self, state: _State, guess: int, answer: int) -> int:
        """How many guesses in all the game of :meth:`game` takes (its last state's clues and
        one), remembered in each state it passes: the book's games walk the same states for
        the same words millions of times (Catalan's hard mode: 7.5 million steps, 400,000
        of them different)."""
        after = self.step(state, guess, answer)
        if after is None:
            return len(state.clues) + 1
        found = after.taken.get(answer)
        if found is None:
            found = after.taken[answer] = self.taken(after, self.choice(after), answer)
        return found

    def outcome(self, state: _State, guess: int, bound: Outcome | None = None) -> Outcome | None:
        """The :class:`Outcome` of ``guess`` over the state's candidates, or None as soon as
        it cannot be less than ``bound`` (both parts only grow, so the heaviest candidates
        are played first)."""
        failures = headwords_lost = lost = weighted = 0
        candidates = state.candidates[self.words.weights[state.candidates] >= self.least]
        weights = self.words.weights[candidates]
        headwords = self.headwords[candidates]
        for place in np.lexsort((candidates, -weights)).tolist():
            answer, weight = int(candidates[place]), int(weights[place])
            taken = self.taken(state, guess, answer)
            weighted += weight * taken
            if taken > GUESSES:
                failures += weight >= self.common
                headwords_lost += bool(headwords[place])
                lost += 1
            if bound is not None and Outcome(failures, headwords_lost, lost, weighted) >= bound:
                return None
        return Outcome(failures, headwords_lost, lost, weighted)

    def best_of(self, state: _State, width: int = TOP) -> tuple[int, Outcome, Outcome]:
        """(the suggestion, of the first ``width``, that does best in ``state``, ties to the
        first, its outcome, the current choice's)."""
        current = self.choice(state)
        best, best_outcome = current, self.outcome(state, current)
        assert best_outcome is not None, "without a bound every guess has an outcome"
        current_outcome = best_outcome
        for guess in self.suggested(state)[:width]:
            if guess != current:
                outcome = self.outcome(state, guess, best_outcome)
                if outcome is not None:
                    best, best_outcome = guess, outcome
        return best, best_outcome, current_outcome

    def choose(self, state: _State, guess: int) -> None:
        """Play ``guess`` in ``state``: a book entry where the ranking's first differs."""
        if guess != self.suggested(state)[0]:
            self.book[state.key] = guess
        else:
            self.book.pop(state.key, None)
        if self.touched is not None:
            self.touched.append(state)
        self.forget(state)

    @staticmethod
    def forget(state: _State) -> None:
        """Forget the game lengths through ``state``: its guess, or one further on, changed."""
        changed: _State | None = state
        while changed is not None:
            changed.taken.clear()
            changed = changed.parent

    def grow(self, state: _State) -> None:
        """Choose the guess of ``state`` and, within :data:`BOOK_DEPTH`, of the states it leads to."""
        if len(state.candidates) < BOOK_MIN_CANDIDATES:
            return
        guess, _, _ = self.best_of(state, self.width)
        self.choose(state, guess)
        if len(state.clues) + 2 <= BOOK_DEPTH[self.hard]:
            self.grow_after(state, guess)

    def grow_after(self, state: _State, guess: int) -> None:
        row = self.patterns.block(np.array([guess]), state.candidates)[0]
        for code in np.unique(row).tolist():
            if code != win_code(self.words.length):
                self.grow(self.after(state, guess, code))

    def repair(self, answers: list[int]) -> None:
        """Where a word of ``answers`` is still not found in time, choose again along its
        game, from its last state back, the first suggestion that fails fewer words (common
        ones first)."""
        opening_guess = self.plain.opener(self.hard).index
        for _ in range(BOOK_REPAIRS):
            failing = [a for a in answers if self.taken(self.start, opening_guess, a) > GUESSES]
            if not failing:
                return
            for answer in failing:
                if self.spent():
                    return
                states = self.game(self.start, opening_guess, answer)
                for state in reversed(states[1:GUESSES]):  # the states whose guess is still in time
                    guess, outcome, current = self.best_of(state)
                    if outcome.losses < current.losses:
                        self.choose(state, guess)
                        break

    def lost_games(self, answers: list[int]) -> Iterator[list[_State]]:
        """The states of the game (:meth:`game`) of each of ``answers`` that is not found in
        time, each played when it is asked for (after the book changed for the one before),
        while the states ranked leave budget (:meth:`spent`)."""
        opening_guess = self.plain.opener(self.hard).index
        for answer in answers:
            if self.spent():
                return
            states = self.game(self.start, opening_guess, answer)
            if len(states) > GUESSES:
                yield states

    def rescue(self, answers: list[int], among: np.ndarray | None = None) -> None:
        """Where a word of ``answers`` is still not found in time, plan the play (:meth:`plan`)
        from the last state of its game still in time back to the first that has a plan,
        and adopt it (:meth:`adopt`). With ``among`` (per word of the list, whether it must
        be found), the plans need find only those candidates, and the cheapest is adopted,
        if it is worth its price (:meth:`adopt_cheapest`)."""
        unplannable: set[str] = set()  # a family's words share their states
        for states in self.lost_games(answers):
            for state in reversed(states[1:GUESSES]):
                if state.key in unplannable:
                    continue
                if among is not None:
                    planned = self.adopt_cheapest(state, among)
                else:
                    planned = self.plan(
                        state.clues, state.candidates, state.pool, GUESSES - len(state.clues), {}, [PLAN_STATES]
                    )
                    if planned is not None:
                        self.adopt(state, planned)
                if planned is None:
                    unplannable.add(state.key)
                else:
                    break

    def adopt_cheapest(self, state: _State, among: np.ndarray) -> dict[tuple[Clue, ...], int] | None:
        """Of up to :data:`PLAN_CHOICES` plans that find the state's candidates of ``among``
        in time (each with another guess here, in :meth:`plan`'s order), the one whose games
        lose the fewest headwords, then take the fewest guesses weighed by the prior, each
        measured by adopting it and undoing it (:meth:`tried`). It is adopted if it loses no
        more common words and adds at most :data:`HEADWORD_PRICE` common words' guesses per
        headword it saves. Returns it, adopted or not; None if the state has no plan."""
        wanted = state.candidates[among[state.candidates]]
        left = GUESSES - len(state.clues)
        unsolvable: dict[bytes, int] = {}
        budget = [PLAN_STATES]
        # A single candidate is its own plan.
        firsts: list[int | None] = [None]
        if len(wanted) > 1:
            firsts = list(self.plan_guesses(wanted, state.pool, left)[0])
        best: tuple[tuple[int, int, int, int], Outcome, dict[tuple[Clue, ...], int]] | None = None
        weighed = 0
        for first in firsts:
            only = None if first is None else (first,)
            planned = self.plan(state.clues, wanted, state.pool, left, unsolvable, budget, only)
            if planned is not None:
                outcome = self.tried(state, planned, among)
                rank = (outcome.failures, outcome.headwords_lost, outcome.weighted_guesses, outcome.lost)
                if best is None or rank < best[0]:
                    best = (rank, outcome, planned)
                weighed += 1
            if weighed >= PLAN_CHOICES or budget[0] <= 0:
                break
        if best is None:
            return None
        _, outcome, planned = best
        current = self.outcome(state, self.choice(state))
        assert current is not None, "without a bound every guess has an outcome"
        if self.worth(outcome, current):
            self.adopt(state, planned, among)
        return planned

    def worth(self, outcome: Outcome, current: Outcome, price: int = HEADWORD_PRICE) -> bool:
        """Whether a change that makes the state's :class:`Outcome` ``outcome`` instead of
        ``current`` is worth its price: it loses no more common words, and adds at most
        ``price`` common words' guesses, weighed by the prior, per headword it saves."""
        saved = current.headwords_lost - outcome.headwords_lost
        added = outcome.weighted_guesses - current.weighted_guesses
        return outcome.failures <= current.failures and added <= price * self.common * max(saved, 0)

    def split(self, answers: list[int]) -> None:
        """Where a headword of ``answers`` is still not found in time, choose again along its
        game, from its last state back: among the guesses that best tell apart the headwords
        of the state the game led into (:meth:`splitting`), the one with the best
        :class:`Outcome`, if it saves headwords and is worth :data:`SPLIT_PRICE` (:meth:`worth`).

        The ranking and the plans see a state whole; a family such as belat, delat, gelat,
        melat, pelat, velat and zelat, which hard mode can tell apart only one letter a guess
        once its clues are green, is split best a guess or two earlier, by a guess chosen
        for it."""
        for states in self.lost_games(answers):
            for state, led_into in reversed(list(pairwise(states[1:GUESSES]))):
                family = led_into.candidates[self.headwords[led_into.candidates]]
                if len(family) < 2:
                    continue
                current_guess = self.choice(state)
                current = self.outcome(state, current_guess)
                assert current is not None, "without a bound every guess has an outcome"
                # Only a guess that does better than the current one can be chosen, so it bounds
                # the first outcomes, and the best so far the next.
                best: tuple[int, Outcome] | None = None
                for guess in self.splitting(state, family):
                    if guess == current_guess:
                        continue
                    outcome = self.outcome(state, guess, current if best is None else best[1])
                    if (
                        outcome is not None
                        and outcome.headwords_lost < current.headwords_lost
                        and self.worth(outcome, current, SPLIT_PRICE)
                    ):
                        best = (guess, outcome)
                if best is not None:
                    self.choose(state, best[0])
                    break

    def splitting(self, state: _State, family: np.ndarray) -> list[int]:
        """The :data:`SPLIT_WIDTH` guesses of the state's pool that split ``family`` into the
        most feedbacks, then the state's headwords."""
        headwords = state.candidates[self.headwords[state.candidates]]
        told_family, told_headwords = (
            _feedbacks(self.patterns.block(state.pool, among)) for among in (family, headwords)
        )
        order = np.lexsort((state.pool, -told_headwords, -told_family))[:SPLIT_WIDTH]
        return state.pool[order].tolist()

    def tried(self, state: _State, planned: dict[tuple[Clue, ...], int], among: np.ndarray) -> Outcome:
        """The :class:`Outcome` in ``state`` with ``planned`` adopted; the book is then put
        back as it was."""
        book, self.touched = dict(self.book), []
        self.adopt(state, planned, among)
        outcome = self.outcome(state, self.choice(state))
        assert outcome is not None, "without a bound every guess has an outcome"
        self.book, touched, self.touched = book, self.touched, None
        for changed in touched:
            self.forget(changed)
        return outcome

    def plan(
        self,
        clues: tuple[Clue, ...],
        candidates: np.ndarray,
        pool: np.ndarray,
        left: int,
        unsolvable: dict[bytes, int],
        budget: list[int],
        only: tuple[int, ...] | None = None,
    ) -> dict[tuple[Clue, ...], int] | None:
        """A guess for ``clues`` and for every state it leads to, such that each of the
        ``candidates`` is found within ``left`` guesses, this one included; or None.

        The guesses tried are :meth:`plan_guesses`, or for this state alone ``only``, some
        of them (:meth:`adopt_cheapest` tries them one by one, so they are not ordered
        again). ``unsolvable`` remembers, by candidates (and in hard mode guesses), the most
        guesses left with which a state has no plan; ``budget`` counts down the states
        searched (:data:`PLAN_STATES`).
        """
        words, win = self.words, win_code(self.words.length)
        if len(candidates) <= 1:
            return {clues: int(candidates[0])} if len(candidates) else {}
        if left <= 1 or budget[0] <= 0:
            return None
        seen = candidates.tobytes() + (pool.tobytes() if self.hard else b"")
        if unsolvable.get(seen, 0) >= left:
            return None
        budget[0] -= 1
        self.ranked += 1
        if only is None:
            guesses, rows = self.plan_guesses(candidates, pool, left)
        else:
            guesses, rows = list(only), self.patterns.block(np.array(only), candidates)
        for guess, row in zip(guesses, rows):
            planned: dict[tuple[Clue, ...], int] = {clues: guess}
            groups = [code for code in np.unique(row).tolist() if code != win]
            for code in sorted(groups, key=lambda code: -int((row == code).sum())):
                clue = Clue(words.keys[guess], pattern_of(code, words.length))
                constraints = compile_clues([clue], words.length)
                after = self.plan(
                    clues + (clue,),
                    candidates[row == code],
                    hard_pool(words, constraints, pool) if self.hard else pool,
                    left - 1,
                    unsolvable,
                    budget,
                )
                if after is None:
                    break
                planned.update(after)
            else:
                return planned
        if only is None:
            unsolvable[seen] = max(unsolvable.get(seen, 0), left)
        return None

    def plan_guesses(self, candidates: np.ndarray, pool: np.ndarray, left: int) -> tuple[list[int], np.ndarray]:
        """(the guesses :meth:`plan` tries, its feedback number for each candidate, per guess):
        those of ``pool`` (the state's: every word, or hard mode's) that split the candidates
        into the most feedbacks, then fewest in the largest, a candidate first
        (:data:`PLAN_WIDTH` of them); with two guesses left (``left``) only those that tell
        every candidate apart."""
        codes = self.patterns.block(pool, candidates)
        bins = 3**self.words.length
        flat = (np.sort(codes, axis=1).astype(np.int64) + (np.arange(len(pool)) * bins)[:, None]).ravel()
        sizes = np.bincount(flat, minlength=len(pool) * bins).reshape(len(pool), bins)
        sizes[:, win_code(self.words.length)] = 0
        feedbacks, largest = (sizes > 0).sum(1), sizes.max(1)
        is_candidate = np.isin(pool, candidates)
        if left == 2:
            feedbacks[largest > 1] = 0
        order = np.lexsort((pool, ~is_candidate, largest, -feedbacks))[:PLAN_WIDTH]
        if left == 2:
            order = order[largest[order] == 1]
        return pool[order].tolist(), codes[order]

    def adopt(self, state: _State, planned: dict[tuple[Clue, ...], int], among: np.ndarray | None = None) -> None:
        """Play ``planned``'s guess in ``state`` and, in each state it leads to, the helper's
        own guess where that finds each candidate (of ``among``, if given) in time, else the
        plan's (one state deeper, likewise), so the book departs from the ranking only where
        it must."""
        clues, guess = state.clues, planned[state.clues]
        self.choose(state, guess)
        for after_clues in sorted(
            (later for later in planned if len(later) == len(clues) + 1 and later[:-1] == clues), key=book_key
        ):
            after = self.after(state, guess, code_of(after_clues[-1].pattern))
            if len(after.candidates) <= 1 or all(
                self.taken(after, self.choice(after), int(answer)) <= GUESSES
                for answer in after.candidates
                if among is None or among[answer]
            ):
                continue
            self.adopt(
                after,
                {later: guess for later, guess in planned.items() if later[: len(after_clues)] == after_clues},
                among,
            )

    def opener(self) -> int:
        """The mode's first guess: of the opening ranking's guesses (``table.first``), the
        one whose games, every word's played out with the ranking alone, lose the fewest
        headwords, then take the fewest guesses over the headwords, each as likely as
        another, then the fewest weighed by the prior; ties to the ranking's order (a list
        over :data:`OPENERS_PLAYED_UP_TO` words opens with the ranking's first).

        The first guess plays in every game, so it is chosen for the answers a game may
        choose, dictionary entries picked by hand whatever their frequency, rather than
        for the prior's guess at them, which every later guess follows (English normal
        mode: tares, 3.700 guesses over the headwords against stare's 3.710, where the
        prior would take stare by 3.454 against 3.460).

        The ranking scores a first guess by what it leaves to find, not by how well the
        next guesses split what it leaves (English: tares before raise in normal mode); in
        hard mode the first guess also binds every later one, and a guess that scores a
        little worse can lead into fewer families that hard mode cannot tell apart
        (Catalan: taris before toria). The common words an opener loses are not counted
        first, as :class:`Outcome` does, since the book repairs those (:meth:`make_book`);
        the rare headwords it mostly cannot. The states ranked here do not count against
        the book's budget (:data:`BOOK_STATES`).

        The book then saves some of the headwords these games lose, more for one opener
        than for another, which only making it tells; a language may pin the hard-mode
        opener that does best so (``[wordle] hard_opener``; English: lanes, which loses no
        headword with its book, where tares, this choice, loses five).
        """
        if self.words.size > OPENERS_PLAYED_UP_TO[self.hard]:
            return self.plain.first[0].index
        best: tuple[int, int, int] | None = None
        opener = self.plain.first[0].index
        for guess in (s.index for s in self.plain.first):
            outcome = self.played_out(guess, None if best is None else best[0])
            if outcome is not None and (best is None or outcome < best):
                best, opener = outcome, guess
        # The book plays on from the opener's games only.
        self.start.leads_to = {move: after for move, after in self.start.leads_to.items() if move[0] == opener}
        self.ranked = 0
        return opener

    def played_out(self, guess: int, most_lost: int | None = None) -> tuple[int, int, int] | None:
        """(headwords lost, guesses over the headwords, guesses weighed by the prior) of the
        games that open with ``guess``, every word's played out with the book as it stands;
        None as soon as they lose more than ``most_lost`` headwords."""
        everything = np.arange(self.words.size)
        weights, headwords = self.words.weights.tolist(), self.headwords.tolist()
        # Headwords first: a guess that loses too many is dropped before the other words are played.
        order = np.concatenate((everything[self.headwords], everything[~self.headwords])).tolist()
        headwords_lost = headword_guesses = weighted = 0
        for answer in order:
            taken = self.taken(self.start, guess, answer)
            weighted += weights[answer] * taken
            if headwords[answer]:
                headword_guesses += taken
                if taken > GUESSES:
                    headwords_lost += 1
                    if most_lost is not None and headwords_lost > most_lost:
                        return None
        return headwords_lost, headword_guesses, weighted

    def follow(self, table: Opening) -> None:
        """Play on with ``table``'s opener and second guesses: the states after the opener's
        feedbacks rank again, and the games through them are played again."""
        self.plain = replace(table, book={False: {}, True: {}})
        opener = table.opener(self.hard).index
        for (guess, _code), after in self.start.leads_to.items():
            if guess == opener:
                after.suggested = after.first = None
                after.taken.clear()

    def make_book(self) -> dict[str, int]:
        """The book (:func:`build_book`)."""
        everything = np.arange(self.words.size)
        self.grow_after(self.start, self.plain.opener(self.hard).index)
        if self.hard:
            common = np.flatnonzero(self.words.weights >= self.common).tolist()
            self.repair(common)
            self.rescue(common)
        self.least = 1
        self.repair(np.flatnonzero(self.headwords).tolist())
        if self.hard:
            # Past the common words, hard mode plans only for the headwords, letting their
            # plurals and conjugated forms go: the clues bind the guesses, and whole
            # families are seldom saved (English: 8 of 165 words, for three minutes of build).
            self.rescue(np.flatnonzero(self.headwords).tolist(), self.headwords)
            self.split(np.flatnonzero(self.headwords).tolist())
        self.repair(everything.tolist())
        if not self.hard:
            self.rescue(everything.tolist())
        return dict(sorted(self.book.items()))


def _feedbacks(codes: np.ndarray) -> np.ndarray:
    """Per row of feedback numbers (a guess's over some candidates), how many differ.

    >>> _feedbacks(np.array([[3, 1, 3], [2, 2, 2]])).tolist()
    [2, 1]
    """
    return (np.diff(np.sort(codes, axis=1), axis=1) != 0).sum(axis=1) + 1


def openers_played_out(
    patterns: Patterns, table: Opening, hard: bool, common: int, guesses: list[int]
) -> Iterator[tuple[int, tuple[int, int, int]]]:
    """(guess, :meth:`_Bookmaker.played_out`) for each of ``guesses`` as the mode's opener,
    without a book: what :meth:`_Bookmaker.opener` weighs, for any guesses
    (scripts/wordle_openers.py)."""
    maker = _Bookmaker(patterns, table, hard, common)
    for guess in guesses:
        outcome = maker.played_out(guess)
        assert outcome is not None, "without a bound every guess has an outcome"
        yield guess, outcome
        maker.start.leads_to.clear()  # each opener's games are its own


def build_book(patterns: Patterns, table: Opening, hard: bool, common: int) -> dict[str, int]:
    """The book. First, in the states after the opening up to the mode's
    :data:`BOOK_DEPTH`-th guess, the suggestion (of the ranking's first ten, or fewer in
    normal mode: :data:`BOOK_WIDTH_WORDS`) with the best :class:`Outcome` when each
    candidate is played out by the helper: fewest common words not found within
    :data:`GUESSES`, then fewest headwords, then fewest words, then least expected guesses
    under the prior. In hard mode, the games that still fail on a common word are then
    repaired (:meth:`_Bookmaker.repair`), and those still lost planned
    (:meth:`_Bookmaker.rescue`). Then, in either mode, the games that fail on a headword,
    however rare, are repaired; in hard mode those still lost are planned for the headwords
    alone, at a price (:meth:`_Bookmaker.adopt_cheapest`), and where they are still lost a
    guess that splits their family is chosen, at a price (:meth:`_Bookmaker.split`); then
    the games that fail on any word of the list are repaired; and in normal mode those
    still lost are planned. The book starts from the mode's opener
    (:meth:`_Bookmaker.opener`, chosen by :func:`opening`).

    Headwords come before the other words because a game's answers are headwords, rare
    ones too: in hard mode, where some families cannot all be saved, the book gives up a
    plural or a conjugated form before a headword.

    The ranking looks a few guesses ahead at most: it scores what a guess leaves to find,
    not how well that can be split by the next guesses; and in hard mode a guess also
    decides which guesses may follow, so a good split can lead into a family such as foyer,
    boxer, poker, power that each later guess tells only one word of apart. Playing the
    games out sees both. Only the prior and the list enter, never an answer list; entries
    are kept where they differ from the ranking's first, so the page ships a few hundred.
    """
    return _Bookmaker(patterns, table, hard, common).make_book()
