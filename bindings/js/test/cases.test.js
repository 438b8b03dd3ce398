// The sample cases (tests/cases, written by tests/gen_cases.c and checked
// there against tests/brute.c; BFC_CASES names another folder, such as
// ../shared/cases) through the JavaScript API. Items are compared as the
// project's checker compares them: points and cards, in any order.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { load } from '../index.js';

const bfc = await load();
const dir = process.env.BFC_CASES
  ? process.env.BFC_CASES
  : fileURLToPath(new URL('../../../tests/cases/', import.meta.url));

function cases(name) {
  const path = `${dir}/${name}`;
  if (!existsSync(path)) return null;
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l));
}

// the reference writes a play's three or four of a kind as "pairs"
const KIND_ALIAS = { pairs: 'pair' };

function itemKey(it) {
  return `${KIND_ALIAS[it.kind] ?? it.kind}:${it.points}:${[...it.cards].sort().join(' ')}`;
}

function sameItems(got, want, what) {
  assert.deepEqual(got.map(itemKey).sort(), want.map(itemKey).sort(), `${what}: items`);
}

function sameScore(got, want, what) {
  for (const k of ['total', 'fifteens', 'pairs', 'runs', 'flush', 'nobs', 'killed'])
    assert.equal(got[k], want[k], `${what}: ${k}`);
  sameItems(got.items, want.items, what);
  // the narration ends in the total, as players say it
  assert.match(bfc.narrate(got), /\S/, `${what}: narration`);
}

function suite(file, run) {
  const list = cases(file);
  test(`sample cases: ${file}`, async (t) => {
    assert.ok(list, `no ${dir}/${file}`);
    assert.ok(list.length > 0, 'the file holds cases');
    for (const c of list) await t.test(c.id, () => run(c));
  });
}

suite('classic_show.jsonl', (c) => {
  const got = bfc.scoreShow(c.hand, c.starter, { crib: c.crib });
  sameScore(got, c.expected, c.id);
  // the fast path agrees with the itemised one
  assert.equal(bfc.scoreShowTotal(c.hand, c.starter, { crib: c.crib }), c.expected.total);
});

suite('battlefield.jsonl', (c) => {
  const e = c.expected;
  if (c.kind === 'reserve') {
    sameScore(bfc.scoreReserve(c.reserve, c.turn), e, c.id);
  } else if (c.kind === 'ceasefire') {
    sameScore(bfc.scoreCeasefire(c.formation), e, c.id);
  } else {
    const got = bfc.scoreBattlefield(c.formation, c.turn);
    assert.equal(got.best, e.best, `${c.id}: best`);
    assert.deepEqual(got.legal, [...e.legal_lay_away].sort((a, b) => a - b), `${c.id}: legal lay-aways`);
    assert.equal(got.byLayAway.length, 5);
    got.byLayAway.forEach((s, i) => sameScore(s, e.by_lay_away[i], `${c.id} lay away ${i}`));
  }
});

suite('frontline.jsonl', (c) => {
  const e = c.expected;
  const got = bfc.scoreFrontline(c.frontline_before, c.card, { turnCard: c.is_turn_card });
  assert.equal(got.renewed, e.renewed, 'renewed');
  for (const [k, js] of [
    ['sum', 'sum'],
    ['fifteen_31', 'fifteen31'],
    ['last_card', 'lastCard'],
    ['placer_points', 'placerPoints'],
    ['go_point', 'goPoint'],
    ['knobs_dealer', 'knobsDealer'],
  ])
    assert.equal(got[js], e[k], `${c.id}: ${k}`);
  if (e.combination === null) {
    assert.equal(got.combo, null);
    assert.equal(got.combination, 0);
  } else {
    assert.equal(got.combo, e.combination.name);
    assert.equal(got.combination, e.combination.points);
    assert.equal(got.comboCards, e.combination.k);
    const item = got.items.find((it) => it.kind === 'combination');
    assert.ok(item, 'a combination item');
    assert.deepEqual([...item.cards].sort(), [...e.combination.cards].sort());
    assert.equal(item.combo, e.combination.name);
  }
  // the items add up to what the placement gives out
  const sum = got.items.reduce((a, it) => a + it.points, 0);
  assert.equal(sum, got.placerPoints + got.goPoint + got.knobsDealer);
});

suite('classic_peg.jsonl', (c) => {
  const e = c.expected;
  const got = bfc.scorePeg(c.sequence);
  for (const [k, js] of [
    ['count', 'count'],
    ['fifteen_31', 'fifteen31'],
    ['pairs', 'pairs'],
    ['runs', 'runs'],
    ['total', 'total'],
  ])
    assert.equal(got[js], e[k], `${c.id}: ${k}`);
  sameItems(got.items, e.items, c.id);
});
