// The strength dial through the JavaScript API (issue 35): every step
// plays whole games legally, classic and Battlefield; a seed gives the same
// moves; the moves are the C dial's (a small C program against libbfc.a
// plays the same game); the ratings are the committed table's; bad steps,
// ratings and names are the binding's errors.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { load, BfcError, DialBot } from '../index.js';

const bfc = await load();
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/** A whole game, seat 0 at step a and seat 1 at step b: the move ids. */
function game(preset, seed, a, b, seeds = [11, 12]) {
  const g = bfc.newGame(preset, { seed });
  const bots = [bfc.dialBot({ step: a, seed: seeds[0] }), bfc.dialBot({ step: b, seed: seeds[1] })];
  const moves = [];
  while (!g.over && moves.length < 5000) {
    const seat = g.toMove;
    const legal = g.legalMoves().map((m) => m.id);
    const move = bots[seat].choose(g);
    assert.ok(legal.includes(move.id), `${preset} step ${seat ? b : a}: ${move.text} is not legal`);
    g.apply(move);
    moves.push(move.id);
  }
  assert.ok(g.over, `${preset} ${a} vs ${b}: the game ends`);
  for (const x of bots) x.free();
  g.free();
  return moves;
}

test('every step of the dial plays whole games legally, classic and Battlefield', () => {
  assert.equal(bfc.dialSteps, 10);
  for (const preset of ['classic', 'battlefield'])
    for (let step = 1; step <= bfc.dialSteps; step++) game(preset, 100 + step, step, step <= 7 ? 11 - step : 1);
  assert.equal(bfc.live, 0, 'every C bot freed');
});

test('the same seed gives the same moves; another seed other moves', () => {
  for (const preset of ['classic', 'battlefield']) {
    const one = game(preset, 5, 2, 5);
    assert.deepEqual(game(preset, 5, 2, 5), one);
    assert.notDeepEqual(game(preset, 5, 2, 5, [21, 22]), one);
  }
  // seed() restarts the generator: the bot then plays as a new one
  const g = bfc.newGame('classic', { seed: 9 });
  const bot = bfc.dialBot({ step: 1, seed: 4 });
  const first = bot.choose(g);
  for (let i = 0; i < 20; i++) bot.choose(g);
  bot.seed(4);
  assert.equal(bot.choose(g).id, first.id);
  bot.free();
  g.free();
});

