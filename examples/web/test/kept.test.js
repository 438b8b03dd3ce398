// The kept game (kept.js) under hostile entries, in node through the npm
// package of build/web (make web): random and crafted entries must be
// restored or refused with a reason, and the work of each is bounded --
// counted in library calls (each apply, each new game), never timed. Issue
// 39: an entry of thousands of moves hung the page on every load (1,000
// moves 1.4 s, 3,000 10.7 s, 10,000 over 120 s); a chance of 1e308 drew
// Infinity; a save of one game came back under another's title.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LIMITS, STORE_FORMAT, restore, cleanChances } from '../kept.js';
import { keptGame, takes } from './kept-games.js';

const pkg = join(fileURLToPath(new URL('../../../', import.meta.url)), 'build/web/libbfc/index.js');
let bfc;

before(async () => {
  assert.ok(existsSync(pkg), `no package at ${pkg}: run \`make web\``);
  bfc = await (await import(pkg)).load();
});

// The library with its work counted: every game made (newGame, loadGame)
// and every move applied to one of them.
function counted() {
  const work = { games: 0, applies: 0, made: [] };
  const wrap = (g) => {
    work.games++;
    work.made.push(g);
    const apply = g.apply.bind(g);
    g.apply = (...a) => {
      work.applies++;
      return apply(...a);
    };
    return g;
  };
  const own = { newGame: (...a) => wrap(bfc.newGame(...a)), loadGame: (...a) => wrap(bfc.loadGame(...a)) };
  const lib = new Proxy(bfc, {
    get: (t, k) => own[k] ?? (typeof t[k] === 'function' ? t[k].bind(t) : t[k]),
  });
  return { lib, work };
}

// A small deterministic generator (xorshift), so a failure is reproducible.
function rng(seed) {
  let x = seed >>> 0 || 1;
  const next = () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x;
  };
  next.int = (n) => next() % n;
  next.pick = (xs) => xs[next() % xs.length];
  return next;
}

// A game of the page played by `choose` for n moves: its kept entry.
const played = (...a) => keptGame(bfc, ...a);
const BF = { preset: 'battlefield', bot: 'ismcts', level: 'easy', target: undefined, muggins: false };

// Restores raw; the outcome and the work it took. Every game the call made
// and did not hand back is freed.
function attempt(raw) {
  const { lib, work } = counted();
  const live = bfc.live;
  let out;
  let error = null;
  try {
    out = restore(lib, raw);
  } catch (e) {
    error = e;
  }
  if (out) {
    assert.equal(bfc.live, live + 1, 'the restored game alone is left');
    out.game.free();
  }
  assert.equal(bfc.live, live, 'every game made is freed');
  return { out, error, work };
}

test('a kept game comes back: its moves replayed once each, its start dealt again', () => {
  const e = played(BF, 7, 60);
  const { out, error, work } = attempt(JSON.stringify(e));
  assert.equal(error, null);
  assert.equal(out.moves.length, 60);
  assert.equal(work.games, 1, 'one game dealt');
  assert.equal(work.applies, 60, 'one apply a move');
  assert.equal(out.log.length, 60);
  assert.equal(out.settings.preset, 'battlefield');
});

test('the longest game a player can draw out comes back; past the bound an entry is refused before any work', () => {
  // every turn taking the frontline's card: seed 1 goes 2,870 moves
  const long = played(BF, 1, 10000, takes);
  assert.ok(long.moves.length > 2000 && long.moves.length <= LIMITS.moves, `${long.moves.length} moves`);
  let r = attempt(JSON.stringify(long));
  assert.equal(r.error, null, r.error?.message);
  assert.equal(r.work.applies, long.moves.length, 'linear: one apply a move');
  // 10,000 moves (issue 39: over 120 s a load): refused by its count
  const many = { ...long, moves: Array(10000).fill(long.moves[0]), movers: Array(10000).fill(0) };
  r = attempt(JSON.stringify(many));
  assert.match(r.error.message, /^it has 10000 moves, more than a kept game may have \(4000\)$/);
  assert.deepEqual([r.work.games, r.work.applies], [0, 0], 'no work before the bound');
  // larger than the bound in characters: refused before it is parsed
  const big = JSON.stringify({ ...long, pad: 'x'.repeat(LIMITS.bytes) });
  r = attempt(big);
  assert.match(r.error.message, /^it is larger than a kept game may be \(\d+ characters, at most 262144\)$/);
  assert.deepEqual([r.work.games, r.work.applies], [0, 0]);
});

