// The README's tour runs as written (importing the package by its name)
// and prints what its comments say, in order ("..." stands for any text).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync, rmSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

test('README tour', () => {
  const readme = readFileSync(`${root}/README.md`, 'utf8');
  const code = readme.match(/```js\n([\s\S]*?)```/)[1];
  assert.match(code, /from 'libbfc'/);
  const expected = [...code.matchAll(/console\.log\(.*\);\s*\/\/ (.*)$/gm)].map((m) => m[1].trim());
  assert.ok(expected.length >= 5, 'the tour says what it prints');
  const file = `${root}/test/.tour-${process.pid}.mjs`; // inside the package: 'libbfc' resolves to itself
  writeFileSync(file, code);
  let out;
  try {
    out = execFileSync(process.execPath, [file], { encoding: 'utf8' }).split('\n');
  } finally {
    rmSync(file, { force: true });
  }
  let at = 0;
  for (const want of expected) {
    const re = new RegExp(`^${want.split('...').map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`);
    while (at < out.length && !re.test(out[at])) at++;
    assert.ok(at < out.length, `the tour prints "${want}"`);
    at++;
  }
});
