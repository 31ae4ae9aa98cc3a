"""The English games' own vocabulary (pipeline/lists/vocabulary.py), on the real built lists:
each class the vocabulary removes is out of every game and each class it adds is in, while
words.txt stays the dictionary's complete reference."""

from __future__ import annotations

import json
import unicodedata

import pytest

from pipeline.config import VocabularyTier, load_language
from pipeline.games.definitions import Glossary
from pipeline.lists.clean import fold
from pipeline.lists.lexicon import game_list, load_game_lexicon
from pipeline.lists.vocabulary import GradedList, ListedWord, family_roots, tier_of

EN = load_language("en")


def game_lexicons(folder, language) -> dict[str, dict]:
    """game → its lexicon in ``folder``'s game.tsv, as the games read it (racks with the
    vulgar words they allow)."""
    return {
        game: load_game_lexicon(folder / "game.tsv", game_list(language, game), allow_vulgar=game == "racks")
        for game in ("beehive", "racks", "wordle")
    }


@pytest.fixture(scope="module")
def en(built_lists):
    folder = built_lists("en")
    games = game_lexicons(folder, EN)
    words = set((folder / "words.txt").read_text("utf-8").split("\n"))
    forms = set((folder / "forms.txt").read_text("utf-8").split("\n"))
    return folder, games, words, forms


def game_keys(folder) -> set[str]:
    """Every key of game.tsv, blocked ones too."""
    return {line.split("\t", 1)[0] for line in (folder / "game.tsv").read_text("utf-8").splitlines()}


def test_every_english_game_reads_its_own_vocabulary():
    assert {game_list(EN, game) for game in ("beehive", "racks", "wordle")} == {"beehive", "racks", "wordle"}
    assert game_list(load_language("ca"), "beehive") == "lemmas"  # no [vocabulary]: as configured


ALL_GAMES = ("beehive", "racks", "wordle")


@pytest.mark.parametrize(
    "word, why, games_without_it",
    [
        ("clii", "a Roman numeral", ALL_GAMES),
        ("viii", "a Roman numeral", ALL_GAMES),
        ("innit", "a British colloquialism", ALL_GAMES),
        ("naff", "a British colloquialism", ALL_GAMES),
        ("telly", "a British colloquialism", ALL_GAMES),
        ("whinging", "a British colloquialism's inflection", ALL_GAMES),
        ("initio", "a foreign fragment", ALL_GAMES),
        ("lemme", "a spoken contraction", ALL_GAMES),
        ("lilo", "a British word (an air bed) spelled like a name", ALL_GAMES),
        ("manana", "a Spanish word", ALL_GAMES),
        ("thru", "an informal respelling", ALL_GAMES),
        # Names' spellings are out of the beehive; a Scrabble rack keeps dido (a prank), as
        # Scrabble's lists do, and the clue filter keeps every word a game could choose.
        ("dido", "a name's spelling (SCOWL lists Dido at a smaller size)", ("beehive",)),
        ("balboa", "a name's spelling", ("beehive",)),
    ],
)
def test_words_no_game_accepts_are_out_but_stay_in_forms(en, word, why, games_without_it):
    _folder, games, _words, forms = en
    assert word in forms, f"{word} should still be in forms.txt (the complete reference)"
    for game in games_without_it:
        assert word not in games[game], f"{word} ({why}) is in the {game} list"


@pytest.mark.parametrize("word", ["vedic", "metis", "weald", "emmet"])
def test_wordle_leaves_out_words_of_sizes_70_and_80_listed_beside_a_name_of_the_same_size(en, word):
    """Wordfreq folds case: Vedic's, Metis's and Weald's frequency is the name's, which
    would make them likely answers. The racks keep them, as Scrabble's lists do."""
    _folder, games, _words, _forms = en
    assert word in games["racks"], f"{word} is in no game list: the test proves nothing"
    assert word not in games["wordle"] and word not in games["beehive"]