test('a chance of 1e308, -1 or NaN is not a chance: dropped, the rest kept', () => {
  const e = played({ ...BF, preset: 'classic' }, 3, 10);
  e.chances = [{ ply: 0, value: 0.4, kind: 'deal' }, { ply: 1, value: 1e308, kind: 'deal' }, { ply: 2, value: -1, kind: 'hint' },
    { ply: 3, value: null, kind: 'hint' }, { ply: 4, value: 0.7, kind: 'nonsense' }, { ply: 1e9, value: 0.5, kind: 'deal' },
    { ply: 5, value: '0.5', kind: 'deal' }, null, 7, { ply: 10, value: 1, kind: 'end' }];
  const { out } = attempt(JSON.stringify(e));
  assert.deepEqual(out.chances, [{ ply: 0, value: 0.4, kind: 'deal' }, { ply: 10, value: 1, kind: 'end' }]);
  assert.deepEqual(cleanChances([{ ply: 0, value: Infinity, kind: 'deal' }], 0), []);
});

test('a save of another game does not come back under this one\'s title', () => {
  // the moves and save of a Battlefield game under the classic preset
  const bf = played(BF, 5, 12);
  let r = attempt(JSON.stringify({ ...bf, settings: { ...bf.settings, preset: 'classic' } }));
  assert.ok(r.error, 'refused');
  assert.match(r.error.message, /move \d+|do not lead to the game saved|not legal|illegal/i);
  // its save with no moves: the classic deal of that seed is not it
  r = attempt(JSON.stringify({ ...bf, moves: [], movers: [], settings: { ...bf.settings, preset: 'classic' } }));
  assert.match(r.error.message, /^its moves do not lead to the game saved$/);
  // a different seed: the same
  r = attempt(JSON.stringify({ ...bf, seed: 6 }));
  assert.ok(r.error);
});

