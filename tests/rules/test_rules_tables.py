"""Decision tables: each row is what the rule decides when run on the cases it covers, every
combination of the inputs' cases is in exactly one row or refused by the rule, and a piece of
numbers ("1–2 CP", "4+") decides the same for each number in it."""

from __future__ import annotations

import itertools

from pipeline.rules import RULES, run
from pipeline.rules.decision_tables import MAX_CASES, decision_table, decision_tables, domain
from pipeline.rules.inputs import plain
from rules_support import facts


def _tables():
    return [table for tables in decision_tables(facts()).values() for table in tables]


def test_rules_with_few_cases_get_a_table_and_the_others_none():
    tabled = {table.rule for table in _tables()}
    assert {"his.mary-i-impulse", "eu-risto.tordesillas-roll", "eu-risto.tordesillas-in-effect",
            "eu-risto.bohemia-hungary-activation", "eu-risto.war-with-scotland-roll"} <= tabled
    assert "eu-risto.hre-election" not in tabled  # bids are a map of numbers: no cases
    assert domain(RULES["his.excommunication"], facts()) is not None  # truth values only, but
    assert decision_table(RULES["his.excommunication"], facts()) is None  # 2 x 2**7 > MAX_CASES
    for table in _tables():
        assert table.unit == RULES[table.rule].unit


def test_every_row_is_what_the_rule_decides_for_each_case_it_covers():
    for table in _tables():
        rule = RULES[table.rule]
        columns = domain(rule, facts())
        assert len(list(itertools.product(*(c.cases for c in columns)))) <= MAX_CASES
        shown = [c.name for c in table.columns]
        fixed = {c.name: c.cases for c in columns if c.name not in shown}  # "any" in every row
        covered = 0
        for row in table.rows:
            cells = dict(zip(shown, row.cells, strict=False)) | fixed
            for combination in itertools.product(*(cells[c.name] for c in columns)):
                for values in itertools.product(*(case.values() for case in combination)):
                    given = rule.inputs(**dict(zip([c.name for c in columns], values, strict=False)))
                    assert plain(run(rule.id, facts(), given).result) == plain(row.result), (rule.id, given)
                covered += 1
        assert covered + table.refused == len(list(itertools.product(*(c.cases for c in columns)))), rule.id


def test_the_mary_i_table_answers_what_a_2_cp_card_allows():
    table = next(t for t in _tables() if t.rule == "his.mary-i-impulse")
    names = [c.name for c in table.columns]
    assert names == ["card_cp", "die", "card", "protestant_home_space"]

    def row_for(**given):
        return [row for row in table.rows
                if all(any(str(given[name]) in [str(plain(v)) for v in case.values()] for case in cell) for name, cell in zip(names, row.cells, strict=False))]

    low, = row_for(card_cp=2, die=2, card="other", protestant_home_space=True)
    assert plain(low.result)["papal_actions"] == ["book-burning"] and not low.result.played_normally
    high, = row_for(card_cp=5, die=1, card="combat", protestant_home_space=True)
    assert plain(high.result)["papal_actions"] == ["book-burning", "debate"]
    normal, = row_for(card_cp=2, die=5, card="combat", protestant_home_space=True)
    assert normal.result.played_normally and plain(normal.result)["plays"] == ["cp"]
    assert [str(case.piece) for case in table.columns[0].cases] == ["0", "1–2", "3", "4+"]  # from the facts
    assert table.refused == 3  # a 0 CP card on a low roll: no bracket of step 4 covers it
