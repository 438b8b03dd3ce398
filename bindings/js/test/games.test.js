// Whole games of every preset and player count through the JavaScript API,
// with the engine's promises checked from outside: the events add up to
// the scores, observations agree with the game, save/load round-trips, a
// game is determined by its seed and moves, and an illegal move changes
// nothing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load, BfcIllegalMoveError, BfcError } from '../index.js';

const bfc = await load();
const QUICK = process.env.BFC_TEST_QUICK === '1';

// every (preset, players, teams) the presets list
function setups() {
  const out = [];
  for (const p of bfc.presets) {
    for (const n of p.players) {
      const teams = p.needTeams.includes(n);
      out.push({ preset: p.name, players: n, teams });
      if (!teams && p.teams.includes(n)) out.push({ preset: p.name, players: n, teams: true });
    }
  }
  return out;
}

// Plays a game to its end with bots; checks each move; returns the moves.
function playOut(g, bots, { onMove } = {}) {
  const sides = g.sides;
  const last = Array(sides).fill(0); // the score each side's latest event says
  const moves = [];
  for (const e of g.startEvents) if (e.type === 'score' || e.type === 'board') last[e.side] = e.score;
  for (let guard = 0; !g.over; guard++) {
    assert.ok(guard < 20000, 'the game ends');
    const seat = g.toMove;
    assert.ok(seat !== null && seat >= 0 && seat < g.players);
    const legal = g.legalMoves();
    assert.ok(legal.length > 0, 'moves until the game is over');
    const obs = g.observe(seat);
    assert.equal(obs.toMove, seat);
    assert.equal(obs.phase, g.phase);
    assert.deepEqual(obs.scores, g.scores);
    const move = bots[seat % bots.length].choose(g);
    assert.ok(legal.some((m) => m.id === move.id), `the bot's move ${move.text} is legal`);
    const events = g.apply(move);
    moves.push(move.id);
    for (const e of events) {
      assert.equal(typeof e.text, 'string');
      assert.ok(e.text.length > 0);
      if (e.type === 'score') {
        assert.ok(e.points > 0 && e.item.points === e.points, 'a score event pegs its item');
        last[e.side] = e.score;
      } else if (e.type === 'board') {
        last[e.side] = e.score;
      }
    }
    if (onMove) onMove(g, move, events);
  }
  assert.deepEqual(g.scores, last, 'the events end on the scores');
  assert.equal(g.toMove, null);
  assert.deepEqual(g.legalMoves(), []);
  assert.equal(g.phase, 'over');
  return moves;
}

// The target a side plays to: captain's cribbage (RULES 3.10) puts the
// captain (side 0) to half the target, rounded up (61 of 121), against
// the team to the whole target; every other game, the same for all.
function targetOf(rules, side) {
  return rules.captain && side === 0 ? Math.ceil(rules.target / 2) : rules.target;
}

// A finished game's result as RULES says it: the first side to reach its
// target ends the game at once (RULES 4.8, 3.1), so exactly one side is
// there. It wins; in backward cribbage (RULES 3.7) it loses, and the
// winner is the lowest score (the first from the loser's left on a tie).
function checkResult(g) {
  const rules = g.rules;
  const scores = g.scores;
  const there = scores.map((x, side) => x >= targetOf(rules, side));
  assert.equal(there.filter(Boolean).length, 1, `one side reached its target: ${scores} (to ${rules.target})`);
  assert.ok(g.winner !== null && g.winner < g.sides, 'a winner');
  assert.ok(g.value >= 1);
  if (!rules.backward) {
    assert.ok(there[g.winner], 'the winner reached its own target');
  } else {
    assert.ok(!there[g.winner], 'backward: the side that reached the target lost');
    assert.equal(scores[g.winner], Math.min(...scores.filter((_, side) => !there[side])));
  }
  const values = g.values;
  assert.equal(values.length, g.sides);
  assert.equal(values[g.winner], 0, 'the winner loses nothing');
  assert.equal(values.reduce((a, b) => a + b, 0), g.value, 'RULES 5: the winner takes each loser\'s value');
}

for (const s of setups()) {
  const name = `${s.preset}, ${s.players} players${s.teams ? ' in teams' : ''}`;
  test(`whole games: ${name}`, () => {
    const games = QUICK ? 1 : 3;
    for (let i = 0; i < games; i++) {
      const g = bfc.newGame(s.preset, { players: s.players, teams: s.teams, seed: 1000 + i });
      assert.equal(g.rules.players, s.players);
      assert.equal(g.rules.teams, s.teams);
      const bots = Array.from({ length: s.players }, (_, k) =>
        bfc.bot(k % 2 === 0 ? 'greedy' : 'random', { seed: 7 + k + i }),
      );
      playOut(g, bots);
      if (s.preset !== 'solitaire') checkResult(g);
      g.free();
    }
  });
}