@pytest.mark.parametrize(
    "word", ["fulham", "kylie", "meined", "linn", "costa", "mantua", "abba", "prees", "mises", "alfa", "sept"]
)
def test_the_beehive_leaves_out_names_of_sizes_70_and_80_and_inflections_nobody_writes(en, word):
    """Words SCOWL brings at its sizes 70 and 80, where the beehive leaves out a name of
    any size (Fulham and Kylie at 95 beside fulham at 80, Linn at 80 beside linn at 70;
    Mantua and Abba at 70 beside mantua and abba), an inflection nobody writes (meined,
    after mein), the rare inflections of three-letter roots, which lend them another
    word's frequency (prees after pre, mises after mis), and the abbreviations spelled as
    words that ``[vocabulary.obscure]`` names (alfa, sept), which the racks keep."""
    _folder, games, _words, _forms = en
    assert word in games["racks"], f"{word} is in no game list: the test proves nothing"
    assert word not in games["beehive"]


@pytest.mark.parametrize(
    "word, why",
    [
        ("awol", "an abbreviation"),
        ("ilea", "a Latin plural of an anatomical term"),
        ("kine", "an archaic word"),
        ("lakh", "a foreign word"),
        ("gump", "a name's frequency (Forrest Gump)"),
        ("calif", "an abbreviation's frequency (Calif.), a word the dictionary lacks"),
        ("hoked", "a rare verb's inflection"),
        ("hemmer", "an agent noun nobody writes"),
        ("knurl", "jargon"),
        ("panto", "a British word"),
        ("chicer", "a comparative English says with more"),
        ("podded", "a verb made of a noun that wordfreq barely knows"),
    ],
)
def test_short_words_a_player_cannot_know_are_out_of_the_beehive_and_racks_keep_them(en, word, why):
    """The editor's reading of the beehive's short words where frequency decides: a four- to
    six-letter word is an answer of many hives. The racks keep every one of them, and the
    common words of the same sizes stay (orzo and yurt at 60, penne at 70, nori at 80)."""
    _folder, games, _words, _forms = en
    assert word in games["racks"], f"{word} is in no game list: the test proves nothing"
    assert word not in games["beehive"], f"{word} ({why}) is in the beehive"
    for common in ("orzo", "yurt", "penne", "nori"):
        assert common in games["beehive"], common


def test_verbs_nobody_writes_in_any_form_are_out_of_the_beehive_and_written_ones_stay(en):
    """SCOWL conjugates nouns a dictionary also gives as verbs (dinner, gong, tomb); wordfreq
    knows none of those pasts and participles. The nouns and their plurals stay, and so do
    rare verbs that are written (ululated) and adjectives in -ed with no participle."""
    _folder, games, _words, _forms = en
    for word in ("dinnered", "dinnering", "gonged", "gonging", "tombed", "aliening"):
        assert word in games["racks"], f"{word} is in no game list: the test proves nothing"
        assert word not in games["beehive"], word
    for word in ("dinner", "gong", "tomb", "ululated", "ululating", "talented", "walked", "walking"):
        assert word in games["beehive"], word


def test_inflections_scowl_puts_above_their_base_are_out_of_the_beehive_unless_written(en):
    """cryings (50, beside cry at 10), acutes and photoed: uses nobody writes; penchants,
    which wordfreq does not know either, was read and stays."""
    _folder, games, _words, _forms = en
    for word in ("cryings", "acutes", "photoed", "underneaths"):
        assert word in games["racks"], f"{word} is in no game list: the test proves nothing"
        assert word not in games["beehive"], word
    assert "penchants" in games["beehive"] and "crying" in games["beehive"]


@pytest.mark.parametrize("word", ["lamplight", "tiredly", "shamelessness"])
def test_standard_words_of_size_55_below_its_frequency_are_in_the_beehive_where_the_editor_read_them(en, word):
    """Dictionary words that size 55's Zipf 2, set against its British words, leaves out."""
    _folder, games, words, _forms = en
    assert word in words and word in games["beehive"]