const cc = ['cc', 'gcc', 'clang'].find((c) => {
  try {
    execFileSync(c, ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
});
const lib = join(ROOT, 'libbfc.a');
const noC = !cc ? 'no C compiler' : !existsSync(lib) ? 'libbfc.a not built (make)' : false;

test("the dial's moves are the C library's: a C program plays the same games", { skip: noC }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'bfc-dial-'));
  try {
    const src = join(dir, 'dial.c');
    writeFileSync(
      src,
      `#include <stdio.h>
#include <stdlib.h>
#include "bfc.h"
/* dial PRESET GAME-SEED STEP-A STEP-B SEED-A SEED-B: the move ids, one a line */
int main(int argc, char **argv) {
    bfc_rules r;
    if (argc != 7 || bfc_rules_preset(&r, argv[1], 0, 0) != BFC_OK) return 2;
    bfc_game *g = bfc_game_new(&r, strtoull(argv[2], NULL, 10), NULL);
    bfc_dial *d[2] = {bfc_dial_new(&r, atoi(argv[3]), strtoull(argv[5], NULL, 10), NULL),
                      bfc_dial_new(&r, atoi(argv[4]), strtoull(argv[6], NULL, 10), NULL)};
    if (!g || !d[0] || !d[1]) return 3;
    while (bfc_game_over(g) == 0) {
        bfc_move m;
        if (bfc_dial_move(d[bfc_game_to_move(g)], g, &m) != BFC_OK) return 4;
        if (bfc_game_apply(g, m, NULL, 0, NULL) < 0) return 5;
        printf("%u\\n", (unsigned)m);
    }
    bfc_dial_free(d[0]);
    bfc_dial_free(d[1]);
    bfc_game_free(g);
    return 0;
}
`,
    );
    const exe = join(dir, 'dial');
    // linked as the tests' C programs are (make sanitize: LDFLAGS=-fsanitize=...)
    const ldflags = (process.env.LDFLAGS || '').split(/\s+/).filter(Boolean);
    execFileSync(cc, ['-std=c11', '-I', join(ROOT, 'include'), src, '-o', exe, lib, '-lm', ...ldflags], {
      maxBuffer: 64 << 20,
    });
    for (const [preset, seed, a, b] of [
      ['classic', 31, 2, 7],
      ['battlefield', 32, 4, 8],
    ]) {
      const want = execFileSync(exe, [preset, String(seed), String(a), String(b), '11', '12']).toString().trim().split('\n').map(Number);
      assert.ok(want.length > 50, `${preset}: the C game has its moves`);
      assert.deepEqual(game(preset, seed, a, b), want, `${preset} step ${a} vs step ${b}`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("the ratings are tests/data/dial_ratings.txt's; steps of ratings and levels as bfc.h says", () => {
  const table = readFileSync(join(ROOT, 'tests/data/dial_ratings.txt'), 'utf8');
  const want = [...table.matchAll(/^rating step([0-9]+) +([0-9]+) /gm)].map((m) => [Number(m[1]), Number(m[2])]);
  assert.equal(want.length, bfc.dialSteps);
  for (const [step, rating] of want) {
    assert.equal(bfc.dialRating(step), rating, `step ${step}`);
    assert.equal(bfc.dialStepOfRating(rating), step);
    assert.equal(bfc.dialStepOfRating(rating + 1), step);
    const bot = bfc.dialBot({ rating });
    assert.equal(bot.step, step);
    assert.equal(bot.rating, rating);
    assert.equal(bot.name, `step${step}`);
    assert.ok(bot instanceof DialBot);
    bot.free();
    assert.equal(bfc.bot(`step${step}`).rating, rating);
    assert.equal(bfc.bot(`rating:${rating}`).step, step);
  }
  assert.equal(bfc.dialStepOfRating(0), 1, 'below the lowest: step 1');
  assert.equal(bfc.dialStepOfRating(100000), bfc.dialSteps);
  assert.deepEqual(['easy', 'medium', 'hard'].map((l) => bfc.dialStepOfLevel(l)), [8, 9, 10]);
});

test("bad steps, ratings, names and options are the binding's errors, never a crash", async () => {
  const refused = (fn, re) => assert.throws(fn, (e) => e instanceof BfcError && re.test(e.message), String(fn));
  for (const step of [0, 11, -1, 1.5, '3', null, NaN, 2 ** 40]) {
    refused(() => bfc.dialRating(step), /step: want an integer 1\.\.10/);
    refused(() => bfc.dialBot({ step }), /step: want an integer 1\.\.10/);
  }
  refused(() => bfc.bot('step0'), /step: want an integer 1\.\.10/);
  refused(() => bfc.bot('step11'), /step: want an integer 1\.\.10/);
  for (const rating of [-1, 1e9, 'high', 1500.5]) refused(() => bfc.dialStepOfRating(rating), /rating: want an integer/);
  refused(() => bfc.bot('rating:high'), /rating: want an integer/);
  refused(() => bfc.dialStepOfLevel('expert'), /level: want one of 'easy', 'medium', 'hard'/);
  refused(() => bfc.dialBot(), /give step or rating, one of them/);
  refused(() => bfc.dialBot({ step: 3, rating: 1500 }), /give step or rating, one of them/);
  refused(() => bfc.dialBot({ stpe: 3 }), /unknown option "stpe" \(did you mean "step"\?\)/);
  refused(() => bfc.dialBot({ step: 3, seed: -1 }), /seed: want an integer/);
  refused(() => bfc.bot('step3', { level: 'hard' }), /unknown option "level"/);
  const g = bfc.newGame('classic', { seed: 1 });
  const bot = bfc.dialBot({ step: 2 });
  refused(() => bot.choose({}), /want a Game/);
  refused(() => bot.seed(-3), /seed: want an integer/);
  await assert.rejects(bot.chooseAsync(g, { signal: 3 }), /signal: want an AbortSignal/);
  const ac = new AbortController();
  ac.abort();
  await assert.rejects(bot.chooseAsync(g, { signal: ac.signal }), { name: 'AbortError' });
  bot.free();
  bot.free();
  assert.ok(bot.freed);
  refused(() => bot.choose(g), /the dial's bot was freed/);
  await assert.rejects(bot.chooseAsync(g), /the dial's bot was freed/);
  const over = bfc.newGame('classic', { seed: 2 });
  const greedy = bfc.bot('greedy');
  while (!over.over) greedy.play(over);
  const b2 = bfc.dialBot({ step: 9 });
  refused(() => b2.choose(over), /the game is over/);
  assert.throws(() => new DialBot(null, {}, { step: 1 }), TypeError);
  for (const x of [b2, g, over]) x.free();
});

test('chooseAsync resolves to choose()\'s move, on the game as it was when called', async () => {
  for (const step of [3, 8]) {
    const g = bfc.newGame('battlefield', { seed: 14 });
    const a = bfc.dialBot({ step, seed: 2 });
    const b = bfc.dialBot({ step, seed: 2 });
    for (let i = 0; i < 30 && !g.over; i++) {
      const p = a.chooseAsync(g);
      const want = b.choose(g);
      assert.throws(() => a.choose(g), /a decision is running/);
      const got = await p;
      assert.equal(got.id, want.id);
      g.apply(got);
    }
    for (const x of [a, b, g]) x.free();
  }
});

test('a game of other rules makes the C bot anew; a dropped bot is freed by scope()', () => {
  const bot = bfc.dialBot({ step: 4, seed: 8 });
  const before = bfc.live;
  for (const preset of ['classic', 'battlefield', 'classic']) {
    const g = bfc.newGame(preset, { seed: 3 });
    while (!g.over) bot.play(g);
    g.free();
  }
  assert.equal(bfc.live, before + 1, 'one C bot at a time');
  bot.free();
  assert.equal(bfc.live, before);
  bfc.scope(() => {
    const g = bfc.newGame('classic', { seed: 4 });
    bfc.dialBot({ step: 6 }).play(g);
  });
  assert.equal(bfc.live, before);
});
