// index.d.ts describes index.js: every export and every public method is
// declared, and a TypeScript program using the API compiles with --strict
// (when the package's dev dependency typescript is installed: npm ci).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import * as api from '../index.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const dts = readFileSync(`${root}/index.d.ts`, 'utf8');
const bfc = await api.load();

test('every export of index.js is declared in index.d.ts', () => {
  for (const name of Object.keys(api))
    assert.match(dts, new RegExp(`export declare (class|function|const) ${name}\\b`), name);
});

test('every public method and property is declared', () => {
  const g = bfc.newGame('battlefield', { seed: 1 });
  const declared = (cls, name) => {
    const body = dts.slice(dts.indexOf(`export declare class ${cls} `));
    const end = body.indexOf('\n}\n');
    return new RegExp(`\\n  (readonly )?${name}[?(:<]`).test(body.slice(0, end));
  };
  // every name a caller can reach is declared: no helper of the binding
  // (issue 29: lib.writeBoard() wrote at address 0) is public any more
  const own = (proto) => Object.getOwnPropertyNames(proto).filter((n) => n !== 'constructor');
  for (const n of own(api.Libbfc.prototype)) assert.ok(declared('Libbfc', n), `Libbfc.${n}`);
  for (const n of own(api.Game.prototype)) assert.ok(declared('Game', n), `Game.${n}`);
  for (const n of own(api.Bot.prototype)) assert.ok(declared('Bot', n), `Bot.${n}`);
  for (const n of own(api.SearchBot.prototype)) assert.ok(declared('SearchBot', n), `SearchBot.${n}`);
  for (const n of own(api.DialBot.prototype)) assert.ok(declared('DialBot', n), `DialBot.${n}`);
  for (const n of ['version', 'versionNumber', 'presets', 'names', 'live', 'module'])
    assert.ok(declared('Libbfc', n), `Libbfc.${n}`);
  g.free();
});

const tsc = `${root}/node_modules/typescript/bin/tsc`;
test('a TypeScript program compiles against index.d.ts (--strict)', { skip: existsSync(tsc) ? false : 'typescript not installed (npm ci in bindings/js)' }, () => {
  execFileSync(
    process.execPath,
    [tsc, '--noEmit', '--strict', '--target', 'es2022', '--module', 'nodenext', '--moduleResolution', 'nodenext', `${root}/test/usage.ts`],
    { stdio: 'pipe' },
  );
});

// issue 38: the union GameEvent lists every type the library names, and
// each member's fields are there on the library's events
test('GameEvent is a union on every event type, and its members hold their fields', () => {
  const declared = dts.match(/export type EventType =([^;]+);/)[1].match(/'[^']+'/g).map((x) => x.slice(1, -1)).sort();
  assert.deepEqual(declared, [...bfc.names.event].filter(Boolean).sort());
  const need = {
    score: ['seat', 'side', 'points', 'score', 'source', 'item'], play: ['seat', 'card', 'count', 'crib'], deal: ['seat', 'dealt'],
    show: ['points'], 'lay away': ['points'], reserve: ['points'], formation: ['points'], declare: ['points'], claim: ['points'],
    'game over': ['points'], board: ['board', 'points', 'score'], match: ['points', 'score'],
  };
  const seen = new Set();
  for (const [preset, opts] of [['battlefield', {}], ['classic', { muggins: true }], ['crib-wars', {}], ['classic', { match: 2 }]]) {
    for (let seed = 1; seed <= 6; seed++) {
      const g = bfc.newGame(preset, { players: 2, seed, ...opts });
      const bot = bfc.bot('random', { seed });
      const check = (e) => {
        seen.add(e.type);
        for (const k of need[e.type] ?? []) assert.ok(e[k] !== undefined && e[k] !== null, `${e.type} event without ${k}`);
      };
      g.startEvents.forEach(check);
      while (!g.over) g.apply(bot.choose(g)).forEach(check);
      g.free();
    }
  }
  for (const t of ['score', 'play', 'deal', 'show', 'game over', 'lay away', 'declare', 'claim']) assert.ok(seen.has(t), t);
});

test('tsc --strict narrows an event on its type (e.points a number after type === "score")', { skip: existsSync(tsc) ? false : 'typescript not installed (npm ci in bindings/js)' }, () => {
  const src = `${root}/test/narrow.ts`;
  const bad = `${root}/test/narrow_bad.ts`;
  execFileSync(process.execPath, [tsc, '--noEmit', '--strict', '--target', 'es2022', '--module', 'nodenext', '--moduleResolution', 'nodenext', src], { stdio: 'pipe' });
  // and without the test of the type, e.points may be absent: refused
  let out = '';
  try {
    execFileSync(process.execPath, [tsc, '--noEmit', '--strict', '--target', 'es2022', '--module', 'nodenext', '--moduleResolution', 'nodenext', bad], { stdio: 'pipe' });
  } catch (e) {
    out = String(e.stdout);
  }
  assert.match(out, /narrow_bad\.ts\(\d+,\d+\): error TS2322: Type 'number \| undefined' is not assignable to type 'number'/);
});