@pytest.mark.parametrize(
    "word", ["orca", "mojo", "toon", "nada", "mafia", "ionic", "teddy", "aurora", "epiphany", "tech"]
)
def test_words_scowl_lists_beside_a_name_are_in_every_game_where_the_editor_read_them(en, word):
    """The language file's additions that the names rules would take: of sizes 70 and 80
    (orca, nada), of 55 and 60 beside a name at a smaller size (Mafia, Aurora), and words
    SCOWL lists only as names (Tech)."""
    _folder, games, _words, _forms = en
    for game in ("beehive", "wordle", "racks"):
        assert word in games[game], (word, game)


def test_comparatives_english_makes_with_more_are_out_of_the_answers_and_the_others_stay(en):
    """[vocabulary.comparatives]: SCOWL's vivider and cunninger (size 35) are out of the
    beehive and Wordle, and so is carefullest, whose -ful doubles its l; they keep
    one-syllable bases, two-syllable ones in -y, -le, -ow, -er, and forms wordfreq knows by
    itself; Scrabble racks keep them all."""
    _folder, games, _words, _forms = en
    for word in ("vivider", "cunninger", "awkwarder", "rapidest", "thorougher", "carefullest", "woefuller"):
        assert word in games["racks"], f"{word} is in no game list: the test proves nothing"
        assert word not in games["beehive"] and word not in games["wordle"], word
    for word in ("taller", "happier", "narrower", "cleverer", "eerier", "commoner"):
        assert word in games["beehive"], word


def test_words_written_only_in_foreign_set_phrases_are_out_of_the_answers_with_their_inflections(en):
    """[vocabulary.set_phrases]: versa (vice versa), situ (in situ) and their kind are out
    of the beehive and Wordle, with their inflections (linguas); the racks keep them, and
    the words such phrases lend English for use by themselves (ergo, faux) stay."""
    _folder, games, _words, _forms = en
    for word in ("versa", "situ", "nauseam", "sequitur", "vitae", "culpa", "linguas", "cartes"):
        assert word in games["racks"], f"{word} is in no game list: the test proves nothing"
        assert word not in games["beehive"] and word not in games["wordle"], word
    for word in ("ergo", "faux", "gauche", "verbatim", "caveat"):
        assert word in games["beehive"], word


def test_other_languages_words_are_out_of_the_beehive_and_english_loans_stay(en):
    """[vocabulary.foreign_words]: SCOWL's size-70 tanto, monde and chez, which Spanish and
    French write a hundred times as often as English, are out of the beehive; Wordle's clue
    filter and the racks keep them, and the English words the test finds (agora) stay."""
    _folder, games, _words, _forms = en
    for word in ("tanto", "monde", "chez", "bueno", "gesellschaft"):
        assert word in games["racks"] and word in games["wordle"], f"{word}: the test proves nothing"
        assert word not in games["beehive"], word
    for word in ("agora", "quant", "repos", "responder", "piano", "plaza"):
        assert word in games["beehive"], word


def test_roman_numerals_are_out_of_words_and_the_words_spelled_like_them_stay(en):
    _folder, _games, words, forms = en
    assert {"clii", "xviii", "iv"} <= forms and not {"clii", "xviii", "iv"} & words
    assert {"mix", "mi", "xi"} <= words


def test_abbreviations_scowls_word_files_hold_are_out_of_every_game_and_interjections_stay(en):
    """SCOWL's size-70 and 80 word files hold abbreviations (kb, csc, dkl) and letters'
    plurals (bs, ds): no game takes a key without a vowel but the words the language file
    lists (pst, zzz, hmm)."""
    _folder, games, _words, _forms = en
    vowelless_words = EN.abbreviations.vowelless_words
    for game, keys in games.items():
        vowelless = sorted(key for key in keys if set(key).isdisjoint(EN.abbreviations.vowels))
        assert vowelless, f"the {game} list has no vowelless word: the test proves nothing"
        assert set(vowelless) <= vowelless_words, f"{game}: {[key for key in vowelless if key not in vowelless_words]}"
    assert {"pst", "zzz", "hmm", "brr"} <= games["racks"].keys()


