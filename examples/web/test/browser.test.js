// The web page in a real browser: Debian's chromium (/usr/bin/chromium),
// driven by playwright-core, plays whole short games (target 31) by
// clicking, as a person would; the scores the page shows must equal the
// library's for the same seed and moves (replayed here through the npm
// package), with no console error. Screenshots go to build/web-shots/.
// Run by `make check-web` after `make web` (and npm ci in examples/web).
//
// A missing browser, driver or page is a failure, not a skip (a check that
// cannot fail is no check): the first test says what is missing and the
// command that fixes it, and the others, which need it, do not run. Nothing
// here waits for a time: Playwright's time limits are off, so every step
// waits for what it needs on the page, however loaded the machine.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const webDir = join(root, 'build/web');
const shots = join(root, 'build/web-shots');
const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';

let chromium = null;
let driverError = '';
try {
  ({ chromium } = await import('playwright-core'));
} catch (e) {
  chromium = null;
  driverError = e.message.split('\n')[0];
}
// what is missing, and the command that fixes it; '' when all is there
const missing = !chromium
  ? `playwright-core, the browser driver, cannot be loaded (${driverError}): run \`cd examples/web && npm ci\``
  : !existsSync(CHROMIUM)
    ? `no browser at ${CHROMIUM}: run \`apt-get install chromium\` (or set CHROMIUM to a Chromium's path)`
    : !existsSync(join(webDir, 'index.html'))
      ? `no page at ${join(webDir, 'index.html')}: run \`make web\``
      : '';
const skip = missing ? 'needs the browser, its driver and the page (see the failure above)' : false;

test('the browser, its driver and the page are there (else: the command that fixes it)', () => {
  if (missing) assert.fail(missing);
});

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
};

// A static server for build/web on 127.0.0.1 (an ephemeral port).
function serve(dir) {
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
    let file = join(dir, path);
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
    if (!file.startsWith(dir) || !existsSync(file)) {
      res.writeHead(404).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    res.end(readFileSync(file));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

let server;
let context;
let base;
let profile;
let bfc;

before(async () => {
  if (skip) return;
  mkdirSync(shots, { recursive: true });
  server = await serve(webDir);
  base = `http://127.0.0.1:${server.address().port}/`;
  profile = mkdtempSync(join(tmpdir(), 'bfc-chromium-'));
  context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    timeout: 0, // wait for the browser to start, however long it takes
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
    viewport: { width: 1100, height: 900 },
  });
  // no time limits: each step waits for its event (a selector, a load)
  context.setDefaultTimeout(0);
  context.setDefaultNavigationTimeout(0);
  const { load } = await import(join(webDir, 'libbfc/index.js'));
  bfc = await load();
});

after(async () => {
  if (context) await context.close();
  if (server) server.close();
  if (profile) rmSync(profile, { recursive: true, force: true });
});

function watch(page) {
  const errors = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => errors.push(`page: ${e.message}`));
  page.on('requestfailed', (r) => errors.push(`request: ${r.url()} ${r.failure()?.errorText}`));
  return errors;
}

// Starts a game from the menu, as a person does.
async function startGame(page, game, target, { muggins = false } = {}) {
  await page.selectOption('#game-select', game);
  await page.selectOption('#bot-select', 'ismcts');
  await page.selectOption('#level-select', 'easy');
  await page.selectOption('#target-select', String(target));
  if (muggins) await page.check('#muggins');
  else if (await page.isEnabled('#muggins')) await page.uncheck('#muggins');
  await page.click('#new-game-button');
  await page.waitForSelector(`#table[data-game="${game}"][data-state="you"], #table[data-game="${game}"][data-state="over"]`);
}

// Plays the human's moves until the game is over: slots or cards for
// the reveal and the discards, the hint button and the hinted move, or a
// number key; returns how many moves were made.
// onTurn(phase) runs before each of the human's moves.
async function playOut(page, { shotAt, shotName, onTurn } = {}) {
  let moves = 0;
  for (;;) {
    await page.waitForSelector('#table[data-state="you"], #table[data-state="over"]');
    const state = await page.getAttribute('#table', 'data-state');
    if (state === 'over') return moves;
    const phase = await page.getAttribute('#table', 'data-phase');
    const before = await page.getAttribute('#table', 'data-moves');
    if (onTurn) await onTurn(phase);
    if (phase === 'reveal' || phase === 'discard') {
      // pick: two formation slots, or the cards to throw
      const picks = page.locator('#board button.pick:not([disabled])');
      const n = phase === 'reveal' ? 2 : await page.evaluate(() => {
        const t = document.querySelector('#status').textContent;
        return Number((t.match(/Throw (\d)/) ?? [0, 1])[1]);
      });
      await picks.nth(0).click();
      if (n === 2) await page.locator('#board button.pick:not([disabled])').nth(1).click();
    } else if (moves % 3 === 2) {
      // the keyboard: the first listed move
      await page.locator('#moves .move').first().waitFor();
      await page.keyboard.press('1');
    } else {
      await page.click('#hint-button');
      await page.locator('#moves .move.hinted').click();
    }
    await page.waitForFunction((b) => document.querySelector('#table').dataset.moves !== b, before);
    moves++;
    if (shotAt && moves === shotAt) await page.screenshot({ path: join(shots, shotName), fullPage: true });
  }
}

