// The WebAssembly module exports exactly the functions bfc.h declares, plus
// malloc/free for buffers and the few entries emscripten's runtime needs;
// and it imports nothing but memory copy and growth and one clock (no file
// system, no printing: the library never prints). The clock is C11's
// timespec_get, which only the search bot's time budget reads
// (bfc_search_config.time_ms); emscripten's glue answers it from
// Date.now(), so a bot with an iteration budget never calls it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

const wasm = new WebAssembly.Module(readFileSync(new URL('../dist/libbfc.wasm', import.meta.url)));
const header = readFileSync(new URL('../../../include/bfc.h', import.meta.url), 'utf8');
const declared = [...header.matchAll(/^BFC_API [^(]*[ *](bfc_[a-z0-9_]*)\(/gm)].map((m) => m[1]);
const RUNTIME = ['memory', '__wasm_call_ctors', '__indirect_function_table', '__errno_location', 'stackSave', 'stackRestore', 'stackAlloc'];

test('exports: bfc.h functions, malloc/free, the runtime', () => {
  const names = WebAssembly.Module.exports(wasm).map((e) => e.name);
  assert.ok(declared.length > 50, 'bfc.h declares functions');
  assert.deepEqual(
    names.filter((n) => n.startsWith('bfc_')).sort(),
    [...new Set(declared)].sort(),
  );
  assert.ok(names.includes('malloc') && names.includes('free'));
  const other = names.filter((n) => !n.startsWith('bfc_') && n !== 'malloc' && n !== 'free');
  assert.deepEqual(other.filter((n) => !RUNTIME.includes(n) && !n.startsWith('emscripten_stack_')), []);
});

test('imports: memory copy and growth, and the clock of the search time budget', () => {
  const imports = WebAssembly.Module.imports(wasm).map((i) => `${i.module}.${i.name}`);
  assert.deepEqual(
    imports.filter((i) => !['env.emscripten_memcpy_big', 'env.emscripten_resize_heap'].includes(i)),
    ['env.timespec_get'],
  );
});