@pytest.mark.parametrize("code", ["en-gb", "en-za"])
def test_every_english_variety_leaves_the_abbreviations_out_of_its_words(built_lists, code):
    """Each variety reads SCOWL's abbreviation lists for English and for its own spelling,
    and the shape rules, as en does: bldg and mph are out of words.txt, forms.txt keeps
    them, and the words SCOWL files with its abbreviations (maths, aw) stay."""
    language = load_language(code)
    folder = built_lists(code)
    words = set((folder / "words.txt").read_text("utf-8").split("\n"))
    forms = set((folder / "forms.txt").read_text("utf-8").split("\n"))
    abbreviations = {"bldg", "blvd", "approx", "asap", "mph"}
    assert abbreviations <= forms
    assert not abbreviations & words
    listed_words = {word for word in language.abbreviations.listed_words if word in forms}
    assert "maths" in listed_words and listed_words <= words, sorted(listed_words - words)
    vowels = language.abbreviations.vowels
    vowelless = {word for word in words if word and set(unicodedata.normalize("NFD", word.lower())).isdisjoint(vowels)}
    assert vowelless <= language.abbreviations.vowelless_words, sorted(
        vowelless - language.abbreviations.vowelless_words
    )


@pytest.mark.parametrize(
    "word", ["turd", "poop", "crap", "crapping", "slutty", "horseshit", "effing", "arsed", "whorish"]
)
def test_crude_words_are_out_of_the_answers_and_still_playable_on_racks(en, word):
    """The pinned list's crude words, the language file's, and the compounds and derivations
    of them that the inflection rules do not reach (crapping, slutty, horseshit, whorish), and the
    forms of one the dictionary makes with no base to reach them from (arsed)."""
    _folder, games, _words, _forms = en
    assert word not in games["beehive"] and word not in games["wordle"]
    assert word in games["racks"]


@pytest.mark.parametrize(
    "slur",
    ["homo", "japs", "jewed", "hebe", "sambo", "abo", "spaz", "pickaninny", "poofter", "shylock", "darky", "sheeny"],
)
def test_slurs_are_out_of_every_game(en, slur):
    """The pinned list's and the language file's, among them those SCOWL lists in lower case
    at its largest sizes beside a name (Jap, Hebe, Sambo), with inflections of their own."""
    folder, games, _words, _forms = en
    assert slur in game_keys(folder), f"{slur} is not in game.tsv: the test proves nothing"
    for game, keys in games.items():
        assert slur not in keys, game


@pytest.mark.parametrize("word", ["japes", "jewel", "spiked", "spices", "hebetude", "sheen"])
def test_words_spelled_like_a_slur_stay(en, word):
    _folder, games, _words, _forms = en
    assert word in games["racks"]


#: Words WordNet knows only in senses it files as disparaging or obscene that a word-game
#: editor reads as ordinary words (gamin: a street urchin; peeing, screwing): the games keep them.
READ_AS_ORDINARY = {"effeminacy", "gamin", "mickey", "paleface", "peeing", "screwing"}
#: WordNet's usage domains for an insult.
INSULTS = {"ethnic slur", "disparagement"}


