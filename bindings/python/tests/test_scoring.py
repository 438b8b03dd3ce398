"""Scoring from Python against the C command-line tool (bfc-score --json)
on the sample cases (tests/cases), and against the cases' own expected
scores."""

import json
import subprocess

import pytest

import bfc


def load_cases(cases_dir, name):
    with open(cases_dir / name, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def cli_batch(bfc_score, mode_args, lines):
    """bfc-score MODE --json - on the lines: one JSON object per line."""
    p = subprocess.run(
        [str(bfc_score), *mode_args, "--json", "-"],
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        check=False,
    )
    out = [json.loads(line) for line in p.stdout.splitlines()]
    assert len(out) == len(lines), p.stderr
    return out


def cli_plain(bfc_score, args):
    p = subprocess.run([str(bfc_score), *args], capture_output=True, text=True, check=True)
    return p.stdout.splitlines()


def sorted_items(items):
    return sorted((i["kind"], i["points"], tuple(sorted(i["cards"]))) for i in items)


def same_score_as_expected(got, want):
    """A score equals a case's expected one; items in any order (RULES fixes
    no order), each item's cards as a set."""
    for k in ("total", "fifteens", "pairs", "runs", "flush", "nobs", "killed"):
        assert got[k] == want[k], k
    assert sorted_items(got["items"]) == sorted_items(want["items"])


def test_scoring__classic_show_matches_cli_and_cases(bfc_score, cases_dir):
    cases = load_cases(cases_dir, "classic_show.jsonl")
    for crib in (False, True):
        group = [c for c in cases if c["crib"] == crib]
        lines = [" ".join(c["hand"] + [c["starter"]]) for c in group]
        cli = cli_batch(bfc_score, ["--crib"] if crib else [], lines)
        for case, want in zip(group, cli):
            s = bfc.score(case["hand"], starter=case["starter"], crib=crib)
            assert s.as_dict() == want, case["id"]
            same_score_as_expected(s.as_dict(), case["expected"])
            assert int(s) == s.total == case["expected"]["total"]


def test_scoring__battlefield_reserve_ceasefire_match_cli_and_cases(bfc_score, cases_dir):
    cases = load_cases(cases_dir, "battlefield.jsonl")
    kinds = {"battlefield": [], "reserve": [], "ceasefire": []}
    for c in cases:
        kinds[c["kind"]].append(c)
    assert all(kinds.values())

    group = kinds["battlefield"]
    cli = cli_batch(bfc_score, ["--battlefield"], [" ".join(c["formation"] + [c["turn"]]) for c in group])
    for case, want in zip(group, cli):
        b = bfc.score_battlefield(case["formation"], case["turn"])
        assert b.as_dict() == want, case["id"]
        exp = case["expected"]
        assert b.best == exp["best"] and b.legal == exp["legal_lay_away"], case["id"]
        for got, w in zip(b.by_lay_away, exp["by_lay_away"]):
            same_score_as_expected(got.as_dict(), w)

    group = kinds["reserve"]
    cli = cli_batch(bfc_score, ["--reserve"], [" ".join(c["reserve"] + [c["turn"]]) for c in group])
    for case, want in zip(group, cli):
        s = bfc.score_reserve(case["reserve"], case["turn"])
        assert s.as_dict() == want, case["id"]
        same_score_as_expected(s.as_dict(), case["expected"])
        # the reserve is the general scorer with crib and kill-card flags (bfc.h)
        assert bfc.score(case["reserve"], case["turn"], crib=True, kill_card=True).as_dict() == want

    group = kinds["ceasefire"]
    cli = cli_batch(bfc_score, ["--ceasefire"], [" ".join(c["formation"]) for c in group])
    for case, want in zip(group, cli):
        s = bfc.score_ceasefire(case["formation"])
        assert s.as_dict() == want, case["id"]
        same_score_as_expected(s.as_dict(), case["expected"])


def test_scoring__frontline_matches_cli_and_cases(bfc_score, cases_dir):
    cases = load_cases(cases_dir, "frontline.jsonl")
    for turn in (False, True):
        group = [c for c in cases if c["is_turn_card"] == turn]
        lines = [" ".join(c["frontline_before"] + [c["card"]]) for c in group]
        cli = cli_batch(bfc_score, ["--frontline"] + (["--turn-card"] if turn else []), lines)
        for case, want in zip(group, cli):
            f = bfc.score_frontline(case["frontline_before"], case["card"], turn_card=turn)
            assert f.as_dict() == want, case["id"]
            exp = case["expected"]
            for k in ("renewed", "sum", "fifteen_31", "last_card", "placer_points", "go_point", "knobs_dealer"):
                assert getattr(f, k) == exp[k], (case["id"], k)
            if exp["combination"] is None:
                assert f.combination is None
            else:
                assert f.combo == exp["combination"]["name"]
                assert f.combination.points == exp["combination"]["points"]
                assert sorted(map(str, f.combination.cards)) == sorted(exp["combination"]["cards"])


def test_scoring__peg_matches_cli_and_cases(bfc_score, cases_dir):
    cases = load_cases(cases_dir, "classic_peg.jsonl")
    cli = cli_batch(bfc_score, ["--peg"], [" ".join(c["sequence"]) for c in cases])
    for case, want in zip(cases, cli):
        p = bfc.score_peg(case["sequence"])
        assert p.as_dict() == want, case["id"]
        exp = case["expected"]
        for k in ("count", "fifteen_31", "pairs", "runs", "total"):
            assert getattr(p, k) == exp[k], (case["id"], k)
        # the cases name a peg's pair item "pairs", the library "pair": the
        # points and cards are what must agree
        got_items = sorted((i["points"], tuple(sorted(i["cards"]))) for i in p.as_dict()["items"])
        assert got_items == sorted((i["points"], tuple(sorted(i["cards"]))) for i in exp["items"])


def test_scoring__narration_is_the_cli_s(bfc_score, cases_dir):
    """narrate() says what bfc-score's plain output says, line 2."""
    for c in load_cases(cases_dir, "classic_show.jsonl")[:40]:
        args = (["--crib"] if c["crib"] else []) + c["hand"] + [c["starter"]]
        assert bfc.score(c["hand"], c["starter"], crib=c["crib"]).narrate() == cli_plain(bfc_score, args)[1]
    for c in load_cases(cases_dir, "frontline.jsonl")[:40]:
        args = ["--frontline"] + (["--turn-card"] if c["is_turn_card"] else []) + c["frontline_before"] + [c["card"]]
        f = bfc.score_frontline(c["frontline_before"], c["card"], turn_card=c["is_turn_card"])
        assert f.narrate() == cli_plain(bfc_score, args)[1]


def test_scoring__noddy_and_five_card_hands_match_cli(bfc_score):
    hands = ["5H 5C 5S JH", "4H 5H 6H 7H", "AC 2C 3D KS", "JD 5D 5S 5C", "9H TH JH QC"]
    for mode, kw in (("--noddy", {"noddy": True}), ("--five-card", {})):
        cli = cli_batch(bfc_score, [mode], hands)
        for h, want in zip(hands, cli):
            cards = bfc.parse_cards(h)
            assert bfc.score(cards[:3], starter=cards[3], **kw).as_dict() == want, (mode, h)
    plays = ["5H 5C 5S", "4H 5H 6H 7H", "AC 2C 3D KS", "9H TH 6H", "3C 4C 5C 6D 7H"]
    cli = cli_batch(bfc_score, ["--peg", "--noddy"], plays)
    for h, want in zip(plays, cli):
        assert bfc.score_peg(h, noddy=True).as_dict() == want, h


def test_scoring__famous_hands():
    s = bfc.score("5H 5C 5S JD", starter="5D")
    assert (s.total, s.fifteens, s.pairs, s.runs, s.flush, s.nobs) == (29, 16, 12, 0, 0, 1)
    assert s.narrate().endswith("twenty-nine")
    assert sum(i.points for i in s.items) == 29
    b = bfc.score_battlefield("4H 6C 5H 5S JK", "4S")
    assert (b.best, b.legal) == (24, [4])
    f = bfc.score_frontline("7S 7D 8C", "9H")
    assert (f.placer_points, f.combo, f.sum) == (10, "double run of 3", 31)


def test_scoring__any_lay_away_makes_every_slot_legal():
    b = bfc.score_battlefield("4H 6C 5H 5S JK", "4S", any_lay_away=True)
    assert b.legal == [0, 1, 2, 3, 4] and b.best == 24


def test_scoring__joker_kills_a_bfc_hand_rules_4_7():
    s = bfc.score("5H 5C 5S JK", starter="5D", kill_card=True)
    assert s.killed and s.total == 0 and s.items == [] and s.narrate()
    with pytest.raises(bfc.JokerError):
        bfc.score("5H 5C 5S JK", starter="5D")


def test_scoring__items_carry_cards_and_add_up():
    for text in ("5H 5C 5S JD 5D", "AH 2H 3H 4H 5H", "7C 8C 8D 9S 6H", "JC QC KC TC 5C"):
        cards = bfc.parse_cards(text)
        s = bfc.score(cards[:4], cards[4])
        assert sum(i.points for i in s.items) == s.total
        for i in s.items:
            assert set(i.cards) <= set(cards)
