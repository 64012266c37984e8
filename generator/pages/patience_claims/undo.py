"""The rules page's "Undo and deal code": what undo takes back, and what a deal code says."""

from __future__ import annotations

from typing import Any

from generator.pages.claims import Says, Words
from generator.pages.patience_claims.situations import claim, page_score, played_games
from generator.pages.recorded import load_reference_game
from generator.patience import DealCode, Game, IllegalMoveError, Rules, deal_for_number
from generator.patience.deal import LEGACY_RULES_LETTERS, RULES_LETTERS

COUNTER = Words(
    "move counter on undo", {False: "does not go down", True: "goes down"}, reads="affirmed"
)


def counter_goes_down(facts: dict[str, Any]) -> bool:
    """Whether undo takes the move counter back: the reference game's moves, each undone."""
    recorded = load_reference_game()
    game = Game(recorded.deal, recorded.rules)
    for move in recorded.moves[:10]:
        game.play(move)
    before = game.move_count
    game.undo()
    return game.move_count < before


UNDO = (
    "The app keeps the last %(count)s actions, removals and draws included. Undo puts the "
    "card back, takes back the move's points and, after a stuck game, the penalty too. The "
    "move counter (the number of moves the app shows) does not go down."
)


def penalty_undone(facts: dict[str, Any]) -> str:
    """When undo takes the penalty back: ``after`` the game is stuck (undone from the stuck
    position, the last move's score comes back without the penalty), measured on the first
    stuck game of the claims' seeded games."""
    for played in played_games():
        if played.is_stuck() and played.score > 0:
            played.undo()
            back = played.score == page_score(facts, played.removed, False)
            return "after" if back and not played.is_stuck() else "neither"
    return "neither"


@claim(
    "undo",
    UNDO,
    says=[
        Says(UNDO, "the app shows) {}.", COUNTER, counter_goes_down),
        Says(
            UNDO,
            "the move's points and, {} a stuck game, the penalty too",
            Words(
                "when undo takes the penalty back",
                {"after": "after", "before": "before"},
                reads="order",
            ),
            penalty_undone,
        ),
    ],
)
def undo(facts: dict[str, Any]) -> list[str]:
    found = []
    recorded = load_reference_game()
    game = Game(recorded.deal, recorded.rules)
    history = []
    for move in recorded.moves:
        history.append((game.position(), game.score))
        game.play(move)
    counter = game.move_count
    limit = min(facts["undo_limit"], len(history))
    undone = 0
    for done in range(1, limit + 1):
        try:
            game.undo()
        except IllegalMoveError:
            found.append(f"undo number {done} is refused, the page says {facts['undo_limit']}")
            break
        undone = done
        position, points = history[-done]
        if (game.position(), game.score) != (position, points):
            found.append(f"undo number {done} does not restore the position and score")
            break
        if game.move_count != counter:
            found.append(f"the move counter goes from {counter} to {game.move_count} on undo")
            break
    if undone:
        game.play(recorded.moves[len(history) - undone])
        if game.move_count != counter + 1:
            found.append("the move counter does not go on counting after an undo")
    if facts["undo_limit"] < len(history) and game.undoable > facts["undo_limit"]:
        found.append("more actions can be undone than the page says")
    # After a stuck game the penalty is taken back too.
    for played in played_games():
        if played.is_stuck() and played.score > 0:
            before_last = played.moves[-1]
            penalty_score = played.score
            played.undo()
            expected = page_score(facts, played.removed, False)
            if played.score != expected or played.is_stuck():
                found.append(
                    f"undo after a stuck game scores {played.score} (stuck: {penalty_score}), "
                    f"not {expected}: {before_last}"
                )
            break
    else:
        found.append("no played game got stuck above zero: undo after a stuck game went untested")
    return found


@claim(
    "deal-codes",
    "Every deal has a deal code, for example %(code)s. The middle letter gives the rules: "
    "%(easy_letter)s for %(easy)s, %(classic_letter)s for %(classic)s; an old code with "
    "%(old_letter)s is read as %(easy)s. Paste the code into the %(window)s window and exactly "
    "the same cards are dealt.",
)
def deal_codes(facts: dict[str, Any]) -> list[str]:
    found = []
    code = DealCode.parse(facts["code"])
    digits = facts["code"].split("-")[-1]
    letters = facts["rules_letters"]
    for rules, letter in [
        (Rules.EASY, letters[Rules.EASY]),
        (Rules.CLASSIC, letters[Rules.CLASSIC]),
        (Rules.EASY, facts["legacy_letter"]),
    ]:
        parsed = DealCode.parse(f"GO1-{letter}-{digits}")
        if Rules(RULES_LETTERS[parsed.rules_letter]) is not rules or parsed.number != code.number:
            found.append(f"a code with {letter} is read as {RULES_LETTERS[parsed.rules_letter]}")
    if set(LEGACY_RULES_LETTERS) != {facts["legacy_letter"]}:
        found.append(f"the old letters are {sorted(LEGACY_RULES_LETTERS)}")
    recorded = load_reference_game()
    if recorded.code != facts["code"] or deal_for_number(code.number) != recorded.deal:
        found.append(f"{facts['code']} does not deal the reference deal's cards")
    if deal_for_number(code.number) != deal_for_number(DealCode.parse(str(code)).number):
        found.append("the same code deals different cards")
    return found
