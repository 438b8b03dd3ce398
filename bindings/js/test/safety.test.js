// The package never breaks its host, whatever the caller does (issue 29,
// items 8 to 11): objects of another load() instance are refused, the
// helpers that write into the wasm memory are not reachable, integers are
// refused rather than cut down to their low bits, and a loop of games
// dropped without free() can be made not to pile up (scope, withGame).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as api from '../index.js';

const { load, BfcError, BfcParseError } = api;
const a = await load();
const b = await load();
const QUICK = process.env.BFC_TEST_QUICK === '1';

const refused = (f, re) =>
  assert.throws(f, (e) => e instanceof BfcError && e.code === 'EINVAL' && (!re || re.test(e.message)), String(f));

// ---- item 8: another instance's objects -------------------------------------------

test('objects of another load() instance are refused, and nothing changes', () => {
  const ga = a.newGame('classic', { seed: 1 });
  const gb = b.newGame('battlefield', { seed: 1 });
  const before = gb.save();
  const other = /another load\(\) instance/;
  refused(() => a.bot('greedy').choose(gb), other); // answered a classic move for a Battlefield game
  refused(() => a.bot('random').play(gb), other);
  const search = a.bot('ismcts', { iterations: 10 });
  refused(() => search.choose(gb), other);
  refused(() => search.analyze(gb), other);
  const gb2 = b.newGame('classic', { seed: 2 });
  const before2 = gb2.save();
  refused(() => ga.copyInto(gb2), other); // "succeeded" across instances
  assert.equal(gb2.save(), before2);
  refused(() => a.newGame('battlefield', { seed: 1 }).visibleEvents(gb.startEvents, 0), /events/);
  assert.equal(gb.save(), before, 'the other instance\'s game is unchanged');
  // and each instance still plays its own games
  assert.ok(b.bot('greedy').choose(gb).text);
  assert.ok(search.choose(ga).text);
  search.free();
  for (const g of [ga, gb, gb2]) g.free();
});

test('a Game, a bot or a Libbfc cannot be made or faked by hand', () => {
  for (const [cls, args] of [
    [api.Libbfc, [{}]],
    [api.Game, [a, 8]],
    [api.Game, [{}, 0]],
    [api.Bot, [a, 'greedy']],
    [api.SearchBot, [a, {}]],
    [api.DialBot, [a, { step: 1 }]],
  ])
    assert.throws(() => new cls(...args), TypeError, cls.name);
  const fake = Object.create(api.Game.prototype);
  refused(() => a.bot('greedy').choose(fake), /want a Game/);
  assert.throws(() => fake.save(), TypeError); // no private state: not a game
  refused(() => a.newGame('classic').copyInto({ ptr: 8 }), /want a Game/);
});

// ---- item 9: internals are private ----------------------------------------------------

test('internal helpers are not reachable: writeBoard at address 0 broke the instance for good', () => {
  const lib = a;
  assert.deepEqual(Object.getOwnPropertyNames(lib), [], 'no own properties on the library object');
  for (const name of ['writeBoard', 'heap', 'S', 'makeRules', 'check', 'error', 'putCards', 'textOut', 'registry', 'adopt', 'readEvents'])
    assert.equal(lib[name], undefined, name);
  const g = lib.newGame('classic', { seed: 3 });
  for (const name of ['ptr', 'observePtr']) assert.equal(g[name], undefined, `game.${name}`);
  assert.deepEqual(Object.keys(g), ['startEvents']);
  // everything still works
  while (!g.over) lib.bot('greedy').play(g);
  assert.ok(lib.loadGame(g.save()).over);
});

// ---- item 10: integers refused, not wrapped ---------------------------------------------

