// The search bot (bot('ismcts')) and the exact advice (adviseDiscard,
// game.adviseDiscard, adviseFormation) through the JavaScript API: advice
// against a brute force written here from scoreShowTotal, the search
// deterministic for a seed and legal, explained by its analysis, freed by
// free() and by the FinalizationRegistry, bad input refused.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { load, BfcError, SearchBot, HIDDEN } from '../index.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc');
const bfc = await load();
const QUICK = process.env.BFC_TEST_QUICK === '1';
const DECK = Array.from({ length: 52 }, (_, c) => bfc.cardText(c));
const close = (a, b, eps = 1e-12) => assert.ok(Math.abs(a - b) <= eps, `${a} != ${b}`);

const HANDS = ['5H 5C JD 6S 7S 9H', 'AS 2D 3C KH QS TD', '4H 4S 5D 6C JH 8S'];

test('adviseDiscard: hand_ev is the brute-force mean over the 46 starters, total = hand +/- crib', () => {
  for (const text of HANDS) {
    const hand = bfc.parseCards(text);
    const unseen = DECK.filter((c) => !hand.includes(c));
    assert.equal(unseen.length, 46);
    for (const [role, sign] of [['dealer', 1], ['pone', -1]]) {
      const opts = bfc.adviseDiscard(hand, { role });
      assert.equal(opts.length, 15);
      assert.equal(new Set(opts.map((o) => o.discard.join())).size, 15);
      for (const o of opts) {
        assert.deepEqual([...o.keep, ...o.discard].sort(), [...hand].sort());
        assert.deepEqual(o.move.cards.slice().sort(), o.discard.slice().sort());
        let sum = 0;
        for (const s of unseen) sum += bfc.scoreShowTotal(o.keep, s);
        close(o.handEv, sum / 46);
        close(o.totalEv, o.handEv + sign * o.cribEv);
      }
      for (let i = 1; i < opts.length; i++) assert.ok(opts[i - 1].totalEv >= opts[i].totalEv);
    }
  }
});

test('adviseDiscard: crib_ev is the brute-force uniform crib (45,540 cribs)', () => {
  const hand = bfc.parseCards(HANDS[0]);
  const unseen = DECK.filter((c) => !hand.includes(c));
  const best = bfc.adviseDiscard(hand)[0];
  let sum = 0;
  let n = 0;
  for (let i = 0; i < unseen.length; i++)
    for (let j = i + 1; j < unseen.length; j++) {
      const crib = [...best.discard, unseen[i], unseen[j]];
      for (const s of unseen)
        if (s !== unseen[i] && s !== unseen[j]) {
          sum += bfc.scoreShowTotal(crib, s, { crib: true });
          n++;
        }
    }
  assert.equal(n, 45540);
  close(best.cribEv, sum / n, 1e-9);
});

test('game.adviseDiscard and unseen: the seat to move, its role from the dealer', () => {
  const g = bfc.newGame('classic', { seed: 11 });
  const o = g.observe(g.toMove);
  assert.equal(o.phase, 'discard');
  const unseen = g.unseen();
  assert.equal(unseen.length, 46);
  assert.ok(!unseen.some((c) => o.hand.includes(c)));
  const role = o.dealer === o.seat ? 'dealer' : 'pone';
  assert.deepEqual(g.adviseDiscard(), bfc.adviseDiscard(o.hand, { role }));
  assert.ok(g.legalMoves().some((m) => m.id === g.adviseDiscard()[0].move.id));
  g.free();
});

test('adviseFormation: the mean best battlefield score, face-down slots dealt too', () => {
  const f = bfc.parseCards('5H 5C JD 6S 4C');
  const unseen = DECK.filter((c) => !f.includes(c)).slice(0, 30);
  let sum = 0;
  for (const t of unseen) sum += bfc.scoreBattlefield(f, t).best;
  close(bfc.adviseFormation(f, unseen), sum / 30);
  let mask = 0n;
  for (const c of unseen) mask |= 1n << BigInt(bfc.cardId(c));
  close(bfc.adviseFormation('5H 5C JD 6S 4C', mask), sum / 30);
  sum = 0;
  let n = 0;
  for (const h of unseen)
    for (const t of unseen)
      if (h !== t) {
        sum += bfc.scoreBattlefield([...f.slice(0, 4), h], t).best;
        n++;
      }
  close(bfc.adviseFormation([...f.slice(0, 4), HIDDEN], unseen), sum / n);
});

test('ismcts: legal and deterministic for a seed, in Battlefield and classic', () => {
  for (const preset of ['battlefield', 'classic']) {
    const g = bfc.newGame(preset, { seed: 5 });
    const a = bfc.bot('ismcts', { iterations: 60, seed: 9 });
    const b = bfc.bot('ismcts', { iterations: 60, seed: 9 });
    assert.ok(a instanceof SearchBot);
    for (let k = 0; k < (QUICK ? 4 : 12) && !g.over; k++) {
      const m = a.choose(g);
      assert.equal(b.choose(g).id, m.id);
      assert.ok(g.legalMoves().some((x) => x.id === m.id));
      g.apply(m);
    }
    a.free();
    b.free();
    g.free();
  }
});