// The log names players and sides one way, the library's: "player N" and
// "side N", numbered from 1 (issue 28: it mixed "You", "Player 2", "player
// 2" and "side 2"), never a number the game does not have.
async function checkNames(page) {
  const d = await page.evaluate(() => ({ ...document.querySelector('#table').dataset }));
  const players = Number(d.players);
  const log = await page.$$eval('#log li', (xs) => xs.map((x) => x.textContent));
  assert.ok(log.length > 5);
  for (const line of log) {
    assert.doesNotMatch(line, /\b(You|you|Bots?|Player|Side|seat)\b/, `one way to name a player: "${line}"`);
    for (const [, n] of line.matchAll(/\bplayer (\d+)/g)) assert.ok(n >= 1 && n <= players, `"${line}"`);
    for (const [, n] of line.matchAll(/\bside (\d+)/g)) assert.ok(n >= 1 && n <= players, `"${line}"`);
  }
  assert.ok(log.some((l) => /^player \d, (hand|crib|battlefield|reserve|frontline|cease-fire|play): /.test(l)) || d.game === 'battlefield' || d.game === 'captains',
    'the narrated counts name the player as the library does');
  return log;
}

// The page's game replayed through the npm package: the same scores.
async function checkAgainstLibrary(page) {
  const d = await page.evaluate(() => ({ ...document.querySelector('#table').dataset }));
  const shown = await page.$$eval('#score-line .score strong', (xs) => xs.map((x) => Number(x.textContent)));
  const pegs = await page.$$eval('#peg-board .peg:not(.back)', (xs) =>
    xs.map((x) => [Number(x.dataset.side), Number(x.dataset.hole)]),
  );
  const status = await page.textContent('#status');
  const g = bfc.newGame(d.game, { players: Number(d.players), seed: Number(d.seed), target: Number(d.target), muggins: d.muggins === '1' });
  for (const id of d.moves.split(' ').filter(Boolean)) g.apply(Number(id));
  assert.equal(g.over, true, 'the library says the game is over too');
  assert.deepEqual(shown, g.scores, 'the scores shown are the library\'s');
  assert.deepEqual(d.scores.split(' ').map(Number), g.scores);
  for (const [side, hole] of pegs) assert.equal(hole, Math.min(g.scores[side], g.rules.target), 'a peg in its hole');
  assert.equal(pegs.length, g.scores.filter((s) => s > 0).length);
  assert.match(status, g.winner === 0 ? /you win/ : /(player \d|side \d \(players [\d ,and]+\)) wins/);
  // a short game: the winner reached its target (31; a captain half of it)
  const target = g.rules.captain && g.winner === 0 ? Math.ceil(g.rules.target / 2) : g.rules.target;
  assert.equal(g.rules.target, 31);
  assert.ok(g.scores[g.winner] >= target, `the winner reached ${target}`);
  g.free();
  return d;
}

test('Battlefield Cribbage to 31 against the search bot (easy), by clicking', { skip }, async () => {
  const page = await context.newPage();
  const errors = watch(page);
  await page.goto(`${base}?delay=0`);
  await page.waitForSelector('#table[data-state="you"]');
  await startGame(page, 'battlefield', 31);
  assert.equal(await page.locator('#board .formation').count(), 2, 'two formations');
  assert.match(await page.textContent('#frontline-sum'), /^sum \d+$/);
  assert.match(await page.textContent('#pile-count'), /^\d+ cards$/);
  await page.screenshot({ path: join(shots, 'battlefield-start.png'), fullPage: true });
  const moves = await playOut(page, { shotAt: 6, shotName: 'battlefield-middle.png' });
  assert.ok(moves >= 6, `played ${moves} moves`);
  await page.screenshot({ path: join(shots, 'battlefield-end.png'), fullPage: true });
  await checkAgainstLibrary(page);
  const log = await checkNames(page);
  assert.ok(log.some((l) => /^game over/.test(l)), 'the log ends the game');
  assert.ok(log.some((l) => /deals 5 cards each/.test(l)), 'the deal in the log');
  assert.ok(!log.some((l) => / draws [2-9TJQKA][CDHS]$/.test(l) && /player 2/.test(l)), 'the bot\'s draws stay hidden');
  assert.deepEqual(errors, [], 'no console error');
  await page.close();
});

