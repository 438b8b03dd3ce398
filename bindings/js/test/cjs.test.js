// The CommonJS entry (dist/index.cjs, written by tools/cjs.mjs from the ES
// module at `make wasm`): require() gives the same API as import, plays the
// same games, throws the same errors; it is current with index.js; and the
// generator refuses what it cannot turn into CommonJS rather than write a
// half-converted file.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as esm from '../index.js';
import { build, convert, declarations, CjsError } from '../tools/cjs.mjs';

const require = createRequire(import.meta.url);
const cjs = require('../dist/index.cjs');
const read = (f) => readFileSync(new URL(`../${f}`, import.meta.url), 'utf8');

test('require() gives every export of the ES module', () => {
  assert.deepEqual(Object.keys(cjs).sort(), Object.keys(esm).sort());
  assert.equal(cjs.HIDDEN, esm.HIDDEN);
  for (const [k, v] of Object.entries(esm)) assert.equal(typeof cjs[k], typeof v, k);
});

test('the CommonJS entry plays the same game as the ES module', async () => {
  const play = async (api) => {
    const bfc = await api.load();
    const g = bfc.newGame('classic', { players: 3, seed: 21 });
    const bot = bfc.bot('greedy', { seed: 5 });
    const texts = [];
    while (!g.over) for (const e of g.apply(bot.choose(g))) texts.push(e.text);
    const out = { version: bfc.version, texts, scores: g.scores, save: g.save() };
    g.free();
    return out;
  };
  const [a, b] = [await play(esm), await play(cjs)];
  assert.ok(a.texts.length > 50);
  assert.deepEqual(b, a);
});

test('the CommonJS entry throws its own error classes, with the same status and message', async () => {
  const [e1, e2] = await Promise.all([esm.load(), cjs.load()]).then(([x, y]) =>
    [x, y].map((bfc) => {
      try {
        bfc.parseCards('5H ZZ');
      } catch (e) {
        return e;
      }
      return null;
    }),
  );
  assert.ok(e2 instanceof cjs.BfcParseError && e2 instanceof cjs.BfcError && e2 instanceof Error);
  assert.equal(e2.name, 'BfcParseError');
  assert.deepEqual([e2.code, e2.status, e2.message, e2.offset], [e1.code, e1.status, e1.message, e1.offset]);
});

test('dist/index.cjs and dist/index.d.cts are current with index.js and index.d.ts', () => {
  const fresh = build({ index: read('index.js'), glue: read('dist/libbfc.mjs'), layout: read('dist/layout.js') });
  assert.equal(read('dist/index.cjs'), fresh, 'run make wasm');
  assert.equal(read('dist/index.d.cts'), declarations(read('index.d.ts')), 'run make wasm');
});

test('the generator refuses ES module syntax it cannot turn, naming the line', () => {
  const refused = [
    ["import x from './elsewhere.js';", /a\.js:1: cannot turn an import of '\.\/elsewhere\.js'/],
    ["import * as ns from './dist/layout.js';", /a\.js:1: cannot turn this import/],
    ['export { a, b };', /a\.js:1: cannot turn this line/],
    ['export * from "./x.js";', /a\.js:1: cannot turn this line/],
    ['const d = import.meta.dirname;', /import\.meta is used other than as import\.meta\.url/],
    ["import './side-effect.js';", /a\.js:1: cannot turn this line/],
  ];
  for (const [text, message] of refused)
    assert.throws(() => convert(text, 'a.js', { './dist/layout.js': 'L' }), (e) => e instanceof CjsError && message.test(e.message), text);
  assert.throws(() => declarations("import type { X } from './x';\n"), CjsError);
  assert.throws(() => build({ index: 'export default 1;\n', glue: 'var f = 1;\nexport default f;', layout: '' }), CjsError);
  // what it does turn
  const ok = convert("import { a as b, c } from './dist/layout.js';\nexport async function f() { return import.meta.url; }\n", 'a.js', { './dist/layout.js': 'L' });
  assert.deepEqual(ok.exported, ['f']);
  assert.match(ok.body, /^const \{ a: b, c \} = L;\nasync function f\(\) \{ return __bfcIndexUrl; \}/);
});
