// The JavaScript API's own promises: card input and output, errors as
// Error subclasses carrying the library's status and message, names from
// the library, narration, moves, rules and presets, bots.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  load,
  BfcError,
  BfcParseError,
  BfcRulesError,
  BfcLoadError,
  BfcIllegalMoveError,
  HIDDEN,
} from '../index.js';

const bfc = await load();

test('version', () => {
  assert.match(bfc.version, /^\d+\.\d+\.\d+$/);
  const [a, b, c] = bfc.version.split('.').map(Number);
  assert.equal(bfc.versionNumber, a * 10000 + b * 100 + c);
});

test('layout: dist/layout.js describes the structs of the library loaded (bfc_struct_size)', async () => {
  const { layout, cnames } = await import('../dist/layout.js');
  const m = bfc.module;
  const p = m._malloc(64);
  for (const [key, cname] of Object.entries(cnames)) {
    m.HEAPU8.set(new TextEncoder().encode(`${cname}\0`), p);
    const size = m._bfc_struct_size(p);
    assert.ok(size > 0, `the library knows ${cname}`);
    assert.equal(layout[key].size, size, cname);
  }
  m._free(p);
  // the fields of issue 16 are laid out
  for (const f of ['next_dealer', 'match', 'match_points']) assert.ok(layout.rules[f], `bfc_rules.${f}`);
  for (const f of ['owed', 'match', 'throws', 'limit_reached']) assert.ok(layout.observation[f], `bfc_observation.${f}`);
  assert.equal(layout.observation.match[2], 6);
});

test('cards: texts and ids both ways', () => {
  for (let id = 0; id <= 52; id++) {
    const text = bfc.cardText(id);
    assert.equal(bfc.cardId(text), id);
    assert.equal(bfc.cardId(bfc.cardText(id, { unicode: true })), id);
  }
  assert.equal(bfc.cardText('10d'), 'TD');
  assert.equal(bfc.cardText('J♠'), 'JS');
  assert.equal(bfc.cardText('5H', { unicode: true }), '5♥');
  assert.deepEqual(bfc.cardInfo('QH'), { id: 46, text: 'QH', rank: 12, suit: 2, value: 10 });
  assert.deepEqual(bfc.cardInfo('JK'), { id: 52, text: 'JK', rank: 0, suit: null, value: 0 });
  assert.deepEqual(bfc.parseCards('5H 5C 5S JD'), ['5H', '5C', '5S', 'JD']);
  assert.deepEqual(bfc.parseCards('7♠-7♦-8♣'), ['7S', '7D', '8C']);
  assert.deepEqual(bfc.parseCards('5h,10c', { ids: true }), [18, 36]);
  assert.deepEqual(bfc.parseCards(''), []);
});

test('cards: bad input throws BfcParseError with the token', () => {
  const bad = (text, opts, code, offset, length) =>
    assert.throws(
      () => bfc.parseCards(text, opts),
      (e) =>
        e instanceof BfcParseError &&
        e instanceof BfcError &&
        e instanceof Error &&
        e.code === code &&
        e.status < 0 &&
        e.offset === offset &&
        e.length === length &&
        e.message.startsWith(bfc.strerror(e.status)),
    );
  bad('5H ZZ', {}, 'EPARSE', 3, 2);
  bad('5H 5H', {}, 'EDUP', 3, 2);
  bad('5H JK', {}, 'EJOKER', 3, 2);
  bad('♥♥ 5X', {}, 'EPARSE', 0, 2); // offsets in string units, not UTF-8 bytes
  assert.deepEqual(bfc.parseCards('5H JK', { joker: true }), ['5H', 'JK']);
  assert.throws(() => bfc.cardId('nope'), BfcParseError);
  assert.throws(() => bfc.cardId(53), (e) => e.code === 'ECARD');
  assert.throws(() => bfc.cardId(1.5), (e) => e.code === 'ECARD');
  assert.throws(() => bfc.cardId({}), (e) => e.code === 'EINVAL');
  assert.throws(() => bfc.parseCards(5), (e) => e.code === 'EINVAL');
});