test('a classic game to 31, and the page on a phone-sized screen', { skip }, async () => {
  const page = await context.newPage();
  await page.setViewportSize({ width: 390, height: 844 });
  const errors = watch(page);
  await page.goto(`${base}?delay=0`);
  await page.waitForSelector('#table[data-state]');
  await startGame(page, 'classic', 31);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 390, `no sideways scrolling on a phone (${width}px)`);
  const moves = await playOut(page, { shotAt: 4, shotName: 'classic-phone-middle.png' });
  assert.ok(moves >= 2);
  await page.screenshot({ path: join(shots, 'classic-phone-end.png'), fullPage: true });
  await checkAgainstLibrary(page);
  await checkNames(page);
  const narrated = await page.$$eval('#log li.score', (xs) => xs.map((x) => x.textContent));
  assert.ok(narrated.some((l) => /fifteen two|a pair is|a run of|nothing/.test(l)), 'counts narrated as players say them');
  assert.deepEqual(errors, [], 'no console error');
  await page.close();
});

test('captain\'s cribbage with muggins to 31: the page asks for the play\'s declarations', { skip }, async () => {
  const page = await context.newPage();
  const errors = watch(page);
  await page.goto(`${base}?delay=0`);
  await page.waitForSelector('#table[data-state]');
  const games = await page.$$eval('#game-select option', (xs) => xs.map((x) => x.value));
  for (const name of ['seven-card', 'captains']) assert.ok(games.includes(name), `the menu offers ${name}`);
  await startGame(page, 'captains', 31, { muggins: true });
  assert.equal(await page.getAttribute('#table', 'data-players'), '3');
  assert.equal(await page.getAttribute('#table', 'data-muggins'), '1');
  const sides = await page.$$eval('#score-line .score .who', (xs) => xs.map((x) => x.textContent));
  assert.deepEqual(sides, ['Side 1 (player 1, you)', 'Side 2 (players 2 and 3)'], 'the captain against a team');
  let declared = null;
  const moves = await playOut(page, {
    async onTurn(phase) {
      if (phase !== 'declare' || declared) return;
      const status = await page.textContent('#status');
      if (!/^Muggins: declare what your/.test(status)) return;
      declared = status;
      await page.screenshot({ path: join(shots, 'captains-muggins-declare.png'), fullPage: true });
    },
  });
  assert.ok(moves >= 4, `played ${moves} moves`);
  assert.ok(declared, 'the human declared a card laid in the play');
  assert.match(declared, /^Muggins: declare what your [2-9TJQKA][CDHS] \(the play [2-9TJQKA][CDHS]( [2-9TJQKA][CDHS])*, count \d+(, and the point for the go or last card)?\) scores\./);
  await page.screenshot({ path: join(shots, 'captains-end.png'), fullPage: true });
  await checkAgainstLibrary(page);
  const log = await checkNames(page);
  assert.ok(log.some((l) => /^player [23] declares \d+$/.test(l)), 'the bots declare too');
  assert.ok(!log.some((l) => /^player [23] throws [2-9TJQKA][CDHS]/.test(l)), 'the bots\' discards stay hidden');
  assert.deepEqual(errors, [], 'no console error');
  await page.close();
});

test('keyboard: every control is reachable with Tab', { skip }, async () => {
  const page = await context.newPage();
  const errors = watch(page);
  await page.goto(`${base}?delay=0&game=battlefield&target=31`);
  await page.waitForSelector('#table[data-state="you"]');
  const seen = new Set();
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    seen.add(await page.evaluate(() => document.activeElement?.id || document.activeElement?.className || document.activeElement?.tagName));
  }
  for (const id of ['game-select', 'bot-select', 'level-select', 'target-select', 'new-game-button', 'hint-button'])
    assert.ok(seen.has(id), `Tab reaches #${id}`);
  assert.ok([...seen].some((x) => /pick/.test(x)), 'Tab reaches the formation slots');
  // keys: h gives a hint, n goes to the menu
  await page.locator('body').click({ position: { x: 2, y: 2 } });
  await page.keyboard.press('h');
  // the first reveal: every pair of slots is the same to everyone (RULES D7)
  assert.match(await page.textContent('#hint li'), /^reveal \d \d \(or any of 9 alike\)$/);
  await page.keyboard.press('n');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'game-select');
  assert.deepEqual(errors, []);
  await page.close();
});