test('integers beyond their C type are refused, never cut down to their low bits', () => {
  const g = a.newGame('classic', { seed: 5 });
  const save = g.save();
  const big = [2 ** 32, 2 ** 32 + 1, 2 ** 40, -(2 ** 32), 2 ** 53, 1.5, NaN, Infinity];
  for (const x of big) {
    refused(() => a.newGame('classic', { players: x }), /players/); // 2**40 played 2
    refused(() => a.newGame('classic', { target: x }), /target/);
    refused(() => a.newGame('battlefield', { turnLimit: x }), /turnLimit/);
    refused(() => a.newGame('classic', { match: x }), /match/);
    refused(() => a.newGame('classic', { firstDealer: x }), /firstDealer/);
    refused(() => g.sideOf(x), /seat/); // 2**32 answered for seat 0
    refused(() => g.seatOf(x), /player/);
    refused(() => g.observe(x), /seat/);
    refused(() => g.determinize(x, 1), /seat/);
    refused(() => g.visibleEvents(g.startEvents, x), /viewer/);
    refused(() => a.bot('ismcts', { iterations: x }), /iterations/);
  }
  for (const x of [2 ** 32, -1, 1.5, 2 ** 53]) refused(() => a.bot('ismcts', { nodes: x }), /nodes/);
  for (const seed of [-1, 2 ** 64, 2 ** 70, 2 ** 53, 1.5, 'abc', -1n, 1n << 64n, null, {}]) {
    refused(() => a.newGame('classic', { seed }), /seed/); // -1 and 2**70 were played
    refused(() => a.bot('greedy', { seed }), /seed/);
    refused(() => g.determinize(0, seed), /seed/);
    refused(() => a.rngNext(seed), /state/);
  }
  assert.equal(a.newGame('classic', { seed: (1n << 64n) - 1n }).save().length > 0, true, 'the largest seed is played');
  refused(() => a.newGame('classic', { board: [{ at: 256 + 5, kind: 'red skip', to: 9 }] }), /board/);
  refused(() => a.narrate([{ kind: 'pair', points: 256 + 2, cards: [] }]), /points/);
  assert.throws(() => a.scoreShowTotal([18 + 256, 16, 19, 41], 17), (e) => e instanceof BfcError && e.code === 'ECARD');
  refused(() => a.adviseFormation('5H 5C ?? JD ??', -1n), /unseen/);
  assert.equal(a.strerror(2 ** 32), a.strerror(-99), '2**32 is no status, not 0');
  assert.equal(a.strerror(0), 'success');
  assert.equal(g.save(), save, 'nothing refused changed the game');
  g.free();
});

test('text with a NUL is refused, never cut short', () => {
  for (const f of [
    () => a.parseCards('5H\0JD'), // returned ['5H']
    () => a.cardId('5H\0'),
    () => a.parseMove('draw\0 junk'),
    () => a.scoreShow('5H 5C 5S\0 JD', '5D'),
    () => a.loadGame(a.newGame('classic').save().replace('\n', '\0')),
  ])
    assert.throws(f, (e) => e instanceof BfcParseError && e.code === 'EPARSE' && /NUL/.test(e.message), String(f));
  refused(() => a.newGame('classic\0 junk'), /preset/);
});

test('unknown options are refused, each naming the nearest known one', () => {
  const g = a.newGame('classic', { seed: 1 });
  for (const [f, re] of [
    [() => a.newGame('classic', { plyers: 3 }), /unknown option "plyers" \(did you mean "players"\?\)/], // played 2
    [() => a.rules('classic', { targt: 61 }), /"target"/],
    [() => a.scoreShow('5H 5C 5S JD', '5D', { crips: true }), /"crib"/],
    [() => a.scoreBattlefield('4H 6C 5H 5S JK', '4S', { anyLayaway: true }), /"anyLayAway"/],
    [() => a.parseCards('5H', { jokers: true }), /"joker"/],
    [() => a.bot('greedy', { sed: 1 }), /"seed"/],
    [() => a.bot('ismcts', { iteration: 10 }), /"iterations"/],
    [() => a.adviseDiscard('5H 5C JD 6S 7S 9H', { rol: 'pone' }), /"role"/],
    [() => g.apply(g.legalMoves()[0], { veiwer: 0 }), /"viewer"/],
    [() => g.observationText(0, { unicod: true }), /"unicode"/],
    [() => a.newGame('classic', 3), /want an object/],
  ])
    refused(f, re);
  assert.equal(g.legalMoves().length, 15, 'the refused apply changed nothing');
  g.free();
});

// ---- every bot has free() ------------------------------------------------------------

test('every bot has free(): greedy and random too, as ismcts', () => {
  const g = a.newGame('classic', { seed: 2 });
  for (const name of a.bots) {
    const bot = a.bot(name, name === 'ismcts' ? { iterations: 10 } : {});
    assert.equal(typeof bot.free, 'function', name);
    assert.equal(bot.freed, false);
    bot.choose(g);
    bot.free();
    bot.free(); // twice is fine
    assert.equal(bot.freed, true);
    refused(() => bot.choose(g), /freed/);
  }
  g.free();
});