@pytest.mark.parametrize("code", ["en", "en-gb", "en-za"])
def test_a_word_wordnet_knows_only_as_a_slur_is_in_no_game_and_only_as_an_obscenity_in_no_answer(
    built_lists, paths, code
):
    """WordNet 3.0 (the definitions' pinned database) files each sense under its usages; a
    word whose every sense is an ethnic slur or a disparagement (darky, boche, greaser) is
    out of every game, and one whose every sense is that or an obscenity is out of the
    beehive's and Wordle's answers (racks keep vulgar words, as Scrabble's lists do), in
    every English variety (they share en's blocklist, each with SCOWL words of its own)."""
    glossary = Glossary.load(EN, paths)
    games = game_lexicons(built_lists(code), load_language(code))
    insults = INSULTS | {"obscenity"}
    found = {}
    for game, keys in games.items():
        for key in sorted(set(keys) - READ_AS_ORDINARY):
            senses = glossary.usages(key)
            if senses and all(set(usages) & (INSULTS if game == "racks" else insults) for usages in senses):
                found[key] = game
    assert not found
    assert all(set(usages) & INSULTS for usages in glossary.usages("darky"))  # the rule reads WordNet


@pytest.mark.parametrize(
    "word, games_with_it",
    [
        ("chai", ("beehive", "wordle", "racks")),  # SCOWL size 80, common
        ("penne", ("beehive", "wordle", "racks")),  # everyday words below the tiers' frequencies,
        ("croc", ("beehive", "racks")),  # read by hand
        ("lightbulb", ("beehive", "racks")),
        ("lockdown", ("beehive", "racks")),
        ("wingman", ("beehive", "racks")),  # size 80, uninflected there: read by hand
        ("hitman", ("beehive", "wordle", "racks")),  # (Wordle's six letters)
        ("nana", ("beehive", "wordle", "racks")),  # size 80 beside a name: the file adds it
        ("ramen", ("beehive", "wordle", "racks")),  # size 70
        ("donut", ("beehive", "wordle", "racks")),  # a common variant (variant_2)
        ("cyber", ("beehive", "wordle", "racks")),  # the language file's additions
        ("teepee", ("beehive", "wordle", "racks")),  # a standard form SCOWL files as a variant
        ("hewn", ("beehive", "wordle", "racks")),  # an inflection SCOWL files as a variant
        ("foci", ("beehive", "wordle", "racks")),
        ("spelt", ("wordle", "racks")),  # a variant: the clue filter never lacks it
        ("qat", ("racks",)),
        ("stoa", ("racks",)),  # Scrabble words
    ],
)
def test_common_words_the_dictionary_lacked_are_in(en, word, games_with_it):
    _folder, games, words, _forms = en
    assert word not in words, f"{word} is in words.txt already: the test proves nothing"
    for game in games_with_it:
        assert word in games[game], f"{word} is not in the {game} list"


@pytest.mark.parametrize("word", ["intro", "morph", "admin", "prelim"])
def test_clippings_scowl_files_as_abbreviations_are_in_every_game_and_abbreviations_are_not(en, word):
    """SCOWL files intro and morph only with its abbreviations while its word files take
    intros and morphed; en_US inflects them as words: every game takes them, and none the
    abbreviations of those files that en_US also inflects (inc, abbrev)."""
    _folder, games, words, _forms = en
    assert {word, "inc", "abbrev"} <= words, "not in words.txt: the test proves nothing"
    for game, keys in games.items():
        assert word in keys, f"{word} is not in the {game} list"
        assert not {"inc", "abbrev"} & keys.keys(), game


@pytest.mark.parametrize("plain, accented", [("cafe", "café"), ("attaches", "attachés"), ("melee", "mêlée")])
def test_the_plain_spelling_of_a_word_scowl_writes_with_accents_is_a_form_of_every_game(en, plain, accented):
    """SCOWL lists café and attachés (the plural of attaché, and the verb's attaches) only
    with their accents; en_US spells them plain, as American readers do: each game shows both."""
    _folder, games, words, _forms = en
    assert plain in words
    for game, keys in games.items():
        assert {plain, accented} <= set(keys[plain]), f"{game}: {keys.get(plain)}"


