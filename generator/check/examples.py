"""Part ``examples``: the claims (:mod:`generator.check.claims`), the recorded reference game
replayed, the solver's recorded verdicts and the deals the data keeps."""

from __future__ import annotations

from pathlib import Path

from generator.check.claims import check_claims
from generator.check.common import (
    Problems,
    located,
    rel,
)
from generator.pages.recorded import (
    DataFileError,
    ExampleDeal,
    RecordedGame,
    load_reference_game,
    load_rules_examples,
)
from generator.patience import DealCode, Game, GolfError, Rules, deal_for_number
from generator.patience.solver import c_search_problem, solve


def check_examples() -> Problems:
    try:
        recorded = load_reference_game()
        examples = load_rules_examples()
    except DataFileError as error:
        yield located(str(error))
        return
    stale = c_search_problem()
    if stale:
        yield f"generator/patience/_fastsolve.c:1: {stale}"
    # The sentences first: a changed rule is reported where the page states it.
    yield from check_claims()
    where = rel(recorded.path)
    game = Game(recorded.deal, recorded.rules)
    for number, (move, line) in enumerate(zip(recorded.moves, recorded.move_lines, strict=True), 1):
        reason = game.refusal(move)
        if reason is not None:
            yield f"{where}:{line}: move {number} ({move}) is refused by the engine: {reason.value}"
            break
        game.play(move)
    else:
        if not game.is_won():
            last = recorded.move_lines[-1] if recorded.move_lines else 1
            yield f"{where}:{last}: the recorded game does not win"
    cases = [
        (recorded.deal, recorded.verdicts, recorded.path, recorded.verdicts_line, recorded.code)
    ]
    cases += [(e.deal, e.verdicts, e.path, e.verdicts_line, e.code) for e in examples.values()]
    for deal, verdicts, path, line, code in cases:
        for rules in Rules:
            found = solve(deal, rules).winnable
            if found != verdicts[rules.value]:
                said = "winnable" if verdicts[rules.value] else "unwinnable"
                yield f"{rel(path)}:{line}: {code} is recorded {said} on {rules.value}, the solver says otherwise"
    yield from check_data_ties(recorded, examples)


def check_data_ties(recorded: RecordedGame, examples: dict[str, ExampleDeal]) -> Problems:
    """Every deal kept in the data is the deal its code deals."""
    deals = [(recorded.path, recorded.code, recorded.deal)]
    deals += [(e.path, e.code, e.deal) for e in examples.values()]
    for path, code, deal in deals:
        try:
            dealt = deal_for_number(DealCode.parse(code).number)
        except GolfError as error:
            yield f"{rel(path)}:1: {error}"
            continue
        if dealt != deal:
            differ = next(
                i for i, (a, b) in enumerate(zip(dealt.deck, deal.deck, strict=True)) if a != b
            )
            yield (
                f"{rel(path)}:{_line_of(path, code)}: {code} deals other cards than the file "
                f"records (deck position {differ + 1}: the code deals {dealt.deck[differ]}, "
                f"the file says {deal.deck[differ]})"
            )


def _line_of(path: Path, text: str) -> int:
    lines = path.read_text(encoding="utf-8").splitlines()
    return next((n for n, line in enumerate(lines, 1) if text in line), 1)