// ---- item 11: a loop of games dropped without free() ---------------------------------

function heapMark(lib) {
  const m = lib.module;
  const big = m._malloc(1 << 16);
  m._free(big);
  const small = m._malloc(16);
  m._free(small);
  return { big, small, bytes: m.HEAPU8.length, live: lib.live };
}

test('games dropped in a loop pile up until the collector runs; in scope() they do not', async () => {
  const lib = await load(); // an instance of its own: no other test's games in its heap
  const n = QUICK ? 300 : 2000;
  const warm = lib.newGame('classic', { seed: 0 });
  warm.save();
  warm.free();
  const start = heapMark(lib);
  // the pile-up, as the README says: nothing frees them while the loop runs
  const dropped = [];
  for (let i = 0; i < 50; i++) {
    const g = lib.newGame('classic', { seed: i });
    dropped.push(g, g.copy());
  }
  assert.equal(lib.live, start.live + 100, 'games dropped without free() are still held');
  lib.scope(() => dropped.length); // a scope frees only what it made
  assert.equal(lib.live, start.live + 100);
  // the same loop in scope(): everything it made is freed when it returns,
  // copies and search bots too, at every turn of the loop
  const scores = [];
  for (let i = 0; i < n; i++)
    lib.scope(() => {
      const g = lib.newGame('classic', { seed: i, target: 31 });
      const bot = lib.bot('greedy', { seed: i });
      while (!g.over) bot.play(g);
      g.copy(); // dropped
      if (i % 50 === 0) lib.bot('ismcts', { iterations: 5 }).choose(lib.newGame('battlefield', { seed: i }));
      scores.push(g.scores);
      assert.ok(lib.live >= start.live + 101);
    });
  assert.equal(scores.length, n);
  assert.equal(lib.live, start.live + 100, 'the loop in scope() left nothing');
  for (const g of dropped) g.free();
  assert.deepEqual(heapMark(lib), start, 'the wasm heap is where it started');
});

test('scope() keeps what fn returns, nests, frees on a throw, refuses a Promise', async () => {
  const lib = await load(); // its own instance: no game of another test is collected meanwhile
  const start = lib.live;
  const kept = lib.scope(() => {
    lib.newGame('classic', { seed: 1 });
    return lib.newGame('classic', { seed: 2 });
  });
  assert.equal(lib.live, start + 1);
  assert.equal(kept.freed, false);
  const [x, y] = lib.scope(() => {
    const inner = lib.scope(() => [lib.newGame('noddy'), lib.newGame('noddy')]);
    lib.newGame('classic');
    return inner;
  });
  assert.equal(lib.live, start + 3, 'an inner scope\'s kept games belong to the outer one, which keeps them too');
  assert.throws(() => lib.scope(() => {
    lib.newGame('classic');
    throw new Error('boom');
  }), /boom/);
  assert.equal(lib.live, start + 3, 'freed when fn throws');
  let late = null;
  await assert.rejects(
    (async () => lib.scope(async () => {
      late = lib.newGame('classic');
    }))(),
    /scope: fn returned a Promise/,
  );
  assert.equal(late.freed, true, 'what an async fn made is freed, not leaked');
  for (const g of [kept, x, y]) g.free();
  assert.equal(lib.live, start);
  refused(() => lib.scope(42), /scope/);
});

test('withGame() frees the game after fn, also when fn throws or returns a Promise', async () => {
  const lib = await load();
  const start = lib.live;
  let seen = null;
  const scores = lib.withGame('classic', { seed: 4, target: 31 }, (g) => {
    seen = g;
    while (!g.over) lib.bot('greedy').play(g);
    return g.scores;
  });
  assert.ok(Math.max(...scores) >= 31);
  assert.equal(seen.freed, true);
  assert.throws(() => lib.withGame('classic', {}, (g) => {
    seen = g;
    throw new Error('boom');
  }), /boom/);
  assert.equal(seen.freed, true);
  const p = lib.withGame('battlefield', { seed: 1 }, async (g) => {
    seen = g;
    await new Promise((r) => setImmediate(r));
    return g.toMove;
  });
  assert.equal(seen.freed, false, 'kept while the Promise runs');
  assert.equal(lib.live, start + 1);
  assert.equal(await p, 0);
  assert.equal(seen.freed, true);
  refused(() => lib.withGame('classic', {}), /withGame/);
});