def test_american_games_take_american_spellings_and_british_ones_british(built_lists):
    gb = load_language("en-gb")
    british = load_game_lexicon(built_lists("en-gb") / "game.tsv", game_list(gb, "beehive"))
    american = load_game_lexicon(built_lists("en") / "game.tsv", game_list(EN, "beehive"))
    assert {"colour", "centre", "organise"} <= british.keys()
    assert not {"color", "center", "organize"} & british.keys()
    assert {"color", "center", "organize"} <= american.keys()
    assert not {"colour", "centre", "organise", "theatre"} & american.keys()


def test_british_games_leave_out_the_words_a_player_cannot_know_and_keep_british_words(built_lists):
    """[vocabulary.obscure] is shared by every English variety; the British words the
    American beehive leaves out (panto, recce) are the British beehive's own."""
    gb = load_language("en-gb")
    british = load_game_lexicon(built_lists("en-gb") / "game.tsv", game_list(gb, "beehive"))
    assert not {"ilea", "kine", "awol", "gump", "knurl", "dinnered"} & british.keys()
    assert {"panto", "recce", "lough", "orzo"} <= british.keys()


def test_metadata_says_how_each_game_list_was_made_and_what_each_rule_removed(en):
    folder, games, _words, _forms = en
    report = json.loads((folder / "metadata.json").read_text("utf-8"))["game_vocabulary"]
    assert report["source"]["name"] == "scowl" and report["spellings"][:2] == ["english", "american"]
    for game, made in report["games"].items():
        assert made["tiers"] and made["dictionary_words_left_out"]
        assert made["forms"] >= len(games[game])  # forms; several may share a key
    beehive_out = report["games"]["beehive"]["dictionary_words_left_out"]
    assert beehive_out["list category special-hacker"] > 0 and beehive_out["removed by the language file"] > 0


def test_family_roots_join_inflections_and_tiers_are_chosen_by_size():
    rules = EN.vocabulary.inflections
    roots = family_roots(["nana", "nanas", "ponies", "pony", "tied", "tie", "bus"], rules)
    assert roots["nanas"] == "nana" and roots["ponies"] == "pony" and roots["tied"] == "tie"
    assert roots["bus"] == "bus"
    tiers = (VocabularyTier(50), VocabularyTier(70, 2.5))
    assert tier_of(50, tiers).size == 50 and tier_of(55, tiers).size == 70 and tier_of(95, tiers) is None


def test_a_name_listed_before_the_word_keeps_it_out_and_after_it_does_not():
    from pipeline.lists.vocabulary import Family, left_out_because

    graded = GradedList(
        {"dido": ListedWord(60, frozenset()), "messianic": ListedWord(60, frozenset())},
        names={},
        capitalised={"dido": 50, "messianic": 70},
    )
    tiers = (VocabularyTier(50), VocabularyTier(60, 1.5, names_out=True, capitals_out=True))
    common = Family(zipf=3.0, members=1, own_zipf=3.0)
    tier = tier_of(60, tiers)
    assert left_out_because("dido", 60, common, tier, graded, "dido", None) is not None
    assert left_out_because("messianic", 60, common, tier, graded, "messianic", None) is None


def test_at_the_largest_sizes_a_name_of_any_size_and_an_unwritten_inflection_are_out():
    from pipeline.lists.vocabulary import Family, left_out_because

    graded = GradedList(
        {word: ListedWord(80, frozenset()) for word in ("fulham", "chai", "meined")},
        names={"fulham": 95},
        capitalised={},
    )
    strict = VocabularyTier(80, 3.0, names_out=True, names_any_size_out=True, min_own_zipf=1.0)
    lenient = VocabularyTier(80, 3.0, names_out=True)
    common = Family(zipf=3.3, members=2, own_zipf=3.3)
    unwritten = Family(zipf=3.3, members=3, own_zipf=0.0)  # mein's frequency, lent
    assert left_out_because("fulham", 80, common, strict, graded, "fulham", None) == (
        "a name's spelling at any size, at sizes 80 and below"
    )
    assert left_out_because("chai", 80, common, strict, graded, "chai", None) is None
    assert left_out_because("meined", 80, unwritten, strict, graded, "mein", None) == (
        "rarer by itself than Zipf 1 at sizes 80 and below"
    )
    assert left_out_because("fulham", 80, common, lenient, graded, "fulham", None) is None
    assert left_out_because("meined", 80, unwritten, lenient, graded, "mein", None) is None