test('ismcts: analyze lists every legal move, best first, the chosen move first; visits add up', () => {
  const g = bfc.newGame('battlefield', { seed: 3 });
  // the first reveals: every pair alike (RULES D7), nothing to search
  while (g.phase === 'reveal') g.apply(g.legalMoves()[0]);
  for (let k = 0; k < (QUICK ? 3 : 6); k++) {
    const one = bfc.bot('ismcts', { iterations: 80, seed: 4 });
    const two = bfc.bot('ismcts', { iterations: 80, seed: 4 });
    const stats = one.analyze(g);
    assert.equal(stats[0].move.id, two.choose(g).id);
    assert.deepEqual(stats.map((s) => s.move.id).sort((x, y) => x - y), g.legalMoves().map((m) => m.id).sort((x, y) => x - y));
    // a move alike another carries its figures: the moves that stand for
    // themselves add up to the iterations (none when all are alike)
    const own = stats.filter((s) => s.searched && s.sameAs.id === s.move.id);
    assert.equal(own.reduce((t, s) => t + s.visits, 0), one.last.iterations);
    assert.equal(one.last.iterations, own.length > 1 ? 80 : 0);
    for (const s of stats) assert.ok(s.value === null || (s.value >= 0 && s.value <= 1));
    for (const s of stats) if (s.searched) assert.equal(s.value === null, s.visits === 0);
    g.apply(stats[0].move);
    one.free();
    two.free();
  }
  g.free();
});

test('ismcts: a classic discard is the exact advice; levels and a time budget', () => {
  const g = bfc.newGame('classic', { seed: 8 });
  const bot = bfc.bot('ismcts', { level: 'easy', seed: 1 });
  // the best crib model of two-player classic, valued in wins
  assert.equal(bot.choose(g).id, g.adviseDiscard({ crib: 'played', win: true })[0].move.id);
  assert.equal(bot.last.candidates, 1);
  bot.free();
  // the library sets each level's budget: never a number written here
  const cfg = ['easy', 'medium', 'hard'].map((level) => {
    const b = bfc.bot('ismcts', { level });
    const c = b.config;
    b.free();
    return c;
  });
  for (let i = 1; i < 3; i++) {
    assert.ok(cfg[i].iterations > cfg[i - 1].iterations && cfg[i].worlds > cfg[i - 1].worlds);
  }
  const dflt = bfc.bot('ismcts');
  assert.deepEqual([dflt.config.iterations, dflt.config.worlds], [cfg[1].iterations, cfg[1].worlds]);
  dflt.free();
  // the time budget reads the one clock the wasm imports (timespec_get)
  const b = bfc.newGame('battlefield', { seed: 2 });
  while (b.phase === 'reveal') b.apply(b.legalMoves()[0]); // reveals are alike: nothing to search
  const timed = bfc.bot('ismcts', { timeMs: 20 });
  const move = timed.choose(b); // a time budget: not reproducible, but legal
  assert.ok(b.legalMoves().some((m) => m.id === move.id));
  assert.ok(timed.last.iterations > 0);
  timed.free();
  b.free();
  assert.ok(bfc.bots.includes('ismcts'));
});

test('ismcts: free() and the FinalizationRegistry free the C bot', async () => {
  gc();
  await new Promise((r) => setTimeout(r, 10));
  const live = bfc.live;
  const g = bfc.newGame('battlefield', { seed: 1 });
  const bot = bfc.bot('ismcts', { iterations: 20 });
  bot.choose(g);
  assert.equal(bfc.live, live + 2);
  bot.free();
  assert.ok(bot.freed);
  assert.equal(bfc.live, live + 1);
  assert.throws(() => bot.choose(g), BfcError);
  (() => {
    bfc.bot('ismcts', { iterations: 20 }).choose(g);
  })();
  assert.equal(bfc.live, live + 2);
  for (let i = 0; i < 50 && bfc.live > live + 1; i++) {
    gc();
    await new Promise((r) => setTimeout(r, 10));
  }
  assert.equal(bfc.live, live + 1);
  g.free();
});

test('ismcts and advice: bad input throws BfcError', () => {
  const bad = (f) => assert.throws(f, BfcError);
  bad(() => bfc.bot('ismcts', { level: 'expert' }));
  bad(() => bfc.bot('ismcts', { level: 'easy', iterations: 10 }));
  bad(() => bfc.bot('ismcts', { iterations: 0 }));
  bad(() => bfc.bot('ismcts', { playout: 'smart' }));
  bad(() => bfc.bot('ismcts', { exploration: -1 }));
  const g = bfc.newGame('battlefield', { seed: 1 });
  const bot = bfc.bot('ismcts', { iterations: 10 });
  bad(() => bot.choose({}));
  while (!g.over) g.apply(g.legalMoves()[0]);
  bad(() => bot.choose(g));
  bad(() => bot.analyze(g));
  bot.free();
  g.free();
  bad(() => bfc.adviseDiscard('5H 5C JD 6S 7S'));
  bad(() => bfc.adviseDiscard('5H 5C JD 6S 7S 9H', { preset: 'battlefield' }));
  bad(() => bfc.adviseDiscard('5H 5C JD 6S 7S 9H', { role: 'partner' }));
  bad(() => bfc.adviseDiscard('5H 5C JD 6S 7S 9H', { role: 'banker' }));
  bad(() => bfc.adviseDiscard(['5H', '5H', 'JD', '6S', '7S', '9H']));
  const c = bfc.newGame('classic', { seed: 2 });
  c.apply(c.adviseDiscard()[0].move);
  if (c.phase !== 'discard') bad(() => c.adviseDiscard());
  c.free();
  bad(() => bfc.adviseFormation('5H 5C JD 6S', DECK.slice(20, 40)));
  bad(() => bfc.adviseFormation('5H 5C JD 6S 4C', '5H 7D 8D'));
});