test('save and load at every move give the same game', () => {
  for (const preset of ['battlefield', 'classic', 'crib-wars', 'noddy']) {
    const g = bfc.newGame(preset, { seed: 42, target: preset === 'noddy' ? 31 : 61 });
    const bots = [bfc.bot('greedy', { seed: 1 }), bfc.bot('greedy', { seed: 2 })];
    let checked = 0;
    playOut(g, bots, {
      onMove(game) {
        if (QUICK && checked > 20) return;
        const text = game.save();
        assert.match(text, /^bfc-game \d+\n/);
        const back = bfc.loadGame(text);
        assert.equal(back.save(), text, 'save, load, save: the same text');
        assert.deepEqual(back.scores, game.scores);
        assert.deepEqual(
          back.legalMoves().map((m) => m.id),
          game.legalMoves().map((m) => m.id),
        );
        if (!game.over) {
          // the loaded game goes on exactly as the original does
          const m = game.legalMoves()[0];
          const a = game.copy();
          assert.deepEqual(back.apply(m), a.apply(m));
          assert.equal(back.save(), a.save());
          a.free();
        }
        back.free();
        checked++;
      },
    });
    g.free();
  }
});

test('a game is determined by its seed and its moves', () => {
  const a = bfc.newGame('battlefield', { seed: 7n });
  const bots = [bfc.bot('random', { seed: 3 }), bfc.bot('random', { seed: 4 })];
  const moves = playOut(a, bots);
  const b = bfc.newGame('battlefield', { seed: 7 });
  assert.deepEqual(b.startEvents, a.startEvents);
  for (const m of moves) b.apply(m);
  assert.equal(b.save(), a.save());
  const c = bfc.newGame('battlefield', { seed: 8 });
  assert.notEqual(c.save(), bfc.newGame('battlefield', { seed: 7 }).save(), 'another seed, another deal');
  for (const x of [a, b, c]) x.free();
});

test('copy() is independent of its original', () => {
  const g = bfc.newGame('classic', { seed: 5 });
  const c = g.copy();
  assert.equal(c.save(), g.save());
  const bot = bfc.bot('greedy', { seed: 9 });
  bot.play(c);
  assert.notEqual(c.save(), g.save());
  // copyInto brings it back without allocating
  g.copyInto(c);
  assert.equal(c.save(), g.save());
  const other = bfc.newGame('battlefield', { seed: 5 });
  assert.throws(() => g.copyInto(other), BfcError);
  for (const x of [g, c, other]) x.free();
});

test('an illegal move throws and changes nothing', () => {
  const g = bfc.newGame('battlefield', { seed: 11 });
  const before = g.save();
  const legal = new Set(g.legalMoves().map((m) => m.id));
  let tried = 0;
  for (let id = 0; id < 1492; id++) {
    if (legal.has(id)) continue;
    assert.throws(
      () => g.apply(id),
      (e) => e instanceof BfcIllegalMoveError && e.status === -8 && e.code === 'EILLEGAL' && e.move.id === id,
    );
    tried++;
  }
  assert.ok(tried > 1400);
  assert.equal(g.save(), before);
  // moves by text and by object work the same as by id
  const first = g.legalMoves()[0];
  const byText = g.copy();
  assert.deepEqual(byText.apply(first.text), g.copy().apply(first));
  byText.free();
  g.free();
});

test('match play: next() deals the next game', () => {
  const g = bfc.newGame('battlefield', { seed: 3, target: 31 });
  playOut(g, [bfc.bot('greedy', { seed: 1 }), bfc.bot('greedy', { seed: 2 })]);
  const winningSeat = g.winningSeat;
  const events = g.next();
  assert.equal(g.over, false);
  assert.deepEqual(g.scores, [0, 0]);
  const deal = events.find((e) => e.type === 'deal');
  assert.ok(deal, 'a deal event');
  assert.equal(deal.seat, winningSeat, 'the winner of the point deals (RULES 4.2)');
  assert.throws(() => g.next(), BfcError, 'next() while a game goes on');
  g.free();
});

test('observations hide what a seat may not see', () => {
  const g = bfc.newGame('classic', { seed: 21 });
  const o0 = g.observe(0);
  const o1 = g.observe(1);
  assert.equal(o0.hand.length, 6);
  assert.equal(o1.hand.length, 6);
  assert.equal(o0.hand.filter((c) => o1.hand.includes(c)).length, 0);
  // another seat's legal moves depend on its hidden hand
  const other = g.toMove === 0 ? 1 : 0;
  assert.throws(() => g.legalMovesFor(other), (e) => e.code === 'EHIDDEN');
  assert.deepEqual(g.legalMovesFor(g.toMove), g.legalMoves());
  assert.match(g.observationText(0), /\S/);
  // determinize keeps the observation of the seat
  const d = g.copy().determinize(0, 99);
  assert.deepEqual(d.observe(0), o0);
  d.free();
  const b = bfc.newGame('battlefield', { seed: 21 });
  const ob = b.observe(0);
  assert.equal(ob.formations.length, 2);
  assert.ok(ob.formations.every((f) => f.length === 5 && f.every((c) => c === '??')), 'all face down at the start');
  assert.ok(ob.pile > 0);
  assert.equal(ob.frontline.cards.length, 1);
  b.free();
  g.free();
});
