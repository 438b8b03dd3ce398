// Memory: every C allocation the binding makes is freed by free(), and the
// FinalizationRegistry frees the games a user forgets. The wasm heap is
// measured with a probe: after everything is freed, dlmalloc coalesces
// the freed chunks, so a fresh malloc returns the same address as before
// the games; one chunk left behind anywhere moves it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { load } from '../index.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc');
const bfc = await load();
const QUICK = process.env.BFC_TEST_QUICK === '1';

function heapMark() {
  const m = bfc.module;
  const big = m._malloc(1 << 16);
  m._free(big);
  const small = m._malloc(16);
  m._free(small);
  return { big, small, bytes: m.HEAPU8.length, live: bfc.live };
}

test('many games created and freed: the heap is back where it started', () => {
  // warm up once: long texts take a retry buffer the first time
  const warm = bfc.newGame('classic', { seed: 0 });
  warm.save();
  warm.free();
  const before = heapMark();
  assert.equal(before.live, 0);
  const rounds = QUICK ? 100 : 1000;
  for (let i = 0; i < rounds; i++) {
    const preset = bfc.presets[i % bfc.presets.length];
    const g = bfc.newGame(preset.name, { seed: i });
    const bot = bfc.bot(i % 2 ? 'greedy' : 'random', { seed: i });
    for (let k = 0; k < 30 && !g.over; k++) bot.play(g);
    const c = g.copy();
    const loaded = bfc.loadGame(g.save());
    g.observe(0);
    c.observationText(0);
    assert.equal(bfc.live, 3);
    g.free();
    c.free();
    loaded.free();
  }
  // failed calls free what they took too
  for (let i = 0; i < 50; i++) {
    assert.throws(() => bfc.loadGame('bfc-game 2\nrules nonsense\n'));
    assert.throws(() => bfc.newGame('battlefield', { target: -5 }));
  }
  assert.deepEqual(heapMark(), before);
});

test('a leaked game is seen by the probe', () => {
  const before = heapMark();
  const leak = bfc.newGame('battlefield', { seed: 1 });
  const other = bfc.newGame('battlefield', { seed: 2 });
  other.free();
  const during = heapMark();
  assert.notDeepEqual(during, before, 'the probe notices a game left behind');
  leak.free();
  assert.deepEqual(heapMark(), before);
});

test('games dropped without free() are freed by the FinalizationRegistry', async () => {
  const before = heapMark();
  (() => {
    for (let i = 0; i < 200; i++) {
      const g = bfc.newGame('classic', { seed: i });
      g.copy(); // dropped at once
      bfc.bot('greedy').play(g);
    }
  })();
  assert.equal(bfc.live, 400);
  for (let tries = 0; tries < 200 && bfc.live > 0; tries++) {
    gc();
    await new Promise((r) => setTimeout(r, 10));
  }
  assert.equal(bfc.live, 0, 'every forgotten game finalized');
  assert.deepEqual(heapMark(), before);
});

// issue 39: 3,000 dropped hard bots took the heap from 16 to 358 MiB. A bot
// that never decided holds no C memory; dropped ones are freed when
// collected, so the heap stays bounded by the bots alive between two
// collections, not by the bots made.
test('search bots dropped without free(): no C memory until they decide, freed when collected', async () => {
  const live = bfc.live;
  for (let i = 0; i < 100; i++) bfc.bot('ismcts', { level: 'hard', seed: i }); // dropped, never decided
  assert.equal(bfc.live, live, 'a bot that never decided holds no C bot');
  const g = bfc.newGame('battlefield', { seed: 1 });
  const bytes = bfc.module.HEAPU8.length;
  for (let round = 0; round < 10; round++) {
    (() => {
      for (let i = 0; i < 30; i++) bfc.bot('ismcts', { level: 'hard', seed: i }).choose(g);
    })();
    for (let tries = 0; tries < 200 && bfc.live > live + 1; tries++) {
      gc();
      await new Promise((r) => setTimeout(r, 0));
    }
    assert.equal(bfc.live, live + 1, 'every dropped bot finalized');
  }
  // 300 bots made, at most 30 alive at once: the heap grew by at most 30 bots' arenas
  assert.ok(bfc.module.HEAPU8.length - bytes <= 30 * 4802 * 32 * 4, `heap grew by ${bfc.module.HEAPU8.length - bytes}`);
  const b = bfc.bot('ismcts', { level: 'easy' });
  b.choose(g);
  b.free();
  b.free(); // twice is fine, and the registry does not free it again
  gc();
  await new Promise((r) => setTimeout(r, 0));
  assert.equal(bfc.live, live + 1);
  g.free();
});