def test_a_name_at_the_words_own_size_is_out_where_the_tier_says_so():
    """SCOWL lists mantua and Mantua both at 70: wordfreq's frequency counts the name too."""
    from pipeline.lists.vocabulary import Family, left_out_because

    graded = GradedList({"mantua": ListedWord(70, frozenset())}, names={}, capitalised={"mantua": 70})
    common = Family(zipf=2.6, members=2, own_zipf=2.6)
    same_size = VocabularyTier(70, 2.5, names_out=True, capitals_out=True, same_size_out=True)
    smaller_only = VocabularyTier(70, 2.5, names_out=True, capitals_out=True)
    assert left_out_because("mantua", 70, common, same_size, graded, "mantua", None) == (
        "an upper-case word's spelling at sizes 70 and below"
    )
    assert left_out_because("mantua", 70, common, smaller_only, graded, "mantua", None) is None


def test_a_short_root_lends_its_family_no_frequency_where_the_tier_says_so():
    from pipeline.lists.vocabulary import Family, left_out_because

    graded = GradedList({"prees": ListedWord(80, frozenset()), "tapes": ListedWord(80, frozenset())}, {}, {})
    lent = Family(zipf=5.0, members=2, own_zipf=1.2)  # pre's frequency
    short_roots_lend = VocabularyTier(80, 3.0)
    own_only = VocabularyTier(80, 3.0, min_root_length=4)
    assert left_out_because("prees", 80, lent, short_roots_lend, graded, "pre", None) is None
    assert left_out_because("prees", 80, lent, own_only, graded, "pre", None) == (
        "rarer by itself than Zipf 3, its root of 3 letters or fewer, at sizes 80 and below"
    )
    assert left_out_because("tapes", 80, lent, own_only, graded, "tape", None) is None


def test_an_inflection_above_its_base_must_be_written_where_the_tier_says_so():
    from pipeline.lists.vocabulary import Family, left_out_because

    graded = GradedList({"cry": ListedWord(10, frozenset()), "cryings": ListedWord(50, frozenset())}, {}, {})
    unwritten = Family(zipf=0.0, members=1, own_zipf=0.0)
    tier = VocabularyTier(50, min_zipf_above_base=1.0)
    assert left_out_because("cryings", 50, unwritten, tier, graded, "cry", None) == (
        "an inflection above its base's size rarer than Zipf 1"
    )
    assert left_out_because("cryings", 50, unwritten, VocabularyTier(50), graded, "cry", None) is None
    assert left_out_because("cry", 10, unwritten, tier, graded, "cry", None) is None


def test_game_keys_of_the_vocabulary_fold_back(en):
    _folder, games, _words, _forms = en
    for keys in games.values():
        for key, forms in list(keys.items())[:5000]:
            assert all(fold(form, EN) == key for form in forms)


def test_kept_vocabularies_read_back_as_they_were_chosen(paths, tmp_path):
    """Kept between runs (pipeline/lists/wordlists.py vocabularies_of), the vocabularies read
    back equal to those chosen: every game's forms, the reasons of those left out, the
    families and the graded list."""
    from pipeline.build import game_word_lists
    from pipeline.lists.wordlists import vocabularies_of

    files = game_word_lists(EN, paths)["vocabulary_files"]
    chosen = vocabularies_of(EN, files, tmp_path)
    assert len(list(tmp_path.glob("vocabulary-en-*.marshal"))) == 1
    read = vocabularies_of(EN, files, tmp_path)
    assert read is not chosen
    assert read == chosen and read.games["beehive"]
