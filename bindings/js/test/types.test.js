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
