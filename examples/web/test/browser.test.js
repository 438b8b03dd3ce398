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
  // on a phone the menu is folded under "New game…"
  if (!(await page.isVisible('#game-select'))) await page.click('#menu > summary');
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
async function playOut(page, { shotAt, shotName, onTurn, onPause } = {}) {
  let moves = 0;
  for (;;) {
    await page.waitForSelector('#table[data-state="you"], #table[data-state="over"], #table[data-state="pause"]');
    const state = await page.getAttribute('#table', 'data-state');
    if (state === 'over') return moves;
    if (state === 'pause') {
      // the summary of a count, until "continue"
      const before = await page.getAttribute('#table', 'data-moves');
      if (onPause) await onPause();
      await page.click('#continue');
      await page.waitForFunction((b) => {
        const t = document.querySelector('#table');
        return t.dataset.state !== 'pause' || t.dataset.moves !== b;
      }, before);
      continue;
    }
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
      assert.match(h.title, /^Search bot \(easy, \d+ playouts\): the best moves and their chance of winning$/, 'the hint at the game\'s level');
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
  assert.match(h.title, /^Search bot \(easy\): each discard's chance of winning and expected points/);
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
  assert.match(h.title, /^Search bot \(easy\): each discard's expected points \(hand and crib\), best first$/);
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

// ---- The coach (issue 32 item 5): rules, explanations, pause, storage,
// undo, chances, review, trainer; screenshots on a desktop and a phone.

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

async function coachPage(size, url) {
  const page = await context.newPage();
  await page.setViewportSize(size);
  const errors = watch(page);
  await page.goto(url);
  await page.waitForSelector('#table[data-state="you"], #table[data-state="over"], #table[data-state="pause"]', { state: 'attached' });
  return { page, errors };
}

// Waits for the human's turn (or the end), going through count pauses.
async function untilYou(page) {
  for (;;) {
    await page.waitForSelector('#table[data-state="you"], #table[data-state="over"], #table[data-state="pause"]');
    if ((await page.getAttribute('#table', 'data-state')) !== 'pause') return;
    const b = await page.getAttribute('#table', 'data-moves');
    await page.click('#continue');
    await page.waitForFunction((x) => document.querySelector('#table').dataset.state !== 'pause' || document.querySelector('#table').dataset.moves !== x, b);
  }
}

// One human decision: two picks at a reveal or a discard, else the first move.
async function oneMove(page) {
  const before = await page.getAttribute('#table', 'data-moves');
  const phase = await page.getAttribute('#table', 'data-phase');
  if (phase === 'reveal' || phase === 'discard') {
    await page.locator('#board button.pick:not([disabled])').nth(0).click();
    if (await page.getAttribute('#table', 'data-moves') === before)
      await page.locator('#board button.pick:not([disabled])').nth(1).click();
  } else await page.locator('#moves .move').first().click();
  await page.waitForFunction((b) => document.querySelector('#table').dataset.moves !== b, before);
}

const tableData = (page) => page.evaluate(() => ({ ...document.querySelector('#table').dataset }));

test('how to play: each game\'s rules from doc/rules.md, in a panel (desktop and phone)', { skip }, async () => {
  const { SECTIONS, GAMES } = await import(join(webDir, 'rules.js'));
  for (const [size, tag] of [[DESKTOP, 'desktop'], [PHONE, 'phone']]) {
    const { page, errors } = await coachPage(size, `${base}?delay=0&game=classic&target=61&seed=3`);
    assert.equal(await page.isVisible('#rules-panel'), false, 'closed at first');
    await page.click('#rules-button');
    await page.waitForSelector('#rules-panel:not([hidden])');
    assert.equal(await page.getAttribute('#rules-button', 'aria-expanded'), 'true');
    assert.deepEqual(await page.$$eval('#rules-body details', (xs) => xs.map((x) => x.dataset.section)), GAMES.classic);
    assert.deepEqual(await page.$$eval('#rules-body summary', (xs) => xs.map((x) => x.textContent)), GAMES.classic.map((n) => SECTIONS[n].title));
    assert.match(await page.textContent('#rules-body'), /Each player gets six cards, dealt one at a time/);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= size.width, `no sideways scrolling (${width}px)`);
    await page.screenshot({ path: join(shots, `coach-rules-classic-${tag}.png`), fullPage: false });
    await startGame(page, 'battlefield', 31);
    assert.deepEqual(await page.$$eval('#rules-body details', (xs) => xs.map((x) => x.dataset.section)), GAMES.battlefield);
    await page.click('#rules-body details[data-section="2.3"] summary');
    assert.match(await page.textContent('#rules-body'), /a double-double run of 3/);
    if (tag === 'phone') await page.screenshot({ path: join(shots, 'coach-rules-battlefield-phone.png'), fullPage: true });
    await page.click('#rules-close');
    assert.equal(await page.isVisible('#rules-panel'), false);
    assert.deepEqual(errors, []);
    await page.close();
  }
});

test('move buttons: a line each on what the move scores now (or the coach\'s explanation)', { skip }, async () => {
  const { page, errors } = await coachPage(DESKTOP, `${base}?delay=0&game=battlefield&target=31&seed=11`);
  let checked = 0;
  for (let i = 0; i < 12 && checked < 3; i++) {
    await untilYou(page);
    if ((await page.getAttribute('#table', 'data-state')) === 'over') break;
    const d = await tableData(page);
    if (d.phase !== 'reveal') {
      const rows = await page.$$eval('#moves .move', (xs) => xs.map((x) => [Number(x.dataset.move), x.querySelector('.why')?.textContent ?? '']));
      const g = replay(d);
      assert.ok(rows.length > 0);
      for (const [id, why] of rows) {
        if (typeof g.explain === 'function') {
          assert.equal(why, g.explain(id));
          continue;
        }
        // what it scores for player 1's side at once, from the library
        const c = g.copy();
        const evs = c.apply(id);
        c.free();
        let pts = 0;
        for (const e of evs.slice(1)) {
          if (e.type !== 'score') break;
          if (e.side === 0) pts += e.item.points;
        }
        assert.match(why, pts ? new RegExp(`^scores ${pts} now: `) : /^scores nothing now$/, `${bfc.move(id).text}: "${why}"`);
      }
      g.free();
      checked++;
    }
    await oneMove(page);
  }
  assert.ok(checked > 0, 'move buttons were checked');
  await page.screenshot({ path: join(shots, 'coach-moves-explained-desktop.png') });
  // a classic discard: what each keeps and its expected points, the library's advice
  await page.goto(`${base}?delay=0&game=classic&target=61&seed=6`);
  await page.waitForSelector('#table[data-state="you"][data-phase="discard"]');
  const d = await tableData(page);
  const g = replay(d);
  const rows = await page.$$eval('#moves .move', (xs) => xs.map((x) => [Number(x.dataset.move), x.querySelector('.why')?.textContent ?? '']));
  const advice = typeof g.explainDiscard === 'function' ? null : g.adviseDiscard();
  for (const [id, why] of rows) {
    if (!advice) assert.equal(why, g.explainDiscard(id));
    else {
      const o = advice.find((x) => x.move.id === id);
      assert.ok(why.startsWith(`keeps ${o.keep.join(' ')}: hand ${o.handEv.toFixed(1)}`), why);
      assert.ok(why.endsWith(`, ${o.totalEv.toFixed(1)} expected`), why);
    }
  }
  g.free();
  await page.screenshot({ path: join(shots, 'coach-discard-explained-desktop.png') });
  assert.deepEqual(errors, []);
  await page.close();
});

test('a pause after each count: who scored what, then continue (desktop and phone)', { skip }, async () => {
  for (const [size, tag] of [[DESKTOP, 'desktop'], [PHONE, 'phone']]) {
    const { page, errors } = await coachPage(size, `${base}?delay=0&game=classic&target=61&seed=5`);
    let paused = null;
    for (let i = 0; i < 40 && !paused; i++) {
      await page.waitForSelector('#table[data-state="you"], #table[data-state="over"], #table[data-state="pause"]');
      const state = await page.getAttribute('#table', 'data-state');
      if (state === 'pause') paused = await tableData(page);
      else if (state === 'you') await oneMove(page);
      else break;
    }
    assert.ok(paused, 'the show paused the game');
    const lines = await page.$$eval('#pause-summary li', (xs) => xs.map((x) => x.textContent));
    // the library's show lines, and each count narrated with its points
    const g = replay(paused);
    assert.ok(lines.some((l) => /^player 1's hand .* counts \d+/.test(l)), lines.join(' | '));
    assert.ok(lines.some((l) => /^player 2's hand .* counts \d+/.test(l)), lines.join(' | '));
    assert.ok(lines.some((l) => /crib/.test(l)), 'the crib too');
    for (const l of lines.filter((x) => /: .* — \d+ points?$/.test(x)))
      assert.match(l, /(fifteen|pair|run|flush|nobs|nothing)/);
    assert.equal(await page.textContent('.pause-scores'), `Scores now: you (player 1) ${g.scores[0]}, player 2 ${g.scores[1]}.`);
    g.free();
    assert.equal(await page.isVisible('#continue'), true);
    assert.equal(await page.evaluate(() => document.activeElement.id), 'continue', 'continue has the focus');
    await page.screenshot({ path: join(shots, `coach-pause-${tag}.png`), fullPage: true });
    assert.equal(await page.locator('#board button.pick:not([disabled])').count(), 0, 'no card to play during the pause');
    assert.equal(await page.locator('#moves .move').count(), 0);
    // nothing moves until "continue": the moves stay as they are
    assert.equal((await tableData(page)).moves, paused.moves);
    await page.keyboard.press('Enter');
    await page.waitForSelector('#table:not([data-state="pause"])');
    assert.deepEqual(errors, []);
    await page.close();
  }
});

test('the game is kept across a reload; a corrupt or old kept game is dropped with a message', { skip }, async () => {
  const { page, errors } = await coachPage(DESKTOP, `${base}?delay=0&game=battlefield&target=31&seed=21`);
  for (let i = 0; i < 3; i++) {
    await untilYou(page);
    await oneMove(page);
  }
  await untilYou(page);
  const d = await tableData(page);
  const log = await page.$$eval('#log li', (xs) => xs.map((x) => x.textContent));
  const kept = await page.evaluate(() => JSON.parse(localStorage.getItem('libbfc-web-game')));
  const g = replay(d);
  assert.equal(kept.save, g.save(), 'the library\'s save text is kept');
  g.free();
  await page.goto(`${base}?delay=0`);
  await page.waitForSelector('#table[data-state="you"], #table[data-state="over"]');
  const after = await tableData(page);
  for (const k of ['game', 'seed', 'moves', 'scores', 'phase', 'target']) assert.equal(after[k], d[k], k);
  assert.deepEqual(await page.$$eval('#log li', (xs) => xs.map((x) => x.textContent)), log, 'the log as it was');
  assert.match(await page.textContent('#message'), /back where you left it/);
  // corrupt, of another version, or not the game its moves make: dropped with a message
  const bad = [
    ['{"format": 1, "save": ', /not readable/],
    [JSON.stringify({ ...kept, version: '0.0.1' }), /another version of the page \(0\.0\.1\)/],
    [JSON.stringify({ ...kept, format: 0 }), /another version/],
    [JSON.stringify({ ...kept, moves: kept.moves.slice(0, -1), movers: kept.movers.slice(0, -1) }), /do not lead to the game saved/],
    [JSON.stringify({ ...kept, moves: [9999, ...kept.moves.slice(1)] }), /move 1 is refused by the library/],
  ];
  for (const [text, why] of bad) {
    await page.evaluate((t) => localStorage.setItem('libbfc-web-game', t), text);
    await page.goto(`${base}?delay=0`);
    await page.waitForSelector('#table[data-state="you"], #table[data-state="over"], #table[data-state="pause"]');
    const msg = await page.textContent('#message');
    assert.match(msg, /could not be restored .* so it was dropped: a new game starts\./, msg);
    assert.match(msg, why, msg);
    const kept2 = await page.evaluate(() => JSON.parse(localStorage.getItem('libbfc-web-game')));
    const now = await tableData(page);
    assert.equal(String(kept2.seed), now.seed, 'the new game is kept in its place');
    assert.notEqual(now.seed, d.seed);
  }
  await page.screenshot({ path: join(shots, 'coach-dropped-desktop.png'), fullPage: true });
  // "new game" replaces the kept game with the new one
  await startGame(page, 'classic', 31);
  const k3 = await page.evaluate(() => JSON.parse(localStorage.getItem('libbfc-web-game')));
  assert.equal(k3.settings.preset, 'classic');
  assert.equal(String(k3.seed), await page.getAttribute('#table', 'data-seed'));
  assert.deepEqual(errors, []);
  await page.close();
});

test('undo: your last decision and the bot\'s replies, replayed from the game\'s start', { skip }, async () => {
  const { page, errors } = await coachPage(PHONE, `${base}?delay=0&game=battlefield&target=31&seed=8`);
  assert.equal(await page.isDisabled('#undo-button'), true, 'nothing to undo yet');
  const states = [];
  for (let i = 0; i < 4; i++) {
    await untilYou(page);
    states.push(await tableData(page));
    await oneMove(page);
  }
  await untilYou(page);
  const now = await tableData(page);
  await page.click('#undo-button');
  await page.waitForFunction((m) => document.querySelector('#table').dataset.moves !== m, now.moves);
  const back = await tableData(page);
  assert.equal(back.moves, states[3].moves, 'back to before your last decision');
  assert.equal(back.state, 'you');
  const g = replay(back);
  assert.deepEqual(back.scores.split(' ').map(Number), g.scores);
  g.free();
  await page.screenshot({ path: join(shots, 'coach-undo-phone.png'), fullPage: true });
  await page.keyboard.press('u');
  await page.waitForFunction((m) => document.querySelector('#table').dataset.moves === m, states[2].moves);
  const kept = await page.evaluate(() => JSON.parse(localStorage.getItem('libbfc-web-game')));
  assert.equal(kept.moves.join(' '), states[2].moves, 'the kept game is undone too');
  assert.deepEqual(errors, []);
  await page.close();
});

test('the chance of winning: a bar and a graph, from winChance at each deal and the hint\'s analysis; the review at the end', { skip }, async () => {
  for (const [size, tag] of [[DESKTOP, 'desktop'], [PHONE, 'phone']]) {
    const { page, errors } = await coachPage(size, `${base}?delay=0&game=classic&target=61&seed=6`);
    const g0 = replay(await tableData(page));
    const want = bfc.winChance(g0, g0.scores, g0.observe(0).dealer).chances[0];
    g0.free();
    assert.equal(Number(await page.getAttribute('#chance-bar', 'data-value')), Number(want.toFixed(4)));
    assert.match(await page.textContent('#chance-text'), new RegExp(`^Your chance of winning: ${Math.round(100 * want)}% \\(at the start of this deal\\)$`));
    // the hint's analysis joins the graph
    await page.click('#hint-button');
    await page.waitForSelector('#hint li');
    assert.equal(await page.locator('#chance-graph .graph-hint').count(), 1);
    assert.match(await page.textContent('#chance-text'), /the hint's analysis/);
    if (tag === 'desktop') await page.screenshot({ path: join(shots, 'coach-chance-hint-desktop.png') });
    await startGame(page, 'classic', 31);
    await playOut(page);
    const d = await tableData(page);
    const deals = await page.$$eval('#review-chances .graph-deal', (xs) => xs.map((x) => [Number(x.dataset.ply), Number(x.dataset.value)]));
    // each point: the library's chance at that deal's start, replayed
    const g = bfc.newGame(d.game, { players: 2, seed: Number(d.seed), target: 31 });
    const ids = d.moves.split(' ').map(Number);
    for (const [ply, v] of deals) {
      const h = bfc.newGame(d.game, { players: 2, seed: Number(d.seed), target: 31 });
      for (const id of ids.slice(0, ply)) h.apply(id);
      assert.equal(v, Number(h.dealChance ? h.dealChance().chances[0].toFixed(4) : bfc.winChance(h, h.scores, h.observe(0).dealer).chances[0].toFixed(4)));
      h.free();
    }
    g.free();
    assert.ok(deals.length >= 1 && deals[0][0] === 0, 'from the first deal');
    assert.equal(await page.isVisible('#review'), true);
    if (typeof bfc.reviewGame === 'function') {
      await page.waitForSelector('#review-list li');
      assert.ok((await page.locator('#review-list li').count()) > 0);
    } else {
      assert.match(await page.textContent('#review-none'), /no move-by-move review/);
    }
    await page.screenshot({ path: join(shots, `coach-end-review-${tag}.png`), fullPage: true });
    assert.deepEqual(errors, []);
    await page.close();
  }
});

test('the hand-score trainer: your count checked against the library, and narrated', { skip }, async () => {
  for (const [size, tag] of [[DESKTOP, 'desktop'], [PHONE, 'phone']]) {
    const { page, errors } = await coachPage(size, `${base}?delay=0&game=classic&seed=1&trainer=9`);
    await page.waitForSelector('#trainer:not([hidden]) #trainer-hand');
    assert.equal(await page.isVisible('#table'), false, 'the game is out of the way');
    const hand = (await page.getAttribute('#trainer-hand', 'data-cards')).split(' ');
    const starter = await page.getAttribute('#trainer-starter', 'data-card');
    assert.equal(new Set([...hand, starter]).size, 5);
    const score = bfc.scoreShow(hand, starter);
    await page.fill('#trainer-answer', String(score.total + 1));
    await page.keyboard.press('Enter');
    assert.equal(await page.textContent('.verdict'), `Not quite: you said ${score.total + 1}, the hand counts ${score.total}.`);
    const narrated = bfc.narrate(score.items);
    assert.equal(await page.textContent('#trainer-narration'), `${narrated.charAt(0).toUpperCase()}${narrated.slice(1)}.`);
    assert.equal(await page.locator('#trainer-items li').count(), score.items.length);
    if (tag === 'desktop') await page.screenshot({ path: join(shots, 'coach-trainer-wrong-desktop.png') });
    await page.fill('#trainer-answer', String(score.total));
    await page.click('#trainer-check');
    assert.equal(await page.textContent('.verdict'), `Right: ${score.total}.`);
    await page.screenshot({ path: join(shots, `coach-trainer-right-${tag}.png`), fullPage: tag === 'phone' });
    await page.click('#trainer-next');
    assert.notEqual(await page.getAttribute('#trainer-hand', 'data-cards'), hand.join(' '), 'another hand');
    await page.click('#trainer-button');
    assert.equal(await page.isVisible('#table'), true, 'back to the game');
    assert.deepEqual(errors, []);
    await page.close();
  }
});

test('keyboard only: Tab and Enter reach every control of the coach, with a visible focus', { skip }, async () => {
  const { page, errors } = await coachPage(DESKTOP, `${base}?delay=0&game=classic&target=61&seed=5`);
  // undo is offered (and reachable) once you have made a decision
  assert.equal(await page.isDisabled('#undo-button'), true);
  await oneMove(page);
  await untilYou(page);
  await page.locator('body').click({ position: { x: 2, y: 2 } });
  const seen = new Map();
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press('Tab');
    const f = await page.evaluate(() => {
      const a = document.activeElement;
      const st = getComputedStyle(a);
      return { id: a.id || a.className || a.tagName, outline: st.outlineStyle !== 'none' && parseFloat(st.outlineWidth) > 0 };
    });
    seen.set(f.id, f.outline);
  }
  for (const id of ['rules-button', 'trainer-button', 'hint-button', 'undo-button', 'new-game-button'])
    assert.ok(seen.has(id), `Tab reaches #${id}`);
  assert.ok([...seen.keys()].some((x) => /move/.test(x)), 'Tab reaches the move buttons');
  seen.delete('BODY'); // Tab past the last control leaves the page for a moment
  for (const [id, visible] of seen) assert.ok(visible, `a visible focus on ${id}`);
  // Enter on the rules button opens the panel, and plays a move by its button
  await page.focus('#rules-button');
  await page.keyboard.press('Enter');
  await page.waitForSelector('#rules-panel:not([hidden])');
  await page.screenshot({ path: join(shots, 'coach-keyboard-focus-desktop.png') });
  await page.keyboard.press('Tab');
  // a whole deal by the keyboard: Tab to a move (or a card) and Enter, continue after the show
  const start = (await tableData(page)).moves;
  for (let i = 0; i < 20; i++) {
    await page.waitForSelector('#table[data-state="you"], #table[data-state="over"], #table[data-state="pause"]');
    const s = await page.getAttribute('#table', 'data-state');
    if (s === 'pause') {
      assert.equal(await page.evaluate(() => document.activeElement.id), 'continue');
      await page.keyboard.press('Enter');
      break;
    }
    if (s === 'over') break;
    const before = (await tableData(page)).moves;
    let guard = 0;
    while (!(await page.evaluate(() => {
      const a = document.activeElement;
      return a.matches('#moves .move, #board button.pick:not([disabled])');
    })) && guard++ < 80) await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.waitForFunction((b) => document.querySelector('#table').dataset.moves !== b ||
      document.querySelector('#board .picked'), before);
  }
  assert.notEqual((await tableData(page)).moves, start, 'moves were made by the keyboard');
  assert.deepEqual(errors, []);
  await page.close();
});

// ---- What a new user tripped on (issue 38 item 4), the kept game's bounds
// (issue 39), the review's level (issue 38 item 3) ----------------------------

const { LIMITS: KEPT_LIMITS } = await import('../kept.js');
const { keptGame: keptOf, takes } = await import('./kept-games.js');
const keptGame = (...a) => keptOf(bfc, ...a);

// Counts the additions to the log (one MutationObserver record each), from
// before the page's script runs: window.logAdds.
const COUNT_LOG = () => {
  window.logAdds = 0;
  new MutationObserver((rs) => {
    for (const r of rs) if (r.target.id === 'log' && r.addedNodes.length) window.logAdds++;
  }).observe(document, { childList: true, subtree: true });
};

test('the level menu: its budgets are the library\'s, for the bot, the hint and the review', { skip }, async () => {
  const { page, errors } = await coachPage(DESKTOP, `${base}?delay=0&game=classic&target=31&seed=9&level=medium&bot=greedy`);
  const budgets = ['easy', 'medium', 'hard'].map((level) => {
    const b = bfc.bot('ismcts', { level });
    const c = b.config;
    b.free();
    return [level, c.iterations, c.worlds];
  });
  const title = await page.getAttribute('#level-label', 'title');
  // was "40, 400 or 2000 playouts" where the levels are 40, 300 and 2400
  assert.ok(title.includes(budgets.map(([l, it]) => `${l} ${it}`).join(', ') + ' playouts a decision'), title);
  assert.ok(title.includes(`(${budgets.map(([, , w]) => w).join(', ')} deals solved`), title);
  assert.match(title, /the search bot you play against, the hint and the review/);
  assert.equal(await page.textContent('#level-help'), `${title}.`);
  // with the greedy bot the level still says what the hint and review use
  assert.equal(await page.isEnabled('#level-select'), true, 'the level is the hint\'s and the review\'s too');
  assert.equal(await page.getAttribute('#table', 'data-bot'), 'greedy');
  await page.click('#hint-button');
  await page.waitForSelector('#hint li');
  assert.match(await page.textContent('#hint .hint-title'), /^Search bot \(medium\)/, 'the hint at the menu\'s level');
  await playOut(page);
  await page.waitForSelector('#review-level');
  assert.equal(await page.getAttribute('#review-level', 'data-level'), 'medium');
  assert.match(await page.textContent('#review-level'), /^Reviewed at the medium level, as the hint searched \(300 playouts a decision, 24 deals solved in a two-player classic play\):$/);
  await page.screenshot({ path: join(shots, 'level-review-desktop.png'), fullPage: true });
  // the search bot at hard: the review says the opponent searched so too
  await startGame(page, 'classic', 31);
  assert.equal(await page.getAttribute('#table', 'data-bot'), 'ismcts easy');
  await playOut(page);
  await page.waitForSelector('#review-level');
  assert.match(await page.textContent('#review-level'), /^Reviewed at the easy level, as the hint and your opponent searched/);
  assert.deepEqual(errors, []);
  await page.close();
});

// issue 35: the opponent menu offers the strength dial's steps with their
// ratings; a step below the named levels plays you (its moves are the
// dial's, replayed here), the hint and the review search at the level the
// menu shows; a step that plays as a level pins the level.
async function dialMoves(page, step) {
  const d = await tableData(page);
  const g = bfc.newGame(d.game, { players: 2, seed: Number(d.seed), target: Number(d.target) });
  const bot = bfc.dialBot({ step, seed: (Number(d.seed) ^ 0x5bd1e995) >>> 0 });
  let theirs = 0;
  for (const id of d.moves.split(' ').filter(Boolean).map(Number)) {
    if (g.toMove === 1) {
      assert.equal(bot.choose(g).id, id, `the opponent's move ${theirs + 1} is step ${step}'s`);
      theirs++;
    }
    g.apply(id);
  }
  bot.free();
  g.free();
  return theirs;
}

test('the strength dial: each step and its rating in the opponent menu; a low step plays, the hint and the review at easy', { skip }, async () => {
  const { page, errors } = await coachPage(DESKTOP, `${base}?delay=0&game=classic&target=31&seed=12`);
  const options = await page.$$eval('#bot-select optgroup:first-child option', (xs) => xs.map((x) => [x.value, x.textContent]));
  assert.equal(options.length, bfc.dialSteps);
  options.forEach(([value, text], i) => {
    assert.equal(value, `step${i + 1}`);
    assert.ok(text.startsWith(`Step ${i + 1} · ${bfc.dialRating(i + 1)}`), text);
  });
  assert.match(options[0][1], /beginner$/);
  assert.deepEqual([7, 8, 9].map((i) => options[i][1].split(' · ')[2]), ['easy', 'medium', 'hard, strongest']);
  // a step that plays as a named level sets the level: the bot, hint and review's
  await page.selectOption('#bot-select', 'step9');
  assert.equal(await page.inputValue('#level-select'), 'medium');
  assert.equal(await page.isEnabled('#level-select'), false);
  assert.equal(await page.textContent('#level-what'), '(bot, hint, review)');
  assert.match(await page.textContent('#opponent-summary'), /^Step 9 \(rated 1755\) plays you: the search bot at the medium level, the level of the hint and the review too\.$/);
  // a step below them: the level is the hint's and the review's, easy unless chosen
  await page.selectOption('#bot-select', 'step2');
  assert.equal(await page.isEnabled('#level-select'), true);
  assert.equal(await page.inputValue('#level-select'), 'easy');
  assert.equal(await page.textContent('#level-what'), '(hint, review)');
  assert.equal(await page.textContent('#opponent-summary'),
    `Step 2 (rated ${bfc.dialRating(2)}) plays you; the hint and the review search at the easy level (step 8, rated ${bfc.dialRating(8)}).`);
  await page.screenshot({ path: join(shots, 'dial-menu-desktop.png') });
  await page.selectOption('#target-select', '31');
  await page.click('#new-game-button');
  await page.waitForSelector('#table[data-bot="step2"]');
  assert.equal(await page.getAttribute('#table', 'data-level'), 'easy');
  // the first discard (never forced): the hint searches at the level shown
  await untilYou(page);
  assert.equal(await page.getAttribute('#table', 'data-phase'), 'discard');
  await page.click('#hint-button');
  await page.waitForSelector('#hint li');
  assert.match(await page.textContent('#hint .hint-title'), /^Search bot \(easy\)/, 'the hint at the level shown');
  for (let i = 0; i < 4; i++) {
    await untilYou(page);
    if ((await page.getAttribute('#table', 'data-state')) === 'over') break;
    await oneMove(page);
  }
  await untilYou(page);
  assert.ok((await dialMoves(page, 2)) >= 2, 'the opponent, step 2, moved');
  await page.screenshot({ path: join(shots, 'dial-step2-desktop.png') });
  await playOut(page);
  assert.ok((await dialMoves(page, 2)) >= 4);
  await page.waitForSelector('#review-level');
  // the end of the game: its buttons, no stray text (a null was "null")
  assert.equal((await page.textContent('#moves')).trim(), 'Play again');
  assert.equal(await page.getAttribute('#review-level', 'data-level'), 'easy');
  assert.match(await page.textContent('#review-level'), /^Reviewed at the easy level, as the hint searched \(/);
  await page.screenshot({ path: join(shots, 'dial-review-desktop.png'), fullPage: true });
  assert.deepEqual(errors, []);
  await page.close();
  // a link names a step and the hint's level; on a phone, the page fits
  const phone = await coachPage(PHONE, `${base}?delay=0&game=battlefield&target=31&seed=15&bot=step4&level=hard`);
  assert.equal(await phone.page.getAttribute('#table', 'data-bot'), 'step4');
  assert.equal(await phone.page.getAttribute('#table', 'data-level'), 'hard');
  for (let i = 0; i < 3; i++) {
    await untilYou(phone.page);
    if ((await phone.page.getAttribute('#table', 'data-state')) === 'over') break;
    await oneMove(phone.page);
  }
  await untilYou(phone.page);
  assert.ok((await dialMoves(phone.page, 4)) >= 1, 'the opponent, step 4, moved');
  const width = await phone.page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 390, `no sideways scrolling on a phone (${width}px)`);
  await phone.page.screenshot({ path: join(shots, 'dial-step4-phone.png'), fullPage: true });
  await phone.page.click('#menu > summary');
  assert.equal(await phone.page.inputValue('#bot-select'), 'step4');
  assert.equal(await phone.page.inputValue('#level-select'), 'hard');
  await phone.page.screenshot({ path: join(shots, 'dial-menu-phone.png') });
  assert.deepEqual(phone.errors, []);
  await phone.page.close();
});

test('a link reloaded brings its game back; another link says what became of the kept game', { skip }, async () => {
  const { page, errors } = await coachPage(DESKTOP, `${base}?delay=0&game=classic&target=61&seed=4`);
  await page.evaluate(() => localStorage.clear());
  await page.goto(`${base}?delay=0&game=classic&target=61&seed=4`);
  for (let i = 0; i < 2; i++) {
    await untilYou(page);
    await oneMove(page);
  }
  await untilYou(page);
  const d = await tableData(page);
  // the reload of the same address: the game where it was (it started anew)
  await page.reload();
  await page.waitForSelector('#table[data-state="you"], #table[data-state="pause"]');
  const back = await tableData(page);
  for (const k of ['game', 'seed', 'moves', 'scores', 'target']) assert.equal(back[k], d[k], k);
  assert.match(await page.textContent('#message'), /^Your game is back where you left it \(Cribbage, \d+ moves in\)\.$/);
  // a new game from the menu: the address names it, so a reload brings it back
  await startGame(page, 'battlefield', 31);
  const nd = await tableData(page);
  const q = new URL(page.url()).searchParams;
  assert.deepEqual([q.get('game'), q.get('seed'), q.get('target'), q.get('level'), q.get('delay')], ['battlefield', nd.seed, '31', 'easy', '0']);
  await untilYou(page);
  await oneMove(page);
  await untilYou(page);
  const nd2 = await tableData(page);
  await page.reload();
  await page.waitForSelector('#table[data-state="you"], #table[data-state="pause"]');
  assert.equal((await tableData(page)).moves, nd2.moves, 'the new game, not the link\'s first one');
  // a link to another game: it starts, and the message says it replaced the kept one
  await page.goto(`${base}?delay=0&game=classic&seed=77`);
  await page.waitForSelector('#table[data-state="you"], #table[data-state="pause"]');
  assert.equal(await page.getAttribute('#table', 'data-seed'), '77');
  assert.equal((await tableData(page)).moves, '', 'the link\'s game from its first deal');
  assert.match(await page.textContent('#message'),
    new RegExp(`^This link deals a new game of Cribbage \\(seed 77\\); the game kept in this browser \\(Battlefield Cribbage, seed ${nd.seed}, \\d+ moves? in\\) was another, and the new one takes its place\\.$`));
  await page.screenshot({ path: join(shots, 'link-replaces-kept-desktop.png') });
  const kept = await page.evaluate(() => JSON.parse(localStorage.getItem('libbfc-web-game')));
  assert.equal(kept.seed, 77);
  assert.deepEqual(errors, []);
  await page.close();
});

// Your cards (the formation or hand of player 1) and the moves in the first
// screen, the page not scrolled (issue 38: below the fold at both sizes).
async function inFirstScreen(page, what) {
  const box = await page.evaluate(() => {
    const r = (sel) => {
      const e = document.querySelector(sel);
      if (!e) return null;
      const b = e.getBoundingClientRect();
      return { top: b.top + scrollY, bottom: b.bottom + scrollY };
    };
    return { y: scrollY, h: innerHeight, mine: r('#board .formation[data-seat="0"], #board .hand.mine'),
      move: r('#moves .move, #board button.pick:not([disabled])'), status: r('#status') };
  });
  assert.equal(box.y, 0, `${what}: the page did not scroll by itself`);
  assert.ok(box.mine && box.mine.bottom <= box.h, `${what}: your cards end at ${box.mine?.bottom}px of ${box.h}`);
  assert.ok(box.move && box.move.top < box.h - 30, `${what}: the first move starts at ${box.move?.top}px of ${box.h}`);
  assert.ok(box.status.top < box.h, `${what}: the status line at ${box.status.top}px`);
}

test('your cards and your moves are on the first screen, on a desktop and a phone', { skip }, async () => {
  for (const [size, tag] of [[DESKTOP, 'desktop'], [PHONE, 'phone']]) {
    for (const game of ['battlefield', 'classic']) {
      const { page, errors } = await coachPage(size, `${base}?delay=0&game=${game}&seed=3`);
      await untilYou(page);
      await inFirstScreen(page, `${game} ${tag}, first decision`);
      await page.screenshot({ path: join(shots, `layout-${game}-start-${tag}.png`) });
      for (let i = 0; i < 5; i++) {
        await untilYou(page);
        if ((await page.getAttribute('#table', 'data-state')) === 'over') break;
        await oneMove(page);
      }
      await untilYou(page);
      if ((await page.getAttribute('#table', 'data-state')) === 'you') {
        // a click scrolls its button into view (Playwright, as a finger
        // would): on a phone, back to the top as a player would
        if (tag === 'phone') await page.evaluate(() => scrollTo(0, 0));
        await inFirstScreen(page, `${game} ${tag}, after five moves`);
        await page.screenshot({ path: join(shots, `layout-${game}-middle-${tag}.png`) });
      }
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(width <= size.width, `no sideways scrolling (${width}px)`);
      if (tag === 'phone') {
        // the menu is folded on a phone, and opens where it was
        assert.equal(await page.isVisible('#game-select'), false);
        await page.click('#menu > summary');
        assert.equal(await page.isVisible('#game-select'), true);
      } else assert.equal(await page.isVisible('#game-select'), true, 'the menu open on a desktop');
      assert.deepEqual(errors, []);
      await page.close();
    }
  }
});

test('how to play: an overview first, the numbered steps of a turn, Crib Wars\' own section', { skip }, async () => {
  const { OVERVIEWS } = await import(join(webDir, 'rules.js'));
  for (const [size, tag] of [[DESKTOP, 'desktop'], [PHONE, 'phone']]) {
    const { page, errors } = await coachPage(size, `${base}?delay=0&game=battlefield&seed=3`);
    await page.click('#rules-button');
    await page.waitForSelector('#rules-panel:not([hidden])');
    const first = await page.evaluate(() => document.querySelector('#rules-body').firstElementChild.id);
    assert.equal(first, 'rules-overview', 'the overview before the reference');
    assert.equal(await page.innerHTML('#rules-overview'), OVERVIEWS.battlefield);
    assert.equal(await page.locator('#rules-body details[open]').count(), 0, 'the reference\'s sections closed');
    // one screen: the overview fits the window on a desktop, two on a phone
    const h = await page.evaluate(() => document.querySelector('#rules-overview').getBoundingClientRect().height);
    assert.ok(h <= (tag === 'desktop' ? size.height : 2 * size.height), `overview ${h}px high`);
    await page.click('#rules-body details[data-section="4.4"] summary');
    // 4.4's steps as a numbered list (they were one paragraph)
    assert.equal(await page.locator('#rules-body details[data-section="4.4"] ol > li').count(), 3);
    assert.equal(await page.locator('#rules-body details[data-section="4.4"] ol > li ul > li').count(), 2);
    await page.screenshot({ path: join(shots, `rules-overview-battlefield-${tag}.png`), fullPage: tag === 'phone' });
    await startGame(page, 'crib-wars', 31);
    assert.deepEqual(await page.$$eval('#rules-body details', (xs) => xs.map((x) => x.dataset.section)), ['3.1', '2.1', '2.2', '3.9']);
    assert.match(await page.textContent('#rules-overview'), /red skip/);
    assert.deepEqual(errors, []);
    await page.close();
  }
});

test('a kept game of 10,000 moves is dropped at once; the longest real one comes back in one addition to the log', { skip }, async () => {
  const page = await context.newPage();
  await page.setViewportSize(DESKTOP);
  await page.addInitScript(COUNT_LOG);
  const errors = watch(page);
  await page.goto(`${base}?delay=0`);
  await page.waitForSelector('#table[data-state]:not([data-state="loading"])');
  const BF = { preset: 'battlefield', bot: 'ismcts', level: 'easy', target: undefined, muggins: false };
  // every turn a take: the longest a game can be drawn out (seed 3: over 2,000 moves)
  const long = keptGame(BF, 3, KEPT_LIMITS.moves, takes);
  assert.ok(long.moves.length > 2000, `${long.moves.length} moves`);
  const cases = [
    [{ ...long, moves: Array(10000).fill(long.moves[0]), movers: Array(10000).fill(0) }, /it has 10000 moves, more than a kept game may have \(4000\)/],
    [{ ...long, pad: 'x'.repeat(KEPT_LIMITS.bytes) }, /it is larger than a kept game may be/],
    // a save of Battlefield kept under the classic game: not restored under that title
    [{ ...long, settings: { ...BF, preset: 'classic' } }, /move 1 is (refused by the library|not the right player's)|do not lead/],
  ];
  for (const [e, why] of cases) {
    await page.evaluate((t) => localStorage.setItem('libbfc-web-game', t), JSON.stringify(e));
    await page.goto(`${base}?delay=0`);
    await page.waitForSelector('#table[data-state="you"], #table[data-state="over"], #table[data-state="pause"]');
    const msg = await page.textContent('#message');
    assert.match(msg, why, msg);
    assert.match(msg, /so it was dropped: a new game starts\.$/);
    assert.equal(await page.evaluate(() => document.querySelectorAll('#log li').length < 40), true, 'a new game\'s log');
  }
  assert.equal(await page.title(), `${bfc.preset(await page.getAttribute('#table', 'data-game')).title} · libbfc`, 'the title is the game\'s on the table');
  await page.screenshot({ path: join(shots, 'kept-too-long-desktop.png') });
  // the long one, with a chance of 1e308 (it drew Infinity): back, the log in one addition
  const withBad = { ...long, chances: [...long.chances, { ply: 5, value: 1e308, kind: 'hint' }] };
  await page.evaluate((t) => localStorage.setItem('libbfc-web-game', t), JSON.stringify(withBad));
  await page.goto(`${base}?delay=0`);
  await page.waitForSelector('#table[data-state="over"]');
  assert.equal(await page.getAttribute('#table', 'data-moves'), long.moves.join(' '));
  assert.match(await page.textContent('#message'), /back where you left it/);
  assert.equal(await page.evaluate(() => window.logAdds), 1, 'the log of the restored game added at once');
  assert.ok((await page.locator('#log li').count()) > long.moves.length, 'every move\'s lines');
  for (const sel of ['#chance-graph', '#review-chances']) {
    const svgText = await page.innerHTML(sel);
    assert.doesNotMatch(svgText, /Infinity|NaN/, `${sel} draws no Infinity`);
  }
  assert.equal(await page.locator('#chance-graph .graph-hint').count(), 0, 'the chance of 1e308 dropped');
  assert.deepEqual(errors, []);
  await page.close();
});
