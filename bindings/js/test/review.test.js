// The coach through the JavaScript API (issue 32): reviewGame grades a game
// as the C library does (the lines of bfc-advise --review), a planted
// blunder (a pair of fives thrown into the other crib) is found, records
// round-trip, explain() and explainDiscard() are the library's texts,
// dealChance() sums to 1, and bad input is refused. Budgets: easy.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { load, BfcError, BfcIllegalMoveError } from '../index.js';

const bfc = await load();
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

function selfPlay(preset, seed) {
  const start = bfc.newGame(preset, { seed });
  const g = start.copy();
  const bot = bfc.bot('ismcts', { level: 'easy', seed: 3 });
  const moves = [];
  while (!g.over && moves.length < 3000) moves.push(bot.play(g).move);
  bot.free();
  g.free();
  return { start, moves };
}

test('reviewGame: a classic game graded as bfc-advise --review grades it', async () => {
  const { start, moves } = selfPlay('classic', 21);
  const entries = await bfc.reviewGame(start, moves, { level: 'easy', seed: 1 });
  assert.ok(entries.length > 20);
  for (const e of entries) {
    assert.equal(e.move.id, moves[e.ply].id);
    assert.ok(['best', 'inaccuracy', 'mistake', 'blunder', 'unrated'].includes(e.grade));
    assert.ok(e.text.startsWith(`deal ${e.deal}, player ${e.seat + 1}, ${e.move.text}: ${e.grade}`), e.text);
    assert.equal(e.points === null, e.stage !== 'discard');
    assert.ok(e.winLost >= 0);
  }
  const dir = mkdtempSync(join(tmpdir(), 'bfc-review-'));
  try {
    const rec = join(dir, 'g.rec');
    writeFileSync(rec, bfc.recordFormat(start, moves, { seed: 21 }));
    const out = execFileSync(join(ROOT, 'examples/bfc-advise/bfc-advise'), ['--review', rec, '--level', 'easy', '--json']);
    const d = JSON.parse(out.toString());
    assert.deepEqual(d.decisions.map((x) => x.text), entries.map((e) => e.text));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const s = bfc.summarizeReview(entries, { seat: 0 });
  const mine = entries.filter((e) => e.seat === 0);
  assert.equal(s.decisions, mine.length);
  assert.ok(Math.abs(s.winLost - mine.reduce((a, e) => a + e.winLost, 0)) < 1e-9);
  assert.deepEqual(Object.keys(s.stages).sort(), ['discard', 'play']);
  assert.ok(s.text.startsWith(`${s.deals} deal`));
  start.free();
});

test('reviewGame: a pair of fives into the other crib is a blunder; explain says why', async () => {
  let g = null;
  let fives = [];
  for (let seed = 1; seed < 400 && !g; seed++) {
    const t = bfc.newGame('classic', { seed });
    const o = t.observe(t.toMove);
    fives = o.hand.filter((c) => c.startsWith('5'));
    if (fives.length === 2 && o.dealer !== t.toMove) g = t;
    else t.free();
  }
  assert.ok(g, 'a deal with two fives for the pone');
  const m = `discard ${fives[0]} ${fives[1]}`;
  const [e] = await bfc.reviewGame(g, [m], { level: 'easy' });
  assert.equal(e.grade, 'blunder');
  assert.ok(e.winLost >= 0.1 && e.pointsLost > 0);
  const why = g.explain(m);
  assert.match(why, /gives a pair of 5s to the other crib/);
  assert.ok(g.explainDiscard(m).startsWith(`${why}; hand `));
  g.free();
});

test('records round-trip; Battlefield reviews; dealChance', async () => {
  const { start, moves } = selfPlay('battlefield', 5);
  const text = bfc.recordFormat(start, moves, { seed: 5 });
  assert.ok(text.startsWith('bfc-record 1\nseed 5\nbfc-game '));
  const r = bfc.recordParse(text);
  assert.equal(r.seed, 5n);
  assert.deepEqual(r.moves.map((x) => x.id), moves.map((x) => x.id));
  assert.equal(r.start.save(), start.save());
  const entries = await bfc.reviewGame(r.start, r.moves, { level: 'easy', seat: 0 });
  assert.ok(entries.length > 0 && entries.every((e) => e.seat === 0 && ['turn', 'lay-away'].includes(e.stage)));
  assert.equal(bfc.recordParse(bfc.recordFormat(start, moves.slice(0, 3))).seed, null);
  const { chances, method, table } = start.dealChance();
  assert.equal(method, 'table');
  assert.ok(Math.abs(chances[0] + chances[1] - 1) < 1e-9);
  // review_test__deal_chance_is_win_chance: winChance's shape and figures
  const dealer = start.observe(0).dealer;
  const wc = bfc.winChance(start, [0, 0], dealer);
  assert.equal(table, true);
  assert.deepEqual(chances, Array.from(wc.chances));
  r.start.free();
  start.free();
});

test('bad input is refused', async () => {
  const g = bfc.newGame('classic', { seed: 4 });
  await assert.rejects(bfc.reviewGame(g, ['play 5H'], { level: 'easy' }), BfcIllegalMoveError);
  await assert.rejects(bfc.reviewGame(g, [], { seat: 9 }), BfcError);
  await assert.rejects(bfc.reviewGame(g, 'discard 5H 5C'), BfcError);
  await assert.rejects(bfc.reviewGame(g, [], { colour: 'red' }), BfcError);
  assert.throws(() => bfc.recordParse('hello\n'), /record line 1/);
  const text = bfc.recordFormat(g, []);
  assert.throws(() => bfc.recordParse(text.replace('moves 0\n', 'moves 1\nplay 5H\n')), BfcIllegalMoveError);
  assert.throws(() => g.explain('draw'), BfcError);
  assert.throws(() => bfc.summarizeReview([{ grade: 'best' }]), BfcError);
  g.free();
});

// issue 39: the review runs once (it called bfc_review_game twice, to count
// then to fill), in slices of moves (bfc_review_game_part) with the event
// loop running between two, so that options.signal stops it and
// options.onProgress(done, total) reports; its entries are those of the C
// library's review in one call (bfc-advise --review) however it is sliced.
function countCalls() {
  const m = bfc.module;
  const names = ['_bfc_review_game', '_bfc_review_game_with', '_bfc_review_game_part', '_bfc_search_new'];
  // emscripten's first call of an export replaces the module's property
  // with the wasm function (and so a wrapper put there): a call with NULL
  // arguments (BFC_EINVAL, nothing done) makes that happen first
  m._bfc_review_game(0, 0, 0, 0, 0, 0);
  m._bfc_review_game_with(0, 0, 0, 0, -1, 0, 0, 0, 0);
  m._bfc_review_game_part(0, 0, 0, 0, 0, -1, 0, 0, 0, 0);
  m._bfc_search_new(0, 0, 0);
  const orig = Object.fromEntries(names.map((k) => [k, m[k]]));
  const n = { whole: 0, with: 0, part: 0, plies: 0, bots: 0 };
  m._bfc_review_game = (...a) => (n.whole++, orig._bfc_review_game(...a));
  m._bfc_review_game_with = (...a) => (n.with++, orig._bfc_review_game_with(...a));
  m._bfc_review_game_part = (...a) => (n.part++, (n.plies += a[4]), orig._bfc_review_game_part(...a));
  m._bfc_search_new = (...a) => (n.bots++, orig._bfc_search_new(...a));
  n.restore = () => Object.assign(m, orig);
  return n;
}

test('reviewGame_runs_once_and_equals_the_one_call_review', async () => {
  const { start, moves } = selfPlay('battlefield', 7);
  const calls = countCalls();
  const seen = [];
  let entries;
  try {
    entries = await bfc.reviewGame(start, moves, { level: 'easy', seed: 4, onProgress: (d, t) => seen.push([d, t]) });
  } finally {
    calls.restore();
  }
  // before: 2 calls of bfc_review_game (each a whole review); after: each move reviewed once
  assert.equal(calls.whole + calls.with, 0);
  assert.equal(calls.plies, moves.length);
  assert.equal(calls.bots, 1);
  assert.ok(calls.part > 2, `${calls.part} slices`);
  console.log(`# reviewGame: ${moves.length} moves in ${calls.part - 1} slices (+1 seat check), ${calls.plies} moves reviewed, ${calls.whole} bfc_review_game calls, ${calls.bots} bot`);
  // progress: the moves done, rising, to the total
  assert.ok(seen.length >= 2);
  for (let i = 0; i < seen.length; i++) {
    assert.equal(seen[i][1], moves.length);
    if (i) assert.ok(seen[i][0] > seen[i - 1][0], `progress ${seen[i - 1][0]} then ${seen[i][0]}`);
  }
  assert.equal(seen.at(-1)[0], moves.length);
  // the C library's review in one call, same seed: the same entries
  const dir = mkdtempSync(join(tmpdir(), 'bfc-review-'));
  try {
    const rec = join(dir, 'g.rec');
    writeFileSync(rec, bfc.recordFormat(start, moves, { seed: 7 }));
    const out = execFileSync(join(ROOT, 'examples/bfc-advise/bfc-advise'), ['--review', rec, '--level', 'easy', '--seed', '4', '--json']);
    const d = JSON.parse(out.toString());
    assert.ok(d.decisions.length > 20);
    assert.deepEqual(d.decisions.map((x) => x.text), entries.map((e) => e.text));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  start.free();
});

test('reviewGame_abort_mid_review: rejects with the signal reason at the next slice, the binding usable', async () => {
  const { start, moves } = selfPlay('battlefield', 8);
  const live = bfc.live;
  const whole = await bfc.reviewGame(start, moves, { level: 'easy', seed: 2 });
  // aborted from onProgress, then from an event that comes while it runs
  for (const how of ['progress', 'event']) {
    const ac = new AbortController();
    const calls = countCalls();
    let atAbort = -1;
    let doneAtAbort = -1;
    const abort = () => {
      atAbort = calls.plies;
      ac.abort();
    };
    if (how === 'event') setImmediate(abort);
    try {
      await assert.rejects(
        bfc.reviewGame(start, moves, {
          level: 'easy',
          seed: 2,
          signal: ac.signal,
          onProgress: (done) => {
            if (how === 'progress' && atAbort < 0 && done >= 10) {
              doneAtAbort = done;
              abort();
            }
          },
        }),
        (e) => e.name === 'AbortError',
      );
    } finally {
      calls.restore();
    }
    assert.ok(atAbort >= 0 && atAbort < moves.length, `aborted after ${atAbort} of ${moves.length} moves`);
    // the abort is seen at the next slice: no move reviewed after it
    assert.equal(calls.plies - atAbort, 0);
    console.log(`# reviewGame abort (${how}): at move ${atAbort} of ${moves.length}${doneAtAbort >= 0 ? ` (progress ${doneAtAbort})` : ''}, ${calls.plies - atAbort} moves reviewed after it`);
  }
  // a reason of the caller's, and a signal aborted before: at once, nothing searched
  const ac = new AbortController();
  ac.abort(new BfcError(-12, 'stopped by the page'));
  const calls = countCalls();
  try {
    await assert.rejects(bfc.reviewGame(start, moves, { level: 'easy', signal: ac.signal }), /stopped by the page/);
  } finally {
    calls.restore();
  }
  assert.equal(calls.part + calls.bots, 0);
  await assert.rejects(bfc.reviewGame(start, moves, { signal: {} }), BfcError);
  await assert.rejects(bfc.reviewGame(start, moves, { onProgress: 3 }), BfcError);
  // usable after: the same review again, nothing left behind
  const again = await bfc.reviewGame(start, moves, { level: 'easy', seed: 2 });
  assert.deepEqual(again.map((e) => e.text), whole.map((e) => e.text));
  assert.equal(bfc.live, live);
  start.free();
});