// The page's game (its data-* attributes) replayed through the package.
function replay(d) {
  const g = bfc.newGame(d.game, { players: Number(d.players), seed: Number(d.seed), target: Number(d.target), muggins: d.muggins === '1' });
  for (const id of d.moves.split(' ').filter(Boolean)) g.apply(Number(id));
  return g;
}

// The hint's suggestions, each a move id the library says is legal in the
// page's game (replayed here through the package).
async function checkHint(page) {
  await page.click('#hint-button');
  await page.waitForSelector('#hint li[data-move]');
  const d = await page.evaluate(() => ({ ...document.querySelector('#table').dataset }));
  const rows = await page.$$eval('#hint li[data-move]', (xs) => xs.map((x) => [Number(x.dataset.move), x.textContent]));
  const g = replay(d);
  const legal = new Set(g.legalMoves().map((m) => m.id));
  assert.ok(rows.length >= 1, 'at least one suggestion');
  for (const [id, text] of rows) {
    assert.ok(legal.has(id), `the suggestion "${text}" is a legal move`);
    assert.ok(text.startsWith(bfc.move(id).text), text);
  }
  const hinted = await page.$$eval('#moves .move.hinted', (xs) => xs.map((x) => Number(x.dataset.move)));
  assert.deepEqual(hinted, [rows[0][0]], 'the first suggestion is the hinted move');
  g.free();
  return { rows, phase: d.phase, title: await page.textContent('#hint .hint-title'), d };
}

// A hint row of the search: moves alike on one line, the chance of
// winning and the playouts behind it (issue 28 item 8: how sure it is)
const SEARCH_ROW = /^(draw|place|turn|(take|swap) \d( or \d| \(or any of \d alike\))?): \d+% to win( \(wins now\))?, \d+ playouts$/;