test('scoreShow: the 29 hand, breakdown, items, narration', () => {
  const s = bfc.scoreShow(['5H', '5C', '5S', 'JD'], '5D');
  assert.equal(s.total, 29);
  assert.equal(s.fifteens, 16);
  assert.equal(s.pairs, 12);
  assert.equal(s.nobs, 1);
  assert.equal(s.killed, false);
  assert.equal(s.items.reduce((a, it) => a + it.points, 0), 29);
  assert.ok(s.items.every((it) => typeof it.kind === 'string' && Array.isArray(it.cards)));
  const text = bfc.narrate(s);
  assert.match(text, /^fifteen two, .* and nobs is twenty-nine$/);
  assert.equal(bfc.narrate(s.items), text);
  assert.equal(bfc.narrate('5H 5C 5S JD', '5D'), text);
  assert.equal(bfc.narrate([18, 16, 19, 41], 17), text, 'ids as well as texts');
  assert.equal(bfc.narrate([]), bfc.narrate(bfc.scoreShow('2C 4D 6H 8S', 'KC')));
  // the same scores with ids and with a crib flag
  assert.equal(bfc.scoreShow([18, 16, 19, 41], 17).total, 29);
  const flush = bfc.scoreShow('2H 4H 8H TH', 'KS');
  const crib = bfc.scoreShow('2H 4H 8H TH', 'KS', { crib: true });
  assert.equal(flush.flush - crib.flush, flush.total - crib.total);
  // a BFC hand holding the joker is killed
  const killed = bfc.scoreShow('5H 5C 5S JK', '5D', { killCard: true });
  assert.equal(killed.killed, true);
  assert.equal(killed.total, 0);
  assert.deepEqual(killed.items, []);
});

test('scoreShow: bad hands throw BfcError with the status', () => {
  assert.throws(() => bfc.scoreShow('5H 5H 5S JD', '5D'), (e) => e.code === 'EDUP' && e.status === -3);
  assert.throws(() => bfc.scoreShow('5H 5C 5S JK', '5D'), (e) => e.code === 'EJOKER');
  assert.throws(() => bfc.scoreShow('5H 5C', '5D'), (e) => e.code === 'EINVAL');
  assert.throws(() => bfc.scoreShow(42, '5D'), (e) => e.code === 'EINVAL');
  assert.throws(() => bfc.scoreShow('5H 5C 5S JD', '5H'), (e) => e.code === 'EDUP');
  assert.throws(() => bfc.narrate([{ kind: 'no such', points: 1, cards: [] }]), (e) => e.code === 'EINVAL');
});

test('scoreAllStarters agrees with scoreShowTotal', () => {
  const hand = ['5H', '5C', '5S', 'JD'];
  const all = bfc.scoreAllStarters(hand);
  assert.equal(Object.keys(all).length, 48);
  for (const [card, pts] of Object.entries(all)) assert.equal(pts, bfc.scoreShowTotal(hand, card));
  assert.equal(all['5D'], 29);
});

test('battlefield, reserve, cease-fire, frontline, peg', () => {
  const b = bfc.scoreBattlefield('4H 6C 5H 5S JK', '4S');
  assert.equal(b.best, 24);
  assert.deepEqual(b.legal, [4]);
  assert.equal(b.byLayAway[4].total, 24);
  assert.equal(b.byLayAway[0].killed, true);
  assert.deepEqual(bfc.scoreBattlefield('4H 6C 5H 5S JK', '4S', { anyLayAway: true }).legal, [0, 1, 2, 3, 4]);
  const f = bfc.scoreFrontline('7S 7D 8C', '9H');
  assert.equal(f.placerPoints, 10);
  assert.equal(f.combo, 'double run of 3');
  assert.equal(f.sum, 31);
  const r = bfc.scoreFrontline(['KS', 'QD', 'JC'], 'TH');
  assert.equal(r.renewed, true);
  assert.equal(r.goPoint, 1);
  assert.equal(r.sum, 10);
  const turn = bfc.scoreFrontline('2H TH 9S', 'JC', { turnCard: true });
  assert.equal(turn.knobsDealer, 2);
  const p = bfc.scorePeg('5H 5C 5S');
  assert.equal(p.pairs, 6);
  assert.equal(p.count, 15);
  assert.equal(p.total, 8);
  assert.throws(() => bfc.scorePeg('KH QH JH 9H'), (e) => e.code === 'ECOUNT');
  assert.equal(bfc.scoreReserve('5H 5C 5S JD', '5D').total, 29);
  assert.equal(bfc.scoreCeasefire('5H 5C 5S JD 5D').total, 28, 'no knobs without a turn card');
  assert.throws(() => bfc.scoreBattlefield('4H 6C 5H 5S', '4S'), (e) => e.code === 'EINVAL');
});

