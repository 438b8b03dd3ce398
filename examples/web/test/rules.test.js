// The "How to play" panel's text (rules.js) is generated from the
// project's rules reference, doc/rules.md, by tools/rules.mjs: it must be
// the file that doc/rules.md gives now, and hold the sections each game's
// panel names, with the reference's own words.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { build, sections, overviews, SOURCE, OVERVIEWS, TARGET, GAMES } from '../tools/rules.mjs';

const overviewMd = readFileSync(OVERVIEWS, 'utf8');

test('rules.js is up to date with doc/rules.md and tools/overviews.md (else: node examples/web/tools/rules.mjs)', () => {
  assert.equal(readFileSync(TARGET, 'utf8'), build(readFileSync(SOURCE, 'utf8'), overviewMd));
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
  assert.throws(() => build('# x\n## 2. Points\n\ntext\n', overviewMd), /no section 4\.1 \(wanted by battlefield\)/);
  assert.deepEqual(Object.keys(sections('## 9. A\n\npara *it* `c<d`\n\n### 9.1 B\n\n- **x** y\n  z\n')), ['9', '9.1']);
  assert.equal(sections('## 9. A\n\npara *it* `c<d`\n')['9'].html, '<p>para <em>it</em> <code>c&lt;d</code></p>');
});

// Issue 38 item 4: 4.4 "A turn" is a numbered list in doc/rules.md, and was
// flattened into one paragraph ("1. On a player's first turn ... 2. Then")
test('numbered steps stay a numbered list, with the list inside a step', async () => {
  const { SECTIONS } = await import('../rules.js');
  const turn = SECTIONS['4.4'].html;
  assert.match(turn, /<ol><li><p><strong>On a player's first turn of each skirmish only<\/strong>/);
  assert.match(turn, /<li><p>Then they do one of these:<\/p><ul><li><p><strong>Draw<\/strong>/);
  assert.match(turn, /<\/ul><p>Drawing is not allowed while the pile holds exactly two cards \(4\.6\)\.<\/p><\/li><li><p>The card placed/);
  assert.doesNotMatch(turn, /<p>\d\. /, 'no step number left in a paragraph');
  const md = '## 9. A\n\n1. one\n   more\n2. two\n   - a\n     b\n\n   after\n3. three\n\n- x\n  31. not a step\n';
  assert.equal(sections(md)['9'].html,
    '<ol><li><p>one more</p></li><li><p>two</p><ul><li><p>a b</p></li></ul><p>after</p></li><li><p>three</p></li></ol>' +
    '<ul><li><p>x 31. not a step</p></li></ul>');
});

// Issue 38 item 4: the Crib Wars page showed 3.10 (more games) where its
// board is 3.9 (the options of the classic games)
test('Crib Wars shows 3.9, the section of its board', async () => {
  const { SECTIONS, GAMES: games } = await import('../rules.js');
  assert.ok(games['crib-wars'].includes('3.9') && !games['crib-wars'].includes('3.10'));
  assert.match(SECTIONS['3.9'].html, /<strong>The Crib Wars board<\/strong>/);
  for (const g of ['seven-card', 'captains']) assert.ok(games[g].includes('3.10'), g);
});

// Issue 38 item 4: a player met "seed 000" and D-codes before any word on
// what the game is: each game leads with an overview of its own
test('each game has an overview of a screen, in the page\'s words, before the reference', async () => {
  const { OVERVIEWS } = await import('../rules.js');
  assert.deepEqual(Object.keys(OVERVIEWS).sort(), Object.keys(GAMES).sort());
  for (const [game, html] of Object.entries(OVERVIEWS)) {
    const words = html.replace(/<[^>]+>/g, ' ').split(/\s+/).filter(Boolean).length;
    assert.ok(words >= 40 && words <= 330, `${game}: ${words} words`);
    assert.doesNotMatch(html, /seed 00\d|\bD\d+\b|bfc_|\*\*|`/, `${game}: no citation, code or markdown`);
  }
  assert.match(OVERVIEWS.battlefield, /<strong>A turn:<\/strong>/);
  // a game of GAMES without an overview is an error, not an empty panel
  assert.throws(() => build(readFileSync(SOURCE, 'utf8'), '## classic\n\ntext\n'), /no overview of battlefield/);
  assert.deepEqual(Object.keys(overviews('# t\n\nintro\n\n## a\n\nx\n\n## b\n\n- y\n')), ['a', 'b']);
});