test('the Hint button: the search analysis in Battlefield, the advice in wins for a classic discard', { skip }, async () => {
  const page = await context.newPage();
  const errors = watch(page);
  await page.goto(`${base}?delay=0&game=battlefield&target=31&seed=4`);
  await page.waitForSelector('#table[data-state="you"]');
  assert.equal(await page.getAttribute('#table', 'data-bot'), 'ismcts easy', 'the search bot at easy by default');
  let h = await checkHint(page);
  assert.equal(h.phase, 'reveal');
  // the first reveal: the ten pairs are the same to everyone, on one line
  assert.match(h.title, /^Search bot: these moves are all the same to everyone; nothing to weigh$/);
  assert.deepEqual(h.rows.map(([, t]) => t), ['reveal 0 1 (or any of 9 alike)']);
  let searched = 0;
  // a few moves on, a skirmish decision
  for (let i = 0; i < 3; i++) {
    await page.waitForSelector('#table[data-state="you"], #table[data-state="over"]');
    if ((await page.getAttribute('#table', 'data-state')) === 'over') break;
    const before = await page.getAttribute('#table', 'data-moves');
    if ((await page.getAttribute('#table', 'data-phase')) === 'reveal') {
      await page.locator('#board button.pick:not([disabled])').nth(0).click();
      await page.locator('#board button.pick:not([disabled])').nth(1).click();
    } else await page.locator('#moves .move.hinted').click();
    await page.waitForFunction((b) => document.querySelector('#table').dataset.moves !== b, before);
    await page.waitForSelector('#table[data-state="you"], #table[data-state="over"]');
    if ((await page.getAttribute('#table', 'data-state')) === 'you') {
      h = await checkHint(page);
      if (h.phase === 'reveal') continue;
      assert.match(h.title, /^Search bot \(medium, \d+ playouts\): the best moves and their chance of winning$/);
      for (const [, text] of h.rows) assert.match(text, SEARCH_ROW);
      searched++;
    }
  }
  assert.ok(searched > 0, 'a search hint was seen');
  await page.screenshot({ path: join(shots, 'hint-battlefield.png'), fullPage: true });
  // classic to 61: each discard's chance of winning (the library has a
  // table for it) and its expected points, best first -- the library's
  // advice in wins for the seat (the search's crib model for two players),
  // replayed here through the package
  await page.goto(`${base}?delay=0&game=classic&target=61&seed=6`);
  await page.waitForSelector('#table[data-state="you"][data-phase="discard"]');
  h = await checkHint(page);
  assert.match(h.title, /^Search bot \(medium\): each discard's chance of winning and expected points/);
  assert.equal(h.rows.length, 3);
  for (const [, text] of h.rows) assert.match(text, /^discard \S\S \S\S: keep (\S\S ){3}\S\S — \d+% to win, -?\d+\.\d\d points$/);
  const wins = h.rows.map(([, t]) => Number(t.match(/(\d+)% to win/)[1]));
  assert.deepEqual(wins, [...wins].sort((a, b) => b - a), 'best first');
  let g = replay(h.d);
  const advice = g.adviseDiscard({ crib: 'played', win: true });
  assert.equal(h.rows[0][0], advice[0].move.id, 'the advice\'s best first');
  for (const [id, text] of h.rows) {
    const o = advice.find((x) => x.move.id === id);
    assert.ok(text.endsWith(`${(100 * o.win).toFixed(0)}% to win, ${o.totalEv.toFixed(2)} points`), text);
  }
  g.free();
  // to 31 there is no table of the chance of winning: the points alone
  await page.goto(`${base}?delay=0&game=classic&target=31&seed=6`);
  await page.waitForSelector('#table[data-state="you"][data-phase="discard"]');
  h = await checkHint(page);
  assert.match(h.title, /^Search bot \(medium\): each discard's expected points \(hand and crib\), best first$/);
  g = replay(h.d);
  const points = g.adviseDiscard({ crib: 'played' });
  assert.equal(h.rows[0][0], points[0].move.id, 'the advice\'s best first');
  for (const [id, text] of h.rows) {
    const o = points.find((x) => x.move.id === id);
    assert.ok(text.endsWith(` — ${o.totalEv.toFixed(2)} points`), text);
  }
  g.free();
  await page.screenshot({ path: join(shots, 'hint-classic-discard.png'), fullPage: true });
  assert.deepEqual(errors, [], 'no console error');
  await page.close();
});

test('opened from a file, the page says what to do instead of staying blank', { skip, timeout: 60000 }, async () => {
  const page = await context.newPage();
  await page.goto(`file://${join(webDir, 'index.html')}`);
  await page.waitForFunction(() => /http/.test(document.querySelector('#notice')?.textContent ?? ''));
  assert.equal(await page.isVisible('#notice'), true);
  const text = await page.textContent('#notice');
  assert.match(text, /opened as a file/);
  assert.match(text, /python3 -m http\.server -d build\/web 8000/);
  assert.match(text, /http:\/\/localhost:8000\//);
  assert.equal(await page.getAttribute('#table', 'data-state'), 'loading', 'no game without the library');
  await page.screenshot({ path: join(shots, 'opened-from-a-file.png'), fullPage: true });
  await page.close();
});

test('the title, the heading and the summary name the game played and its target', { skip, timeout: 60000 }, async () => {
  const page = await context.newPage();
  const errors = watch(page);
  await page.goto(`${base}?delay=0&game=classic&target=61&seed=2`);
  await page.waitForSelector('#table[data-state="you"]');
  assert.equal(await page.isVisible('#notice'), false, 'the loading notice is gone');
  assert.equal(await page.title(), 'Cribbage · libbfc', 'not "Battlefield Cribbage" during a classic game');
  assert.equal(await page.textContent('#game-title'), 'Cribbage');
  const summary = await page.textContent('#game-summary');
  assert.match(summary, /^Cribbage, played to 61 points here: usually /, 'the summary says the target played to');
  assert.equal(await page.textContent('#score-line .target'), 'to 61');
  // the summary follows the menu, and the next game's title its game
  await page.selectOption('#target-select', '');
  assert.equal(await page.textContent('#game-summary'), `Cribbage: ${bfc.preset('classic').summary}.`);
  await startGame(page, 'battlefield', 31);
  assert.equal(await page.title(), 'Battlefield Cribbage · libbfc');
  assert.match(await page.textContent('#game-summary'), /^Battlefield Cribbage, played to 31 points here/);
  await startGame(page, 'captains', 61);
  assert.match(await page.textContent('#game-summary'), /played to 61 points here \(the team's target; the captain plays alone to half of it\)/);
  assert.deepEqual(await page.$$eval('#score-line .who', (xs) => xs.map((x) => x.textContent)), ['Side 1 (player 1, you)', 'Side 2 (players 2 and 3)']);
  await page.screenshot({ path: join(shots, 'captains-title-summary.png'), fullPage: true });
  assert.deepEqual(errors, [], 'no console error');
  await page.close();
});
