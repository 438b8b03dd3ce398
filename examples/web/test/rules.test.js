// The "How to play" panel's text (rules.js) is generated from the
// project's rules reference, doc/rules.md, by tools/rules.mjs: it must be
// the file that doc/rules.md gives now, and hold the sections each game's
// panel names, with the reference's own words.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { build, sections, SOURCE, TARGET, GAMES } from '../tools/rules.mjs';

test('rules.js is up to date with doc/rules.md (else: node examples/web/tools/rules.mjs)', () => {
  assert.equal(readFileSync(TARGET, 'utf8'), build(readFileSync(SOURCE, 'utf8')));
});

test('the panel of each game holds its sections of doc/rules.md, rendered', async () => {
  const { SECTIONS, GAMES: games } = await import('../rules.js');
  assert.deepEqual(games, GAMES);
  for (const nums of Object.values(games)) for (const n of nums) assert.ok(SECTIONS[n]?.html.length > 100, `section ${n}`);
  assert.equal(SECTIONS['2.1'].title, '2.1 Counting a hand (the show)');
  assert.match(SECTIONS['2.1'].html, /<li><p><strong>Fifteens\.<\/strong> Each different set of cards/);
  assert.match(SECTIONS['2.3'].html, /<table><thead><tr><th>cards<\/th>/);
  assert.doesNotMatch(SECTIONS['2.1'].html, /In the library|bfc_|\*\*|`/, 'no programmer\'s paragraph, no markdown left');
  assert.ok(games.battlefield.includes('4.4') && games.classic.includes('3.1'));
  // a section the reference does not have is an error, not an empty panel
  assert.throws(() => build('# x\n## 2. Points\n\ntext\n'), /no section 4\.1 \(wanted by battlefield\)/);
  assert.deepEqual(Object.keys(sections('## 9. A\n\npara *it* `c<d`\n\n### 9.1 B\n\n- **x** y\n  z\n')), ['9', '9.1']);
  assert.equal(sections('## 9. A\n\npara *it* `c<d`\n')['9'].html, '<p>para <em>it</em> <code>c&lt;d</code></p>');
});
