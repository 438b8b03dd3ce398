// The stronger computer opponent of issue 27 through the JavaScript API:
// winChance, determinizeBelief, the crib models and the advice valued in
// wins, the observation's goRoom, the search bot's new options and
// analysis (worlds, solver, belief; value, points, sameAs), and decisions
// in steps that an AbortSignal stops (chooseAsync, analyzeAsync). No test
// waits on the clock: an abort is made from the first step's progress.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load, BfcError } from '../index.js';

const bfc = await load();
const QUICK = process.env.BFC_TEST_QUICK === '1';
const close = (a, b, eps = 1e-12) => assert.ok(Math.abs(a - b) <= eps, `${a} != ${b}`);
const ENDLESS = 2 ** 32 - 1; // an iteration budget only a stop ends

/** A Battlefield game past its first reveals (which are alike: no search). */
function battlefield(seed) {
  const g = bfc.newGame('battlefield', { seed });
  while (g.phase === 'reveal') g.apply(g.legalMoves()[0]);
  return g;
}

/** A two-player classic game after both discards (greedy throws). */
function classicPlay(seed) {
  const g = bfc.newGame('classic', { seed });
  const greedy = bfc.bot('greedy', { seed });
  while (g.phase === 'discard') g.apply(greedy.choose(g));
  greedy.free();
  return g;
}

// -- the chance of winning by score ---------------------------------------------------

test('winChance: a table for two-player classic, the approximation elsewhere', () => {
  const { chances, table } = bfc.winChance('classic', [100, 110], 0);
  assert.equal(table, true);
  assert.equal(chances.length, 2);
  close(chances[0] + chances[1], 1);
  assert.ok(chances[0] > 0 && chances[0] < chances[1]); // 21 to go against 11
  const g = bfc.newGame('classic', { seed: 1 });
  assert.deepEqual(bfc.winChance(g, [100, 110], 0), bfc.winChance('classic', [100, 110], 0));
  assert.notDeepEqual(bfc.winChance(g, [100, 110], 1).chances, chances); // who deals matters
  g.free();
  assert.deepEqual(bfc.winChance('classic', [121, 40], 1), { chances: [1, 0], table: true });
  const three = bfc.winChance('classic', [60, 100, 60], 2, { players: 3 });
  assert.equal(three.table, false);
  assert.equal(three.chances.length, 3);
  close(three.chances.reduce((a, b) => a + b), 1);
  assert.equal(Math.max(...three.chances), three.chances[1]);
  assert.equal(bfc.winChance('classic', [0, 0], 0, { players: 4, teams: true }).chances.length, 2);
});