// The fuzzer: entries made by mutating real ones and at random. Each is
// restored or refused with an Error of a sentence (never a TypeError or a
// crash), within the bounds: one game dealt at most, no more applies than
// moves in the entry nor than LIMITS.moves, every game freed.
test('fuzz: 1,500 random and crafted kept entries, each bounded work and a reason', () => {
  const r = rng(0x5eed);
  const bases = [played(BF, 11, 40), played({ ...BF, preset: 'classic', target: 31 }, 12, 30),
    played({ ...BF, preset: 'captains', muggins: true }, 13, 50), played(BF, 2, 3000, takes)];
  const junk = () => r.pick([null, true, 0, -1, 1.5, 2 ** 60, NaN, 'x', '', [], {}, [1, 2], { a: 1 }, '__proto__', 1e308, -0]);
  const mutate = (base) => {
    const e = structuredClone(base);
    const keys = ['format', 'version', 'settings', 'seed', 'moves', 'movers', 'chances', 'save'];
    for (let k = 0, n = 1 + r.int(3); k < n; k++) {
      const key = r.pick(keys);
      switch (r.int(9)) {
        case 0: delete e[key]; break;
        case 1: e[key] = junk(); break;
        case 2: if (Array.isArray(e.moves) && e.moves.length) e.moves[r.int(e.moves.length)] = r.pick([r.int(4096), -1, 1.5, 'draw', null, 2 ** 53]); break;
        case 3: if (Array.isArray(e.moves)) e.moves = e.moves.slice(0, r.int(e.moves.length + 1)); break;
        case 4: { const n2 = r.pick([LIMITS.moves, LIMITS.moves + 1, 5000, 20000]);
          e.moves = Array.from({ length: n2 }, () => r.int(600)); e.movers = Array.from({ length: n2 }, () => r.int(3)); break; }
        case 5: e.settings = { ...e.settings, preset: r.pick(['classic', 'battlefield', 'noddy', 'solitaire', 'nope', '']),
          target: r.pick([undefined, 31, 61, 0, -5, 1e9, '61']), muggins: r.pick([true, false, 'yes']) }; break;
        case 6: e.seed = r.pick([0, 1, e.seed + 1, -3, 2 ** 53, 1.25, '7']); break;
        case 7: e.save = r.pick(['', 'bfc-game 3\nnonsense', String(e.save).replace(/\d/, '9'), e.save + '\n']); break;
        default: e.chances = Array.from({ length: r.int(6) }, () => ({ ply: junk(), value: junk(), kind: r.pick(['deal', 'hint', 'end', 'x']) }));
      }
    }
    return e;
  };
  const raw = (e) => {
    const text = JSON.stringify(e) ?? 'undefined';
    switch (r.int(12)) {
      case 0: return text.slice(0, r.int(text.length)); // cut short
      case 1: return '\u0000' + text;
      default: return text;
    }
  };
  let restored = 0;
  const reasons = new Map();
  for (let i = 0; i < 1500; i++) {
    const base = r.pick(bases);
    const e = i % 10 === 9 ? junk() : mutate(base);
    const text = raw(e);
    const { out, error, work } = attempt(text);
    const moves = Array.isArray(e?.moves) ? e.moves.length : 0;
    assert.ok(work.games <= 1, `entry ${i}: ${work.games} games made`);
    assert.ok(work.applies <= Math.min(moves, LIMITS.moves), `entry ${i}: ${work.applies} applies for ${moves} moves`);
    if (out) {
      restored++;
      for (const c of out.chances) assert.ok(c.value >= 0 && c.value <= 1 && c.ply <= out.moves.length);
    } else {
      assert.ok(error instanceof Error, `entry ${i}: ${error}`);
      assert.ok(!(error instanceof TypeError) && !(error instanceof RangeError), `entry ${i}: ${error.stack}`);
      assert.ok(error.message.length > 0 && error.message.length < 300, error.message);
      const why = error.message.replace(/\d+/g, 'N').slice(0, 50);
      reasons.set(why, (reasons.get(why) ?? 0) + 1);
    }
  }
  if (process.env.KEPT_FUZZ_VERBOSE) console.log(restored, reasons);
  // the fuzzer reached both sides: entries restored and many reasons
  assert.ok(restored > 20, `${restored} restored`);
  assert.ok(reasons.size >= 8, [...reasons.keys()].join(' | '));
  assert.equal(STORE_FORMAT, 2);
});

// issue 35: a kept game against a step of the strength dial comes back
// with its step; a step that plays as a level brings that level; a name the
// page does not play falls back to the search bot
test('a kept game against a step of the dial comes back with its step and its level', () => {
  for (const [bot, level, want] of [
    ['step3', 'hard', ['step3', 'hard']],
    ['step9', 'easy', ['step9', 'medium']],
    ['step10', 'bogus', ['step10', 'hard']],
    ['step11', 'medium', ['ismcts', 'medium']],
    ['step0', 'medium', ['ismcts', 'medium']],
    ['step03', 'easy', ['ismcts', 'easy']],
  ]) {
    const { out, error } = attempt(JSON.stringify(played({ ...BF, bot, level }, 7, 20)));
    assert.equal(error, null, `${bot}: ${error?.message}`);
    assert.deepEqual([out.settings.bot, out.settings.level], want, bot);
  }
});