test('presets and rules come from the library', () => {
  const names = bfc.presets.map((p) => p.name);
  assert.deepEqual(names, ['battlefield', 'classic', 'five-card', 'noddy', 'backward', 'solitaire', 'crib-wars', 'seven-card', 'captains']);
  assert.deepEqual(bfc.presets.map((p) => p.variant), ['battlefield', 'classic', 'five-card', 'noddy', 'classic', 'solitaire', 'classic', 'seven-card', 'classic']);
  const bf = bfc.preset('Battlefield');
  assert.equal(bf.title, 'Battlefield Cribbage');
  assert.ok(bf.players.includes(2));
  const r = bfc.rules('classic', { players: 3, target: 61, muggins: true });
  assert.equal(r.variant, 'classic');
  assert.equal(r.players, 3);
  assert.equal(r.target, 61);
  assert.equal(r.muggins, true);
  assert.equal(r.throws, 1);
  assert.equal(r.sides, 3);
  assert.ok(bfc.rules('crib-wars').board.length > 0);
});

test('bad rules throw BfcRulesError naming the field', () => {
  const bad = (preset, opts, re) =>
    assert.throws(
      () => bfc.newGame(preset, opts),
      (e) => e instanceof BfcRulesError && e.code === 'EINVAL' && re.test(e.problem) && e.message.includes(e.problem),
    );
  bad('battlefield', { target: 0 }, /^target/);
  bad('battlefield', { turnLimit: -1 }, /^turnLimit/);
  bad('classic', { muggins: true, players: 2, turnLimit: 5 }, /^turnLimit/);
  bad('no-such-game', {}, /unknown game/);
  bad('battlefield', { players: 7 }, /battlefield is played by/);
  bad('battlefield', { players: 2.5 }, /players/);
  bad('classic', { value: 'nonsense' }, /value/);
});

test('moves: objects, texts, ids', () => {
  const m = bfc.move('swap 3');
  assert.deepEqual({ ...m }, { id: 15, text: 'swap 3', kind: 'swap', slots: [3], cards: [], points: null });
  assert.equal(bfc.move(15), m, 'one frozen object per move');
  const d = bfc.parseMove('discard 5h 2c');
  assert.equal(d.text, 'discard 2C 5H');
  assert.deepEqual(d.cards, ['2C', '5H']);
  assert.equal(bfc.move('declare 12').points, 12);
  assert.throws(() => bfc.parseMove('fly away'), (e) => e instanceof BfcParseError && e.code === 'EPARSE');
  assert.throws(() => bfc.move(5000), (e) => e.code === 'EINVAL');
});

test('events carry the accessors\' fields and the library\'s text', () => {
  const g = bfc.newGame('battlefield', { seed: 4, firstDealer: 0 });
  assert.ok(g.startEvents.some((e) => e.type === 'deal' && e.dealt === 5));
  assert.ok(!g.startEvents.some((e) => e.type === 'cut'), 'no cut with a first dealer');
  const events = g.apply(g.legalMoves()[0]);
  const reveal = events.filter((e) => e.type === 'reveal');
  assert.equal(reveal.length, 2);
  for (const e of reveal) {
    assert.equal(typeof e.slot, 'number');
    assert.match(e.text, new RegExp(`^player ${e.seat + 1} turns slot ${e.slot} face up: ${e.card}$`));
  }
  g.free();
  // classic: a play event has its count, a score event its item and source
  const c = bfc.newGame('classic', { seed: 4 });
  const bot = bfc.bot('greedy', { seed: 1 });
  const all = [];
  while (!c.over && all.length < 400) all.push(...bot.play(c).events);
  const play = all.find((e) => e.type === 'play');
  assert.equal(typeof play.count, 'number');
  assert.equal(typeof play.crib, 'boolean');
  const score = all.find((e) => e.type === 'score');
  assert.equal(typeof score.source, 'string');
  assert.equal(score.item.points, score.points);
  const show = all.find((e) => e.type === 'show');
  assert.ok(show.cards.length >= 5);
  c.free();
});