test('winChance: bad input refused, naming it', () => {
  const bad = [
    [['classic', [1, 2, 3], 0], /scores: want 2 scores/],
    [['classic', [1, -1], 0], /scores\[1\]: want a score 0..10000/],
    [['classic', [1, 2.5], 0], /scores\[1\]/],
    [['classic', [1, 2], 2], /dealer: want a side 0..1/],
    [['classic', '1 2', 0], /scores: want an array/],
    [[42, [1, 2], 0], /winChance: want a Game or a preset's name/],
    [['solitaire', [1], 0], /played alone/],
    [['classic', [1, 2], 0, { plyers: 3 }], /unknown option "plyers"/],
  ];
  for (const [args, words] of bad) assert.throws(() => bfc.winChance(...args), (e) => e instanceof BfcError && words.test(e.message), String(words));
});

// -- the belief and the goes -------------------------------------------------------------

test('determinizeBelief: the seat sees the same game, the other cards are unseen ones, a go holds', () => {
  let goes = 0;
  for (let seed = 0; seed < (QUICK ? 6 : 30); seed++) {
    const g = classicPlay(seed);
    const bots = [bfc.bot('greedy', { seed: 1 }), bfc.bot('greedy', { seed: 2 })];
    while (!g.over && g.phase === 'play') {
      const seat = g.toMove;
      const other = 1 - seat;
      const view = JSON.stringify(g.observe(seat), (k, v) => (typeof v === 'bigint' ? String(v) : v));
      const unseen = new Set(g.unseen(seat));
      const room = g.observe(seat).goRoom[other];
      for (let k = 0; k < 3; k++) {
        const w = g.copy().determinizeBelief(seat, k);
        assert.equal(JSON.stringify(w.observe(seat), (key, v) => (typeof v === 'bigint' ? String(v) : v)), view);
        const theirs = w.observe(other);
        for (const c of [...theirs.hand, ...theirs.thrown]) assert.ok(unseen.has(c), `${c} was seen`);
        if (room) {
          goes++;
          for (const c of theirs.hand) assert.ok(bfc.cardInfo(c).value > room, `${c} fits the go at room ${room}`);
        }
        assert.equal(w.save(), g.copy().determinizeBelief(seat, k).save()); // the seed decides
        w.free();
      }
      g.apply(bots[seat].choose(g));
    }
    g.free();
  }
  assert.ok(goes > 0);
  const g = bfc.newGame('classic', { seed: 1 });
  assert.throws(() => g.determinizeBelief(2, 1), /seat: want a seat 0..1/);
  assert.throws(() => g.determinizeBelief(0, -1), /seed/);
  while (!g.over) g.apply(g.legalMoves()[0]);
  assert.throws(() => g.determinizeBelief(0, 1), /determinizeBelief: the game is over/);
  g.free();
});

test('goRoom: the most room each seat said go at this deal, the same for every observer', () => {
  const g = bfc.newGame('classic', { seed: 5 });
  const bots = [bfc.bot('greedy', { seed: 1 }), bfc.bot('random', { seed: 2 })];
  let want = [0, 0];
  let goes = 0;
  while (!g.over) {
    let count = g.observe(g.toMove).count;
    for (const e of g.apply(bots[g.toMove].choose(g))) {
      if (e.type === 'play') count = e.count;
      else if (e.type === 'go') {
        want[e.seat] = Math.max(want[e.seat], 31 - count);
        goes++;
      } else if (e.type === 'deal') want = [0, 0];
    }
    if (g.over) break;
    assert.deepEqual(g.observe(0).goRoom, want);
    assert.deepEqual(g.observe(1).goRoom, want);
  }
  assert.ok(goes > 0);
  g.free();
  const b = bfc.newGame('battlefield', { seed: 1 });
  assert.deepEqual(b.observe(0).goRoom, [0, 0]);
  b.free();
});

// -- the crib models and the advice in wins ----------------------------------------------

test('adviseDiscard: crib models by name, advice valued in wins', () => {
  const hand = '5H 5C JD 6S 7S 9H';
  const uniform = bfc.adviseDiscard(hand, { role: 'pone' });
  assert.deepEqual(uniform, bfc.adviseDiscard(hand, { role: 'pone', crib: 'uniform' }));
  assert.deepEqual(uniform, bfc.adviseDiscard(hand, { role: 'pone', model: 'uniform' }));
  const played = bfc.adviseDiscard(hand, { role: 'pone', crib: 'played' });
  assert.ok(played.every((o) => o.win === null));
  const byMove = new Map(uniform.map((o) => [o.move.id, o]));
  assert.ok(played.some((o) => Math.abs(o.cribEv - byMove.get(o.move.id).cribEv) > 1e-6));
  for (const o of played) close(o.handEv, byMove.get(o.move.id).handEv);
  assert.throws(() => bfc.adviseDiscard(hand, { crib: 'smart' }), /crib: want one of 'uniform', 'played'/);
  assert.throws(() => bfc.adviseDiscard('5H 5C JD 6S 7S', { crib: 'played', players: 3 }), /played model is for two-player classic/);
  assert.throws(() => bfc.adviseDiscard(hand, { crib: 'played', model: 'uniform' }), /give the crib model once/);

  const g = bfc.newGame('classic', { seed: 11 });
  const wins = g.adviseDiscard({ crib: 'played', win: true });
  assert.equal(wins.length, 15);
  assert.ok(wins.every((o) => o.win !== null && o.win >= 0 && o.win <= 1));
  // best first (chances within 1e-4 count as equal: then the points decide)
  for (let i = 1; i < wins.length; i++) assert.ok(wins[i - 1].win >= wins[i].win - 1e-4);
  const points = new Map(g.adviseDiscard({ crib: 'played' }).map((o) => [o.move.id, o]));
  for (const o of wins) close(o.totalEv, points.get(o.move.id).totalEv);
  assert.throws(() => g.adviseDiscard({ win: 'yes' }), /win: want true or false/);
  g.free();
  const three = bfc.newGame('classic', { players: 3, seed: 1 });
  assert.throws(() => three.adviseDiscard({ win: true }), /win needs a table/);
  three.free();
});

test('adviseDiscard: seven-card, 21 discards of 7 cards, five kept (issue 38)', () => {
  const hand = ['2C', '6H', '9C', 'TC', 'TS', 'KD', 'KH'];
  const opts = bfc.adviseDiscard(hand.join(' '), { preset: 'seven-card' });
  assert.equal(opts.length, 21);
  assert.equal(new Set(opts.map((o) => o.move.id)).size, 21);
  assert.ok(opts.every((o) => o.keep.length === 5 && o.discard.length === 2));
  for (let i = 1; i < opts.length; i++) assert.ok(opts[i - 1].totalEv >= opts[i].totalEv);
  const best = opts[0];
  assert.deepEqual(best.discard, ['KD', 'KH']);
  // the kept five's six-card show over the 45 unseen starters, one by one
  const ranks = 'A23456789TJQK', suits = 'CDHS';
  let sum = 0, n = 0;
  for (const r of ranks)
    for (const s of suits)
      if (!hand.includes(r + s)) {
        sum += bfc.scoreShow(best.keep, r + s).total;
        n++;
      }
  assert.equal(n, 45);
  close(best.handEv, sum / n);
  assert.throws(() => bfc.adviseDiscard(hand.join(' '), { preset: 'seven-card', crib: 'played' }), /played model is for two-player classic/);
  assert.throws(() => bfc.adviseDiscard(hand.slice(0, 6).join(' '), { preset: 'seven-card' }), /want the 7 cards dealt to you \(got 6\)/);
  const g = bfc.newGame('seven-card', { seed: 4 });
  assert.equal(g.adviseDiscard().length, 21);
  assert.throws(() => g.adviseDiscard({ win: true }), /win needs a table.*seven-card/);
  g.free();
});

// -- the search bot: options and analysis -------------------------------------------------

test('ismcts: worlds, solver and belief reach the library; levels are its budgets', () => {
  const b = bfc.bot('ismcts', { iterations: 100, worlds: 30, solver: false, belief: false, exactDiscard: false });
  const c = b.config;
  assert.deepEqual([c.iterations, c.worlds, c.solver, c.belief, c.exactDiscard], [100, 30, false, false, false]);
  b.free();
  const d = bfc.bot('ismcts').config;
  assert.ok(d.solver && d.belief && d.exactDiscard);
  assert.throws(() => bfc.bot('ismcts', { worlds: 100001 }), BfcError); // the library's bound
  assert.throws(() => bfc.bot('ismcts', { worlds: -1 }), /worlds: want an integer/);
  assert.throws(() => bfc.bot('ismcts', { solver: 'no' }), /solver: want true or false/);
  assert.throws(() => bfc.bot('ismcts', { wrolds: 3 }), /did you mean "worlds"/);
});

test('ismcts: the analysis has value (null when not valued), points and sameAs', () => {
  // Battlefield's first reveal: every pair alike, nothing weighed
  const first = bfc.newGame('battlefield', { seed: 3 });
  const bot = bfc.bot('ismcts', { level: 'easy', seed: 1 });
  const reveal = bot.analyze(first);
  assert.equal(reveal.length, 10);
  assert.ok(reveal.every((s) => s.sameAs.id === reveal[0].move.id && s.value === null && s.points === null));
  first.free();
  // a classic discard: every discard valued from the advice in wins
  const d = bfc.newGame('classic', { seed: 11 });
  const advice = new Map(d.adviseDiscard({ crib: 'played', win: true }).map((o) => [o.move.id, o]));
  const stats = bot.analyze(d);
  assert.equal(stats.length, 15);
  for (const s of stats) {
    close(s.value, advice.get(s.move.id).win);
    close(s.points, advice.get(s.move.id).totalEv);
  }
  d.free();
  // the classic play: cards of one rank alike, carrying the same figures
  let alike = 0;
  for (let seed = 0; seed < (QUICK ? 15 : 40); seed++) {
    const g = classicPlay(seed);
    const st = bot.analyze(g);
    const byId = new Map(st.map((s) => [s.move.id, s]));
    for (const s of st) {
      const rep = byId.get(s.sameAs.id);
      assert.equal(rep.sameAs.id, rep.move.id);
      assert.equal(s.points, null);
      if (s.sameAs.id !== s.move.id) {
        alike++;
        assert.equal(bfc.cardInfo(s.move.cards[0]).rank, bfc.cardInfo(rep.move.cards[0]).rank);
        assert.deepEqual([s.value, s.visits], [rep.value, rep.visits]);
        assert.ok(st.indexOf(rep) < st.indexOf(s));
      }
    }
    g.free();
  }
  assert.ok(alike > 0);
  bot.free();
});

// -- decisions in steps, stopped by a signal ----------------------------------------------

test('chooseAsync and analyzeAsync decide as choose() and analyze() with the same seed', async () => {
  for (const [g, level] of [[battlefield(9), 'medium'], [classicPlay(9), 'easy']]) {
    for (let k = 0; k < (QUICK ? 2 : 5) && !g.over; k++) {
      const a = bfc.bot('ismcts', { level, seed: 7 });
      const b = bfc.bot('ismcts', { level, seed: 7 });
      const steps = [];
      const move = await a.chooseAsync(g, { onProgress: (units) => steps.push(units) });
      assert.equal(move.id, b.choose(g).id);
      assert.ok(steps.length > 0);
      assert.deepEqual(steps, [...steps].sort((x, y) => x - y));
      assert.deepEqual(await a.analyzeAsync(g), b.analyze(g));
      a.free();
      b.free();
      g.apply(move);
    }
    g.free();
  }
});

test('chooseAsync rejects with an AbortError when its signal aborts after the first step; the bot goes on', async () => {
  const g = battlefield(3);
  const bot = bfc.bot('ismcts', { iterations: ENDLESS, seed: 1 });
  const ac = new AbortController();
  const seen = [];
  const running = bot.chooseAsync(g, {
    signal: ac.signal,
    onProgress: (units) => {
      seen.push(units);
      if (seen.length === 1) ac.abort();
    },
  });
  // while it runs, the bot's other decisions are refused; the game is free
  assert.throws(() => bot.choose(g), /a decision is running/);
  assert.throws(() => bot.seed(3), /a decision is running/);
  await assert.rejects(running, (e) => e.name === 'AbortError');
  assert.deepEqual(seen, [1]); // one step of one iteration, then the stop
  // the bot is usable again: a decision with one candidate, a classic discard
  const first = bfc.newGame('battlefield', { seed: 4 });
  assert.ok(first.legalMoves().some((m) => m.id === bot.choose(first).id));
  const c = bfc.newGame('classic', { seed: 8 });
  assert.equal((await bot.chooseAsync(c)).id, c.adviseDiscard({ crib: 'played', win: true })[0].move.id);
  // an aborted signal: rejected at once, no search; a reason of one's own
  await assert.rejects(bot.chooseAsync(g, { signal: AbortSignal.abort() }), (e) => e.name === 'AbortError');
  const mine = new Error('mine');
  const ac2 = new AbortController();
  await assert.rejects(bot.analyzeAsync(g, { signal: ac2.signal, onProgress: () => ac2.abort(mine) }), (e) => e === mine);
  for (const x of [first, c, g]) x.free();
  bot.free();
});

test('chooseAsync: the game may change or be freed, the bot freed, meanwhile; bad options refused', async () => {
  const g = battlefield(3);
  const saved = g.save();
  const bot = bfc.bot('ismcts', { iterations: ENDLESS, seed: 1 });
  const ac = new AbortController();
  let n = 0;
  const running = bot.chooseAsync(g, {
    signal: ac.signal,
    onProgress: () => {
      n++;
      if (n === 1) {
        g.apply(g.legalMoves()[0]); // the search has its own copy
        g.free();
      }
      if (n === 3) ac.abort();
    },
  });
  await assert.rejects(running, (e) => e.name === 'AbortError');
  // a bot freed while it decides: the decision rejects, nothing is read freed
  const h = bfc.loadGame(saved);
  const doomed = bfc.bot('ismcts', { iterations: ENDLESS, seed: 1 });
  const live = bfc.live;
  const p = doomed.chooseAsync(h, { onProgress: () => doomed.free() });
  await assert.rejects(p, /the search bot was freed during the decision/);
  // its C object is gone: no more live than before it (a bot holds its C
  // bot from its first decision, issue 39; the await above lets the
  // FinalizationRegistry free games other tests dropped, never add any)
  assert.ok(bfc.live <= live, `live ${bfc.live}, was ${live}`);
  assert.throws(() => doomed.choose(h), /freed/);
  await assert.rejects(bot.chooseAsync(h, { signal: 'stop' }), /signal: want an AbortSignal/);
  await assert.rejects(bot.chooseAsync(h, { onProgress: 3 }), /onProgress: want a function/);
  await assert.rejects(bot.chooseAsync(h, { sigal: 1 }), /did you mean "signal"/);
  h.free();
  bot.free();
});
