"""Check claims against an implementation of the game: the reference engines or someone else's code.

An *implementation* is anything that can say, for a game, the value of each quantity it defines
(keys of :mod:`puthi.rules.quantities`). The reference engines say it through ``Game.facts``; other
people's code is plugged in with :func:`register_impl` (see ``rules/engines/adapters``).

>>> from puthi.rules.claims.model import Claim
>>> claim = Claim("toy", "deck_size", {}, 24, 0, 10, "২৪টি তাস লাগে।")
>>> v = check_claim(claim, {"deck_size": 24}, impl="toy engine")
>>> v.verdict, v.expected
('consistent', 24)
>>> check_claim(claim, {"deck_size": 32}, impl="toy engine").verdict
'contradicted'
>>> check_claim(claim, {}, impl="toy engine").verdict
'unverifiable'
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from dataclasses import replace

import regex

from puthi.normalize.edits import GUESS
from puthi.rules.claims.model import Claim, Value, Verdict
from puthi.rules.quantities import QUANTITIES

Facts = dict[str, Value]
# name -> (game -> facts). A user plugs in another implementation with register_impl.
_IMPLS: dict[str, Callable[[str], Facts]] = {}


def register_impl(name: str, facts_for_game: Callable[[str], Facts]) -> None:
    """Make ``--impl NAME`` available: ``facts_for_game(game)`` returns the implementation's facts or
    raises ``KeyError`` for a game it does not implement."""
    _IMPLS[name] = facts_for_game


def _reference_facts(game: str) -> Facts:
    from puthi.rules.engines import registry

    g = registry.get(game)
    return dict(g.facts(g.spec.defaults())) if g.facts else {}


register_impl("reference", _reference_facts)


def register_implementation(name: str, impl: object, games: tuple[str, ...]) -> None:
    """Plug in another implementation through the engines' adapter interface
    (``rules.engines.adapters.Implementation``: an object with ``facts()``) for the ``games`` it plays."""

    def facts_for_game(game: str) -> Facts:
        if game not in games:
            raise KeyError(f"{name} implements only {', '.join(games)}, not {game}")
        return dict(impl.facts())  # type: ignore[attr-defined]

    register_impl(name, facts_for_game)


def _schnapsen_facts(game: str) -> Facts:
    from puthi.rules.engines.adapters.schnapsen_pkg import SchnapsenPackage

    if game != "schnapsen":
        raise KeyError(f"the schnapsen package implements only schnapsen, not {game}")
    return SchnapsenPackage().facts()


register_impl("schnapsen", _schnapsen_facts)


def impls() -> list[str]:
    return sorted(_IMPLS)


def facts_of(impl: str, game: str) -> Facts:
    """The facts ``impl`` gives for ``game``; ``KeyError`` with a readable message otherwise."""
    if impl not in _IMPLS:
        raise KeyError(f"unknown implementation {impl!r}; known: {', '.join(impls())}")
    return _IMPLS[impl](game)


def _describe(claim: Claim) -> str:
    """The quantity in words, for a scholar (a newcomer found "[card points of one card; rank A K Q J …]" hard
    to read): its meaning up to the first ";", and its parameters.

    >>> _describe(Claim("sixtysix", "card_value", {"rank": "K", "suit": "plain"}, 5, 0, 1, ""))
    'card points of one card (rank K, suit plain)'
    """
    what = QUANTITIES[claim.quantity][0].split(";")[0].split(" (")[0]
    params = ", ".join(f"{k} {v}" for k, v in sorted(claim.params.items()))
    return f"{what}{' (' + params + ')' if params else ''}"


# A total said of a deal ("দুই দলের মধ্যে মোট ১৬২ ফোটা ভাগ হয়"), and words that make it the cards' alone (তাস, পাত,
# a rank) or leave the last trick out (বাদে, ছাড়া): a review
# a deal's points named: shared by the sides, or the last trick's counted in ("শেষ পিঠের জন্য ১০; সব মিলিয়ে ১৬২")
_DEAL_POINTS = regex.compile(r"দান|ভাগ|দুই দল|উভয় দল|দুই পক্ষ|উভয় পক্ষ|শেষ পিঠ|শেষ ট্রিক|সব মিলিয়ে")
_CARDS_ALONE = regex.compile(r"তাস|তাচ|কার্ড|পাত|টেক্কা|দহলা|সাহেব|বিবি|গোলাম|নহলা|বাদে|ছাড়া|বাহিৰে")


# A claim less sure than GUESS (its value a repair's guess at garbled OCR) contradicts no rule: it is unverifiable
# where the engine differs (where it agrees, the guess is borne out).
# A value read out of wrong-script garble is a guess below this: such a reading 0.65 sure ("जाठैछ्ि" read as সাতটি, not
# আটটি) had contradicted a hand of eight (a hostile tester's scans read by Tesseract hin)
SCRIPT_SURE = 0.9


def doubt_guesses(claims: list[Claim], edits: list, in_output: bool = True) -> list[Claim]:
    """``claims`` with the confidence of a repair ``edits`` made below :data:`GUESS` where that edit wrote the claim's
    value (a number it reads as that value) or the card whose value it is: such a value is a guess (a newcomer:
    Assamese read by a Hindi model, "२५४" guessed as ২১১ at 0.16, gave a contradicted count of the board's points; a
    hostile tester's সাহেব, guessed at 0.35, a contradicted king). The edits' offsets are into the OCR text; the
    claims' into the repaired text (``in_output``) or the OCR text.

    >>> from puthi.normalize.edits import Edit
    >>> c = Claim("dashguti", "board_points", {}, 211, 0, 10, "মুঠ ২১১ বিন্দু")
    >>> [x.confidence for x in doubt_guesses([c], [Edit(4, 7, "२५४", "২১১", "wrong-script", 0.16)])]
    [0.16]

    A wrong-script reading is a guess below :data:`SCRIPT_SURE`; the claim says so in its ``evidence``:

    >>> [(x.confidence, x.evidence) for x in doubt_guesses([c], [Edit(4, 7, "२५४", "২১১", "wrong-script", 0.65)])]
    [(0.65, ('guess',))]
    """
    guesses = [e for e in edits if e.confidence < GUESS or (e.rule == "wrong-script" and e.confidence < SCRIPT_SURE)]
    if not guesses:
        return claims
    from puthi.normalize.edits import OffsetMap
    from puthi.rules.claims.extract import TERM_MIN_SCORE, rank_of
    from puthi.rules.terms import find_numbers, find_terms

    def gives(e, c: Claim) -> bool:  # the value, or the rank it is a value of (a hostile tester's guessed সাহেব)
        return (isinstance(c.stated, int) and any(n.value == c.stated for n in find_numbers(e.after))) or (
            "rank" in c.params and any(rank_of(t) == c.params["rank"]
                                       for t in find_terms(e.after, min_score=TERM_MIN_SCORE)))

    offsets = OffsetMap(list(edits)) if in_output else None
    out, changed = [], False
    for c in claims:
        start, end = (offsets.to_input(c.start), offsets.to_input(c.end, end=True)) if offsets else (c.start, c.end)
        given = [e for e in guesses if start <= e.start and e.end <= end and gives(e, c)]
        if given:
            changed = True
            out.append(replace(c, confidence=min(c.confidence, *(e.confidence for e in given)), evidence=("guess",)))
        else:
            out.append(c)
    return out if changed else claims  # the same list when no value is a guess


def check_claim(claim: Claim, facts: Facts, *, impl: str) -> Verdict:
    """Compare one claim with an implementation's facts; one whose value is a guess (``confidence`` below
    :data:`GUESS`, or a wrong-script reading: :func:`doubt_guesses`) is unverifiable where the engine differs."""
    what = _describe(claim)
    if claim.key not in facts:
        return Verdict(claim, impl, None, "unverifiable", f"{impl} does not define the {what}.")
    expected = in_words(claim.stated, facts[claim.key])
    if claim.stated is None:
        return Verdict(claim, impl, expected, "unverifiable", f"The text names the {what} without a value.")
    guess = claim.confidence < GUESS or "guess" in claim.evidence
    if _same(claim.stated, expected):  # a guess the engine bears out is likely right: the repair knew no rule
        said = f"The text says {claim.stated}" + (
            f" (the repair's reading of garbled OCR, confidence {claim.confidence:.2f})" if guess else "")
        return Verdict(claim, impl, expected, "consistent", f"{said}; {impl} agrees.")
    if guess:  # but no guess contradicts a rule
        return Verdict(claim, impl, expected, "unverifiable",
                       f"The text's {claim.stated} is the repair's guess at garbled OCR (confidence "
                       f"{claim.confidence:.2f}); {impl} has {expected} for the {what}. Read the scan.")
    bonus = facts.get("last_trick_bonus") or 0
    if (claim.quantity == "card_point_total" and bonus and _same(claim.stated, expected + bonus)
            and _DEAL_POINTS.search(claim.text) and not _CARDS_ALONE.search(claim.text)):
        # "দুই দলের মধ্যে মোট ১৬২ ফোটা ভাগ হয়": a deal's points, the cards' and the last trick's (a review); "তাসের মোট
        # মূল্য ১৬২" says the cards alone make them, and is contradicted
        return Verdict(claim, impl, expected, "consistent", f"The text says {claim.stated}: {impl}'s {expected} card "
                                                             f"points and {bonus} for the last trick, a deal's points.")
    return Verdict(
        claim, impl, expected, "contradicted", f"The text says {claim.stated}; {impl} has {expected} for the {what}."
    )


def in_words(stated: Value, expected: Value) -> Value:
    """An engine's answer to a yes/no rule as the text says it: True or 1 is "yes", False or 0 "no" (a newcomer:
    the tables had 1 for one such rule and true for another); any other answer as it is.

    >>> in_words("yes", 1), in_words("no", True), in_words(8, 8)
    ('yes', 'yes', 8)
    """
    if stated in ("yes", "no") and expected in (True, False):  # 1 and 0 compare equal to True and False
        return "yes" if expected else "no"
    return expected


def _same(stated: Value, expected: Value) -> bool:
    if stated in ("yes", "no"):  # behavioural rules: the engine's True/False or 1/0, in words (in_words)
        return expected == stated
    if isinstance(stated, str) and stated.startswith("not "):  # a denied outcome: "not win" agrees with "loss"
        return expected != stated.removeprefix("not ")
    if isinstance(stated, str) and isinstance(expected, str) and regex.search(r"\d", stated):
        # deal patterns: "3-2-3" and "3+2+3" are the same packets
        return regex.findall(r"\d+", stated) == regex.findall(r"\d+", expected)
    return stated == expected


def check_claims(claims: Iterable[Claim], impl: str = "reference") -> list[Verdict]:
    """Check each claim against ``impl``'s facts for the claim's game.

    A game the implementation does not have makes its claims unverifiable, with the reason.
    """
    from puthi.rules.engines import registry

    engines = set(registry.names())
    verdicts = []
    cache: dict[str, Facts | str] = {}
    for claim in claims:
        if claim.game not in cache:
            try:
                cache[claim.game] = facts_of(impl, claim.game)
            except KeyError as exc:
                cache[claim.game] = str(exc.args[0] if exc.args else exc)
        facts = cache[claim.game]
        if isinstance(facts, str):
            why = f"{impl}: {facts}" if claim.game in engines else (
                f"The passage is about {claim.game.replace('_', ' ')}, a game puthi has no engine for.")
            verdicts.append(Verdict(claim, impl, None, "unverifiable", why))
        else:
            verdict = check_claim(claim, facts, impl=impl)
            if verdict.verdict == "contradicted" and impl == "reference":
                if rules := variants_stating(claim.game, claim.key, claim.stated):
                    verdict = replace(verdict, explanation=f"{verdict.explanation} Its rule {' or '.join(rules)}, a "
                                      f"variant the sources know, gives {claim.stated}.")
            verdicts.append(verdict)
    return verdicts


def variants_stating(game: str, key: str, stated: Value) -> list[str]:
    """The reference engine's rules (``option=choice``, one changed from its default to a variant a source gives)
    under which ``key`` is ``stated``: a contradiction that is a known variant (a rules expert: a Klaverjas dealt
    4-4 read as an error). A choice kept for quick tests (eight deals) is no variant (a review).

    >>> variants_stating("klaverjas", "deal_pattern", "4-4"), variants_stating("klaverjas", "number_of_deals", 8)
    (['deal_packets=4-4'], [])
    >>> variants_stating("klaverjas", "deal_pattern", "5-3")
    []
    """
    return [f"{name}={choice}" for name, choice, facts in _variant_facts(game)
            if key in facts and _same(stated, in_words(stated, facts[key]))]


@functools.cache
def _variant_facts(game: str) -> tuple[tuple[str, object, Facts], ...]:
    from puthi.rules.engines import registry

    g = registry.get(game)
    if not g.facts:
        return ()
    base = g.spec.defaults()
    return tuple((o.name, choice, dict(g.facts({**base, o.name: choice})))
                 for o in g.spec.options for choice in o.variants if choice != o.default)