test('game handles: freed games throw, loadGame refuses bad text', () => {
  const g = bfc.newGame('battlefield', { seed: 1 });
  g.free();
  assert.equal(g.freed, true);
  g.free(); // twice is fine
  assert.throws(() => g.legalMoves(), (e) => e instanceof BfcError && e.code === 'EINVAL');
  assert.throws(() => g.toMove, BfcError);
  assert.throws(() => bfc.loadGame('hello'), (e) => e instanceof BfcLoadError && e.code === 'EPARSE');
  const h = bfc.newGame('battlefield', { seed: 2 });
  const text = h.save();
  assert.throws(() => bfc.loadGame(text.replace(/^bfc-game [0-9]+/, 'bfc-game 99')), (e) => e.code === 'EVERSION');
  assert.throws(() => bfc.loadGame(42), (e) => e.code === 'EINVAL');
  // issue 38: the line at fault and what it must hold (bfc_game_load_report)
  const lines = text.split('\n');
  const k = lines.findIndex((l) => l.startsWith('score '));
  const bad = [...lines.slice(0, k), 'score x', ...lines.slice(k + 1)].join('\n');
  assert.throws(() => bfc.loadGame(bad), (e) => e instanceof BfcLoadError && e.code === 'EPARSE' &&
    e.message === `cannot parse: the saved game was refused: line ${k + 1}: the score line is not "score" and a score 0 to 30000 for each side`);
  assert.throws(() => bfc.loadGame(lines.slice(0, 3).join('\n') + '\n'), (e) => /: line 4: the save ends before this line: a line is missing$/.test(e.message));
  h.free();
  assert.throws(() => bfc.newGame('battlefield').apply('draw'), BfcIllegalMoveError, 'reveal first');
});

test('bots: named, seeded, deterministic', () => {
  assert.deepEqual(bfc.bots, ['random', 'greedy', 'ismcts']);
  assert.throws(() => bfc.bot('oracle'), (e) => e.code === 'EINVAL');
  const run = () => {
    const g = bfc.newGame('classic', { seed: 12 });
    const bots = [bfc.bot('random', { seed: 5 }), bfc.bot('greedy', { seed: 6 })];
    while (!g.over) bots[g.toMove].play(g);
    const t = g.save();
    g.free();
    return t;
  };
  assert.equal(run(), run());
  const over = bfc.newGame('battlefield', { seed: 1, target: 1 });
  while (!over.over) bfc.bot('greedy').play(over);
  assert.throws(() => bfc.bot('greedy').choose(over), (e) => e.code === 'EINVAL');
  over.free();
  const [v, s] = bfc.rngNext(1n);
  assert.equal(typeof v, 'bigint');
  assert.notEqual(s, 1n);
});

test('hidden cards in observations are "??"', () => {
  assert.equal(HIDDEN, '??');
  const g = bfc.newGame('battlefield', { seed: 3 });
  const bot = bfc.bot('greedy', { seed: 2 });
  bot.play(g); // reveal
  while (g.phase !== 'drawn') bot.play(g);
  const drawer = g.toMove;
  const other = (drawer + 1) % 2;
  assert.notEqual(g.observe(drawer).held, HIDDEN);
  assert.equal(g.observe(other).held, HIDDEN);
  g.free();
});

test('muggins: declare and claim moves, the observation names the count', () => {
  const g = bfc.newGame('classic', { muggins: true, seed: 8 });
  const bot = bfc.bot('greedy', { seed: 4 });
  let declared = 0;
  let claimed = 0;
  const counted = new Set();
  while (!g.over && (declared < 3 || claimed < 3 || counted.size < 3)) {
    const phase = g.phase;
    const o = g.observe(g.toMove);
    if (phase === 'declare') {
      assert.equal(o.declarer, g.toMove);
      assert.ok(['hand', 'crib', 'play'].includes(o.counting));
      assert.ok(o.counting === 'play' || !o.owed, 'owed: a go or last card, only in the play');
      counted.add(o.counting);
      const moves = g.legalMoves();
      assert.ok(moves.every((m) => m.kind === 'declare' && m.points === Number(m.text.split(' ')[1])));
      declared++;
    } else if (phase === 'claim') {
      assert.ok(o.declared !== null);
      assert.deepEqual(g.legalMoves().map((m) => m.text), ['claim', 'pass']);
      claimed++;
    } else {
      assert.equal(o.counting, null);
    }
    bot.play(g);
  }
  assert.ok(declared >= 3 && claimed >= 3);
  assert.deepEqual([...counted].sort(), ['crib', 'hand', 'play'], 'hands, cribs and the play are declared (D12)');
  g.free();
});
