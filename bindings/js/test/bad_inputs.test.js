// The table of bad inputs (tests/bad_inputs.json, shared with the Python
// package and the tools): each input is refused with the library's kind of
// error (BfcError.code), a message that names what was wrong and what was
// wanted (every fragment of the table in it), never a C macro, never a
// value echoed whole.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { load, BfcError } from '../index.js';

const table = JSON.parse(readFileSync(new URL('../../../tests/bad_inputs.json', import.meta.url), 'utf8'));
const cases = table.cases.filter((c) => (c.only ?? ['js']).includes('js'));
const bfc = await load();

const camel = (k) => k.replace(/_([a-z])/g, (_, c) => c.toUpperCase());

/** A value of the table as JavaScript (see the table's "about"). */
function value(v) {
  if (Array.isArray(v)) return v.map(value);
  if (v === null || typeof v !== 'object') return v;
  if ('$int' in v) return Number(v.$int);
  if ('$bigint' in v) return BigInt(v.$bigint);
  if ('$bytes' in v) return new TextEncoder().encode(v.$bytes);
  if ('$repeat' in v) return v.$repeat[0].repeat(v.$repeat[1]);
  if ('$concat' in v) return v.$concat.map(value).join('');
  return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, value(x)]));
}
const options = (o) => Object.fromEntries(Object.entries(o ?? {}).map(([k, v]) => [camel(k), v]));

const CALLS = {
  new_game: (a) => bfc.newGame(a.preset, options(a.options)),
  score: (a) => bfc.scoreShow(a.cards, a.starter, options(a.options)),
  parse_cards: (a) => bfc.parseCards(a.text, options(a.options)),
  advise_discard: (a) => bfc.adviseDiscard(a.cards, options(a.options)),
  card: (a) => bfc.cardId(a.value),
  apply: (a) => bfc.newGame(a.preset, { seed: a.seed }).apply(a.move),
  side_of: (a) => bfc.newGame(a.preset).sideOf(a.seat),
  observe: (a) => bfc.newGame(a.preset).observe(a.seat),
  determinize: (a) => bfc.newGame(a.preset).determinize(a.seat, a.seed),
  load_game: (a) => bfc.loadGame(a.text),
  bot: (a) => bfc.bot(a.name, options(a.options)),
  strerror: (a) => bfc.strerror(a.status),
};

test('every call of the table is known', () => {
  for (const c of table.cases) assert.ok(CALLS[c.call], c.call);
  assert.ok(cases.length >= 40);
});

for (const c of cases) {
  test(`bad input ${c.id}: refused with its kind and words`, () => {
    const args = value(c.args);
    if ('result' in c) {
      assert.equal(CALLS[c.call](args), c.result);
      return;
    }
    assert.throws(
      () => bfc.scope(() => CALLS[c.call](args)),
      (e) => {
        assert.ok(e instanceof BfcError, `${e.name}: ${e.message}`);
        assert.equal(e.code, c.kind, e.message);
        for (const f of c.message) assert.ok(e.message.toLowerCase().includes(f.toLowerCase()), `"${f}" not in "${e.message}"`);
        assert.ok(!e.message.includes('BFC_'), `a C macro: ${e.message}`);
        assert.ok(e.message.length <= table.max_message, `${e.message.length} characters`);
        return true;
      },
    );
  });
}
