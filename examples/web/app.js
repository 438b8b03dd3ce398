// A page to play Battlefield Cribbage and the classic games against a bot.
// Every rule, legal move, score and log line comes from libbfc (the npm
// package over the WebAssembly build); this file only draws and clicks.
import { load, HIDDEN } from './libbfc/index.js';
import { SECTIONS, GAMES, OVERVIEWS } from './rules.js';
import { STORE_KEY, LIMITS, playersFor, deal, entry, restore, replay, dialStepOf, knownBot, levelFor } from './kept.js';

const params = new URLSearchParams(location.search);
const BOT_DELAY = Number(params.get('delay') ?? 450); // ms between the bot's moves
const HINT_SHOWN = 3; // moves listed by a hint
const BOT_LABELS = { ismcts: 'search bot', greedy: 'greedy bot', random: 'random bot' };
// Words for some steps of the strength dial; each step shows its rating.
const STEP_WORDS = { 1: 'beginner' };
const HUMAN = 0;
// The game in progress is kept across a reload (localStorage, kept.js):
// its settings and seed, its moves, and the library's save text of now.
// The counts that pause the game with their summary (item 3 of issue 32).
const PAUSE_SOURCES = new Set(['hand', 'crib', 'battlefield', 'reserve']);

const $ = (sel) => document.querySelector(sel);
const el = (tag, attrs = {}, ...children) => {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === 'class') e.className = v;
    else if (k === 'text') e.textContent = v;
    else if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v === true ? '' : v);
  }
  for (const c of children) if (c !== null && c !== undefined) e.append(c);
  return e;
};
const SVG = 'http://www.w3.org/2000/svg';
const svg = (tag, attrs = {}) => {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  return e;
};

// The library: when it cannot load (no WebAssembly, the .wasm not served),
// the notice says so rather than leaving a blank page.
let bfc;
try {
  bfc = await load();
} catch (e) {
  const n = $('#notice');
  n.textContent = `The game could not start: the library did not load (${e.message}). ` +
    'Serve the page over http (make web, then any static server) in a browser with WebAssembly.';
  n.hidden = false;
  $('#table').dataset.state = 'failed';
  throw e;
}

const S = {
  game: null,
  preset: null,
  bot: null,
  hint: null,
  seed: 0,
  moves: [], // every move id applied, in order (data-moves: the browser test replays them)
  selected: [], // slots or cards picked for a two-part move (reveal, discard)
  lastScores: [],
  timer: 0,
  startSave: '', // the library's save text of the game as dealt
  startEvents: [], // its start events as the human saw them
  movers: [], // the seat that made each move of S.moves
  chances: [], // { ply, value, kind: 'deal' | 'hint' }: your side's chance of winning
  pause: null, // the summary of the count just made, until "continue"
  reviewed: null, // the game whose review is shown
  reviewStop: null, // aborts the review running (a new game needs none)
};

// ---- The new-game menu ----------------------------------------------------------

function fillMenu() {
  const games = $('#game-select');
  for (const p of bfc.presets) {
    const n = playersFor(p);
    if (p.needTeams.includes(n)) continue;
    games.append(el('option', { value: p.name, text: p.title }));
  }
  const bots = $('#bot-select');
  // the strength dial's steps, each with its rating (bfc.h, "Strength
  // dial"), then the other bots
  const dial = el('optgroup', { label: 'The strength dial: step, rating' });
  for (let step = 1; step <= bfc.dialSteps; step++)
    dial.append(el('option', { value: `step${step}`, text: stepLabel(step) }));
  const others = el('optgroup', { label: 'Other opponents' });
  for (const b of ['ismcts', ...bfc.bots.filter((x) => x !== 'ismcts')])
    others.append(el('option', { value: b, text: BOT_LABELS[b] ?? b, selected: b === 'ismcts' }));
  bots.append(dial, others);
  const g = params.get('game');
  if (g && bfc.preset(g)) games.value = g;
  if (params.get('target')) $('#target-select').value = params.get('target');
  if (params.get('bot') && knownBot(bfc, params.get('bot'))) bots.value = params.get('bot');
  if (params.get('muggins') === '1') $('#muggins').checked = true;
  if (['easy', 'medium', 'hard'].includes(params.get('level'))) $('#level-select').value = params.get('level');
  describeLevels();
  syncLevel();
  bots.addEventListener('change', syncLevel);
  $('#level-select').addEventListener('change', () => {
    S.levelAsked = $('#level-select').value;
    syncLevel();
  });
  games.addEventListener('change', showSummary);
  $('#target-select').addEventListener('change', showSummary);
  showSummary();
  $('#new-game').addEventListener('submit', (ev) => {
    ev.preventDefault();
    newGame();
    foldMenu();
  });
}

// The level menu: one level for the search bot you play, the hint and the
// review. Its budgets are the library's (bfc_search_config_level), read
// from a bot of each level, not written here.
function describeLevels() {
  const budgets = ['easy', 'medium', 'hard'].map((level) => {
    const b = bfc.bot('ismcts', { level });
    const { iterations, worlds } = b.config;
    b.free();
    return { level, iterations, worlds };
  });
  S.budgets = Object.fromEntries(budgets.map((b) => [b.level, b]));
  const text = 'One level for the search bot you play against, the hint and the review of your game: ' +
    budgets.map((b) => `${b.level} ${b.iterations}`).join(', ') + ' playouts a decision (' +
    budgets.map((b) => b.worlds).join(', ') + ' deals solved in the play of a two-player classic game)';
  $('#level-label').title = text;
  $('#level-help').textContent = text + '.';
}

// "Step 3 · 1593"; the steps that play as a named level say which.
function stepLabel(step) {
  const level = ['easy', 'medium', 'hard'].find((l) => bfc.dialStepOfLevel(l) === step);
  const words = [STEP_WORDS[step], level, step === bfc.dialSteps ? 'strongest' : null].filter(Boolean);
  return `Step ${step} · ${bfc.dialRating(step)}${words.length ? ` · ${words.join(', ')}` : ''}`;
}

// The level menu and the opponent: a step of the dial that plays as a
// named level (8, 9, 10) sets the level of the hint and the review, as the
// search bot's level is its own; below it, and with the greedy and random
// bots, the level is the hint's and the review's only (easy unless
// chosen). The line under the menu says who plays and what the hint uses.
function syncLevel() {
  const sel = $('#level-select');
  const bot = $('#bot-select').value;
  const step = dialStepOf(bfc, bot);
  S.levelAsked ??= sel.value;
  const level = levelFor(bfc, bot, S.levelAsked);
  sel.value = level;
  sel.disabled = step !== null && bfc.dialStepOfLevel(level) === step;
  $('#level-what').textContent = bot === 'ismcts' || sel.disabled ? '(bot, hint, review)' : '(hint, review)';
  let who;
  if (bot === 'ismcts') who = `The search bot at the ${level} level plays you; the hint and the review search at it too.`;
  else if (step !== null && sel.disabled)
    who = `Step ${step} (rated ${bfc.dialRating(step)}) plays you: the search bot at the ${level} level, the level of the hint and the review too.`;
  else if (step !== null)
    who = `Step ${step} (rated ${bfc.dialRating(step)}) plays you; the hint and the review search at the ${level} level ` +
      `(step ${bfc.dialStepOfLevel(level)}, rated ${bfc.dialRating(bfc.dialStepOfLevel(level))}).`;
  else who = `The ${BOT_LABELS[bot] ?? bot} plays you; the hint and the review search at the ${level} level.`;
  const line = $('#opponent-summary');
  line.textContent = who;
  line.dataset.level = level;
  line.dataset.pinned = sel.disabled ? '1' : '0';
}

// On a narrow screen the menu folds under its "New game…" button once a
// game is on the table (style.css shows the button there only).
const narrow = () => matchMedia('(max-width: 600px)').matches;
function foldMenu() {
  if (narrow()) $('#menu').open = false;
}

function openMenu() {
  $('#menu').open = true;
  $('#game-select').focus();
}

// The summary under the menu: the game chosen there (a new game starts
// with exactly that choice). The library's summary of a preset gives its
// usual target; a game to another target says so, with its number.
function showSummary() {
  const p = bfc.preset($('#game-select').value);
  const box = $('#muggins');
  // muggins (RULES 3.9, D12) where the library plays it with this game
  box.disabled = !p || !mugginsPlayable(p);
  if (box.disabled) box.checked = false;
  const line = $('#game-summary');
  if (!p) {
    line.textContent = '';
    return;
  }
  const target = Number($('#target-select').value) || p.target;
  line.dataset.target = String(target);
  if (target === p.target) {
    line.textContent = `${p.title}: ${p.summary}.`;
    return;
  }
  const captain = bfc.rules(p.name, { players: playersFor(p) }).captain;
  line.textContent = `${p.title}, played to ${target} points here` +
    (captain ? ' (the team\'s target; the captain plays alone to half of it)' : '') +
    `: usually ${p.summary}.`;
}

function mugginsPlayable(p) {
  try {
    bfc.rules(p.name, { players: playersFor(p), muggins: true });
    return true;
  } catch {
    return false;
  }
}

// The seed a link asks for (?seed=N), or NaN.
function linkSeed() {
  const asked = params.has('seed') ? Number(params.get('seed')) : NaN;
  return Number.isSafeInteger(asked) && asked >= 0 ? asked : NaN;
}

function newGame({ useLink = !S.game } = {}) {
  clearTimeout(S.timer);
  if (S.game) S.game.free();
  const p = bfc.preset($('#game-select').value);
  const target = Number($('#target-select').value) || undefined;
  const asked = useLink ? linkSeed() : NaN;
  S.seed = Number.isNaN(asked) ? crypto.getRandomValues(new Uint32Array(1))[0] : asked;
  S.preset = p;
  const name = $('#bot-select').value;
  S.settings = { preset: p.name, bot: name, level: $('#level-select').value, target, muggins: $('#muggins').checked };
  S.game = deal(bfc, { preset: p.name, seed: S.seed, target, muggins: S.settings.muggins });
  S.tooLong = false;
  makeBots();
  nameInAddress();
  S.moves = [];
  S.movers = [];
  S.chances = [];
  S.pause = null;
  S.selected = [];
  S.lastScores = S.game.scores.map(() => 0);
  S.startSave = S.game.save();
  S.startEvents = S.game.visibleEvents(S.game.startEvents, HUMAN);
  $('#log').replaceChildren();
  $('#hint').replaceChildren();
  recordChance();
  showTable();
  storeGame(); // a new game replaces the one kept
}

// The bots of the game in S: the opponent and the hint's search, both at
// the level of the menu.
function makeBots() {
  // the search bots hold C memory: free the last game's now
  S.bot?.free();
  S.hint?.free();
  const { bot: name, level } = S.settings;
  const botSeed = (S.seed ^ 0x5bd1e995) >>> 0; // each bot its own generator, from the game's seed
  const step = dialStepOf(bfc, name);
  if (step !== null) S.bot = bfc.dialBot({ step, seed: botSeed });
  else S.bot = bfc.bot(name, name === 'ismcts' ? { level, seed: botSeed } : { seed: botSeed });
  S.hint = bfc.bot('ismcts', { level, seed: (S.seed ^ 0x27d4eb2f) >>> 0 });
}

// The address names the game on the table (game, seed and the menu's
// choices), so that a reload, or the link copied, brings back this game:
// the kept one when it is the link's, else the same deal from its start.
function nameInAddress() {
  const q = new URLSearchParams(location.search);
  const { preset, bot, level, target, muggins } = S.settings;
  q.set('game', preset);
  q.set('seed', String(S.seed));
  q.set('bot', bot);
  q.set('level', level);
  if (target) q.set('target', String(target));
  else q.delete('target');
  if (muggins) q.set('muggins', '1');
  else q.delete('muggins');
  try {
    history.replaceState(null, '', `${location.pathname}?${q}`);
  } catch {
    // an address the browser will not change (a sandboxed frame): no link
  }
}

// The table's attributes and headings for the game in S (new, or restored
// with the events of its moves: log).
function showTable(log = []) {
  const p = S.preset;
  const name = S.settings.bot;
  $('#review').hidden = true;
  S.reviewed = null;
  S.reviewStop?.abort();
  S.reviewStop = null;
  const t = $('#table');
  t.dataset.game = p.name;
  t.dataset.seed = String(S.seed);
  t.dataset.target = String(S.game.rules.target);
  t.dataset.players = String(S.game.players);
  t.dataset.muggins = S.game.rules.muggins ? '1' : '0';
  t.dataset.bot = name === 'ismcts' ? `ismcts ${S.settings.level}` : name;
  t.dataset.level = S.settings.level; // the hint's and the review's
  // the page names the game being played, at the target it is played to
  document.title = `${p.title} · libbfc`;
  $('#game-title').textContent = p.title;
  showSummary();
  showRules();
  logEvents(S.startEvents, ...log);
  step();
}

// ---- The game loop ------------------------------------------------------------------

function play(move) {
  const g = S.game;
  const mover = g.toMove;
  // what the human may see of it (bfc_event_visible): the bots' drawn
  // cards and discards face down, their Noddy hands unseen
  const events = g.apply(move, { viewer: HUMAN });
  S.moves.push(move.id);
  S.movers.push(mover);
  S.selected = [];
  $('#hint').replaceChildren();
  logEvents(events);
  if (!g.over && events.some((e) => e.type === 'deal')) recordChance();
  S.pause = g.over ? null : countSummary(events);
  if (g.over && g.winner !== null) S.chances.push({ ply: S.moves.length, value: g.winner === g.sideOf(HUMAN) ? 1 : 0, kind: 'end' });
  storeGame();
  step();
}

// ---- The pause after a count ----------------------------------------------------------

// After a show, a crib, a battlefield or a reserve count: who scored what
// (the library's lines: the show's, and each count narrated as players
// say it), until the human presses "continue". null: no such count.
function countSummary(events) {
  const lines = [];
  let cur = null;
  for (const e of events) {
    if (e.type === 'show') {
      cur = { head: e.text, items: [], seat: e.seat, source: null, points: 0 };
      lines.push(cur);
    } else if (e.type === 'score' && PAUSE_SOURCES.has(e.source)) {
      if (!cur || cur.seat !== e.seat || (cur.source && cur.source !== e.source)) {
        cur = { head: `${player(e.seat)}, ${e.source}`, items: [], seat: e.seat, source: e.source, points: 0 };
        lines.push(cur);
      }
      cur.source = e.source;
      cur.items.push(e.item);
      cur.points += e.item.points;
    } else if (e.type !== 'score') {
      cur = null;
    }
  }
  if (!lines.length || !lines.some((l) => l.source)) return null;
  return lines.map((l) => ({
    seat: l.seat,
    text: l.items.length ? `${l.head}: ${bfc.narrate(l.items)} — ${l.points} point${l.points === 1 ? '' : 's'}` : l.head,
  }));
}

function resume() {
  if (!S.pause) return;
  S.pause = null;
  step();
}

// ---- The chance of winning ---------------------------------------------------------------

// Your side's chance of winning from the start of this deal (the
// library's bfc_win_chance: a table where it has one, else its
// approximation); the coach branch's game.dealChance() when the binding has it.
function dealChance() {
  const g = S.game;
  try {
    if (typeof g.dealChance === 'function') return g.dealChance().chances[g.sideOf(HUMAN)];
    return bfc.winChance(g, g.scores, g.observe(HUMAN).dealer).chances[g.sideOf(HUMAN)];
  } catch {
    return null; // a game the library has no chance for (solitaire)
  }
}

function recordChance() {
  const v = dealChance();
  if (v !== null && Number.isFinite(v)) S.chances.push({ ply: S.moves.length, value: v, kind: 'deal' });
}

// A graph of the chances over the game: x the moves, y 0..100%; the
// deals' starts joined by a line, the hints' analysis as dots.
function chanceGraph(svgEl, chances, plies) {
  const w = 320;
  const h = 60;
  svgEl.setAttribute('viewBox', `0 0 ${w} ${h}`);
  // inside the frame whatever a chance says (a kept game's are checked
  // too, kept.js: a chance of 1e308 drew Infinity)
  const clamp = (v, lo, hi) => Math.min(hi, Math.max(lo, v));
  const x = (ply) => 4 + (w - 8) * (plies ? clamp(ply / plies, 0, 1) : 0);
  const y = (v) => 4 + (h - 8) * (1 - clamp(v, 0, 1));
  chances = chances.filter((c) => Number.isFinite(c.ply) && Number.isFinite(c.value));
  const parts = [svg('rect', { x: 0, y: 0, width: w, height: h, class: 'graph-bg' }),
    svg('line', { x1: 0, x2: w, y1: y(0.5), y2: y(0.5), class: 'graph-half' })];
  const deals = chances.filter((c) => c.kind !== 'hint');
  if (deals.length > 1)
    parts.push(svg('polyline', { points: deals.map((c) => `${x(c.ply).toFixed(1)},${y(c.value).toFixed(1)}`).join(' '), class: 'graph-line' }));
  // dots as round-capped lines of no length: round however the graph is
  // stretched (vector-effect: non-scaling-stroke)
  for (const c of chances) {
    const cx = x(c.ply).toFixed(1);
    const cy = y(c.value).toFixed(1);
    parts.push(svg('line', { x1: cx, x2: cx, y1: cy, y2: cy, class: `graph-dot graph-${c.kind}`, 'data-ply': c.ply, 'data-value': c.value.toFixed(4) }));
  }
  svgEl.replaceChildren(...parts);
}

function renderChance() {
  const last = S.chances.at(-1);
  const text = $('#chance-text');
  const bar = $('#chance-bar');
  $('#chance').hidden = !last;
  $('#chance-graph').hidden = !last;
  if (!last) return;
  const p = Math.round(100 * last.value);
  const when = { deal: 'at the start of this deal', hint: 'the hint\'s analysis', end: 'the game is over' }[last.kind];
  text.textContent = `Your chance of winning: ${p}% (${when})`;
  bar.setAttribute('aria-valuenow', String(p));
  bar.dataset.value = last.value.toFixed(4);
  $('#chance-fill').style.width = `${p}%`;
  chanceGraph($('#chance-graph'), S.chances, Math.max(S.moves.length, 1));
}

// ---- Keeping the game (localStorage) -------------------------------------------------------

function storeGame() {
  if (S.moves.length > LIMITS.moves) {
    // past what a reload restores (kept.js): the last entry that fits stays
    if (!S.tooLong) say(`This game has more than ${LIMITS.moves} moves, more than the page keeps: a reload will not bring back what follows.`);
    S.tooLong = true;
    return;
  }
  try {
    localStorage.setItem(STORE_KEY, JSON.stringify(entry(bfc, S)));
  } catch {
    // storage full or refused (a private window): the game goes on unsaved
  }
}

function say(text) {
  const m = $('#message');
  m.textContent = text;
  m.hidden = !text;
}

// The game from its start and its moves, with the log as it was (kept.js).
function rebuild(startSave, moves, movers) {
  return replay(bfc.loadGame(startSave), moves, movers, HUMAN);
}

function adopt(game, log, { startSave, startEvents, moves, movers, chances }) {
  clearTimeout(S.timer);
  S.game?.free();
  S.game = game;
  S.startSave = startSave;
  S.startEvents = startEvents;
  S.moves = moves;
  S.movers = movers;
  S.chances = chances;
  S.pause = null;
  S.selected = [];
  S.lastScores = game.scores;
  $('#log').replaceChildren();
  $('#hint').replaceChildren();
  showTable(log);
}

// Whether the kept game is the one the address names: each of game, seed,
// bot, level, target and muggins the link gives is the kept game's.
function linkNames(settings, seed) {
  const q = params;
  if (q.has('game') && q.get('game') !== settings.preset) return false;
  if (q.has('seed') && linkSeed() !== seed) return false;
  if (q.has('bot') && q.get('bot') !== settings.bot) return false;
  if (q.has('level') && q.get('level') !== settings.level) return false;
  if (q.has('target') && Number(q.get('target')) !== (settings.target ?? NaN)) return false;
  if (q.has('muggins') && (q.get('muggins') === '1') !== settings.muggins) return false;
  return true;
}

const linked = () => ['game', 'seed', 'bot', 'level', 'target', 'muggins'].some((k) => params.has(k));

// The kept game, if any, when the address names it (or names no game):
// true when it is back on the table. An entry that cannot be restored
// (kept.js says why) is dropped with a message; a kept game that is not the
// link's stays kept until the link's game replaces it, and the message says
// which game that was.
function restoreGame() {
  let raw = null;
  try {
    raw = localStorage.getItem(STORE_KEY);
  } catch {
    return false;
  }
  if (raw === null) return false;
  let k;
  try {
    k = restore(bfc, raw, { viewer: HUMAN });
  } catch (err) {
    try {
      localStorage.removeItem(STORE_KEY);
    } catch {}
    say(`The game kept in this browser could not be restored (${err.message}), so it was dropped: a new game starts.`);
    return false;
  }
  if (linked() && !linkNames(k.settings, k.seed)) {
    const p = bfc.preset(k.settings.preset);
    say(`This link deals a new game of ${bfc.preset($('#game-select').value).title}` +
      (params.has('seed') ? ` (seed ${params.get('seed')})` : '') + `; the game kept in this browser ` +
      `(${p.title}, seed ${k.seed}, ${plural(k.moves.length, 'move')} in) was another, and the new one takes its place.`);
    k.game.free();
    return false;
  }
  const p = bfc.preset(k.settings.preset);
  S.preset = p;
  S.seed = k.seed;
  S.settings = k.settings;
  $('#game-select').value = p.name;
  $('#bot-select').value = S.settings.bot;
  $('#level-select').value = S.settings.level;
  S.levelAsked = S.settings.level;
  syncLevel();
  $('#target-select').value = S.settings.target ? String(S.settings.target) : '';
  $('#muggins').checked = S.settings.muggins;
  makeBots();
  S.tooLong = false;
  adopt(k.game, k.log, { startSave: k.start, startEvents: k.startEvents, moves: k.moves, movers: k.movers, chances: k.chances });
  nameInAddress();
  say(`Your game is back where you left it (${p.title}, ${plural(k.moves.length, 'move')} in).`);
  return true;
}

// ---- Undo ----------------------------------------------------------------------------------

// The human's last decision undone, with the bot's replies: the game
// replayed from its start without them.
function lastHumanMove() {
  return S.movers.lastIndexOf(HUMAN);
}

function undo() {
  const i = lastHumanMove();
  if (i < 0) return;
  const moves = S.moves.slice(0, i);
  const movers = S.movers.slice(0, i);
  const { game, log } = rebuild(S.startSave, moves, movers);
  adopt(game, log, { startSave: S.startSave, startEvents: S.startEvents, moves, movers,
    chances: S.chances.filter((c) => c.ply < i || (c.kind === 'deal' && c.ply === i)) });
  say('');
  storeGame();
}

// After each move: draw everything, then let the bot move if it is its turn.
function step() {
  const g = S.game;
  render();
  if (S.pause) {
    $('#continue')?.focus();
    return;
  }
  clearTimeout(S.timer); // one bot move pending at most
  if (g.over || g.toMove === HUMAN) return;
  $('#table').dataset.state = 'bot';
  S.timer = setTimeout(() => play(S.bot.choose(g)), BOT_DELAY);
}

// ---- Drawing --------------------------------------------------------------------------

const SUIT_CLASS = { C: 'black', S: 'black', D: 'red', H: 'red' };

function cardEl(card, { label } = {}) {
  if (card === HIDDEN) return el('span', { class: 'card back', 'aria-label': label ?? 'face-down card', role: 'img' });
  if (card === null) return el('span', { class: 'card empty', 'aria-label': label ?? 'no card', role: 'img' });
  const text = bfc.cardText(card, { unicode: true });
  const suit = card === 'JK' ? 'joker' : SUIT_CLASS[card[1]];
  return el('span', { class: `card ${suit}`, 'aria-label': label ?? card, role: 'img', 'data-card': card, text });
}

// One way to name players and sides, the library's: "player N" and "side
// N", numbered from 1 as its log lines number them (bfc_event_format); the
// human is player 1, "you". The log uses these words only.
function player(seat) {
  return `player ${seat + 1}`;
}

// Seat `seat` for the page's own sentences: "you" or "player N".
function who(seat) {
  return seat === HUMAN ? 'you' : player(seat);
}

const cap = (t) => t.charAt(0).toUpperCase() + t.slice(1);

// The seats of a side, ascending.
function seatsOf(side) {
  const g = S.game;
  const seats = [];
  for (let s = 0; s < g.players; s++) if (g.sideOf(s) === side) seats.push(s);
  return seats;
}

// A side's name: "you (player 1)", "player 2"; where sides are not single
// seats (teams, captain's), "side N (players 1 and 3, you)".
function sideName(side) {
  const g = S.game;
  const seats = seatsOf(side);
  const mine = seats.includes(HUMAN);
  if (g.sides === g.players) return mine ? `you (${player(HUMAN)})` : player(seats[0]);
  const list = seats.length > 1
    ? `players ${seats.slice(0, -1).map((x) => x + 1).join(', ')} and ${seats.at(-1) + 1}`
    : player(seats[0]);
  return `side ${side + 1} (${list}${mine ? ', you' : ''})`;
}

function render() {
  const g = S.game;
  const obs = g.observe(HUMAN);
  const t = $('#table');
  t.setAttribute('aria-busy', 'false');
  t.dataset.state = g.over ? 'over' : S.pause ? 'pause' : g.toMove === HUMAN ? 'you' : 'bot';
  t.dataset.phase = obs.phase;
  t.dataset.moves = S.moves.join(' ');
  t.dataset.scores = g.scores.join(' ');
  renderScores(obs);
  $('#board').replaceChildren(obs.rules.variant === 'battlefield' ? battlefieldView(obs) : classicView(obs));
  renderMoves(obs);
  renderChance();
  if (g.over) showReview();
}

function renderScores(obs) {
  const g = S.game;
  const scores = g.scores;
  const line = $('#score-line');
  line.replaceChildren(
    ...scores.map((s, side) =>
      el('span', { class: `score side-${side}`, id: `score-${side}`, 'data-score': s },
        el('span', { class: 'who', text: cap(sideName(side)) }),
        el('strong', { text: String(s) }),
        g.sideOf(obs.dealer) === side ? el('span', { class: 'dealer', title: 'dealer', text: 'deals' }) : null),
    ),
    el('span', { class: 'target', text: `to ${obs.rules.target}${obs.rules.backward ? ' (the first there loses)' : ''}` }),
  );
  drawPegBoard(scores, obs.rules.target);
  S.lastScores = scores;
}

// Two lanes per row of 30 holes, a lane per side; a peg in the hole of
// each side's score and a lighter one where it was before the last move.
function drawPegBoard(scores, target) {
  const board = $('#peg-board');
  const rows = Math.ceil(target / 31); // 31 holes a row at most: 31 one row, 121 four
  const per = Math.ceil(target / rows);
  const sides = scores.length;
  const laneH = 9;
  const rowH = sides * laneH + 8;
  const w = 320;
  const h = rows * rowH + 6;
  board.setAttribute('viewBox', `0 0 ${w} ${h}`);
  const title = board.querySelector('title');
  title.textContent = `Peg board to ${target}: ` + scores.map((s, i) => `${sideName(i)} ${s}`).join(', ');
  board.replaceChildren(title, svg('rect', { x: 1, y: 1, width: w - 2, height: h - 2, rx: 8, class: 'wood' }));
  const at = (hole, side) => {
    const i = hole - 1;
    const row = Math.floor(i / per);
    const col = i % per;
    const gap = Math.floor(col / 5) * 3; // holes in fives
    const step = (w - 24 - Math.floor((per - 1) / 5) * 3) / Math.max(per - 1, 1);
    const x = 12 + col * step + gap;
    const y = 8 + row * rowH + side * laneH + laneH / 2;
    return [x, y];
  };
  for (let side = 0; side < sides; side++)
    for (let hole = 1; hole <= target; hole++) {
      const [x, y] = at(hole, side);
      board.append(svg('circle', { cx: x, cy: y, r: 1.6, class: 'hole' }));
    }
  scores.forEach((s, side) => {
    const before = Math.min(S.lastScores[side] ?? 0, target);
    const now = Math.min(s, target);
    if (before > 0 && before !== now) {
      const [x, y] = at(before, side);
      board.append(svg('circle', { cx: x, cy: y, r: 3, class: `peg back side-${side}` }));
    }
    if (now > 0) {
      const [x, y] = at(now, side);
      board.append(svg('circle', { cx: x, cy: y, r: 3.6, class: `peg side-${side}`, 'data-side': side, 'data-hole': now }));
    }
  });
}

function zone(title, ...children) {
  return el('div', { class: 'zone' }, el('h3', { text: title }), ...children);
}

// Slot or card buttons: a click plays the legal move that names it, or
// picks it for a two-part move (reveal two slots, discard two cards).
function pickButton(kind, value, content, label, legal) {
  const uses = legal.filter((m) => (kind === 'slot' ? m.slots.includes(value) : m.cards.includes(value)));
  const picked = S.selected.includes(value);
  return el(
    'button',
    {
      type: 'button',
      class: `pick ${picked ? 'picked' : ''}`,
      'data-kind': kind,
      'data-value': value,
      'aria-label': label,
      'aria-pressed': uses.some((m) => (kind === 'slot' ? m.slots : m.cards).length === 2) ? String(picked) : null,
      disabled: uses.length === 0 ? true : null,
      onclick: () => pick(kind, value, legal),
    },
    content,
  );
}

function pick(kind, value, legal) {
  const of = (m) => (kind === 'slot' ? m.slots : m.cards);
  const single = legal.filter((m) => of(m).length === 1 && of(m)[0] === value);
  if (single.length === 1) return play(single[0]);
  if (S.selected.includes(value)) S.selected = S.selected.filter((v) => v !== value);
  else S.selected = [...S.selected, value];
  if (S.selected.length === 2) {
    const m = legal.find((x) => of(x).length === 2 && S.selected.every((v) => of(x).includes(v)));
    if (m) return play(m);
    S.selected = [value];
  }
  render();
}

function formationView(obs, seat, legal) {
  const cards = obs.formations[seat] ?? [];
  const mine = seat === HUMAN;
  const items = cards.map((c, i) => {
    const label = `slot ${i}: ${c === HIDDEN ? 'face down' : c}`;
    const face = el('span', { class: 'slot-card' }, cardEl(c, { label }), el('span', { class: 'slot-no', text: String(i) }));
    return mine && !S.game.over ? pickButton('slot', i, face, label, legal) : el('span', { class: 'slot' }, face);
  });
  const laid = obs.laid[seat];
  return zone(mine ? `Your formation (${player(HUMAN)})` : `${cap(player(seat))}'s formation`,
    el('div', { class: 'formation', 'data-seat': seat }, ...items),
    laid !== null && laid !== undefined ? el('p', { class: 'note', text: `laid away slot ${laid}` }) : null);
}

function battlefieldView(obs) {
  const legal = S.game.toMove === HUMAN && !S.pause ? S.game.legalMoves() : [];
  const others = [];
  for (let s = 0; s < obs.players; s++) if (s !== HUMAN) others.push(formationView(obs, s, legal));
  const front = obs.frontline.cards;
  const middle = el('div', { class: 'middle' },
    zone('Frontline',
      el('div', { class: 'frontline', 'aria-label': `frontline, sum ${obs.frontline.sum}` }, ...front.map((c) => cardEl(c))),
      el('p', { class: 'sum', id: 'frontline-sum', text: `sum ${obs.frontline.sum}` })),
    zone('Draw pile',
      el('div', { class: 'pile' }, cardEl(HIDDEN, { label: 'draw pile' }), el('span', { id: 'pile-count', text: `${obs.pile} cards` }))),
    obs.held !== null ? zone(obs.toMove === HUMAN ? 'You drew' : `${cap(player(obs.toMove))} drew`, cardEl(obs.held)) : null,
    obs.turnCard !== null ? zone('Turn card', cardEl(obs.turnCard)) : null,
    zone('Reserve', el('p', { text: `${obs.crib} cards, for ${who(obs.dealer)}` })),
  );
  const notes = [`skirmish ${obs.skirmish}`, `turn ${obs.turns}`];
  if (obs.ender !== null) notes.push(`${cap(who(obs.ender))} ended the skirmish: ${obs.finalTurns} final turns owed`);
  if (obs.limitReached) notes.push('turn limit: the turn card is next');
  return el('div', { class: 'battlefield' }, ...others, middle, formationView(obs, HUMAN, legal),
    el('p', { class: 'note', text: notes.join(' · ') }));
}

function classicView(obs) {
  const legal = S.game.toMove === HUMAN && !S.pause ? S.game.legalMoves() : [];
  const opp = [];
  for (let s = 0; s < obs.players; s++) {
    if (s === HUMAN) continue;
    const shown = obs.shown[s] ?? [];
    opp.push(zone(`${cap(player(s))}'s hand`,
      el('div', { class: 'hand' }, ...(shown.length ? shown.map((c) => cardEl(c)) : Array.from({ length: obs.heldBy[s] }, () => cardEl(HIDDEN)))),
      shown.length ? null : el('div', { class: 'played', 'aria-label': 'cards laid' }, ...(obs.played[s] ?? []).map((c) => cardEl(c)))));
  }
  const play = el('div', { class: 'middle' },
    zone('Starter', cardEl(obs.starter ?? HIDDEN, { label: obs.starter ? `starter ${obs.starter}` : 'starter not cut' })),
    zone('The play',
      el('div', { class: 'frontline' }, ...obs.sequence.map((c) => cardEl(c))),
      el('p', { class: 'sum', id: 'play-count', text: `count ${obs.count}` })),
    zone(obs.rules.variant === 'solitaire' ? 'Crib' : `Crib (${obs.dealer === HUMAN ? 'yours' : player(obs.dealer) + "'s"})`,
      el('div', { class: 'hand' }, ...(obs.cribCards.length ? obs.cribCards.map((c) => cardEl(c)) : Array.from({ length: obs.crib }, () => cardEl(HIDDEN))))),
    zone('Deck', el('p', { id: 'pile-count', text: `${obs.pile} cards` })),
  );
  const hand = obs.hand.map((c) => pickButton('card', c, cardEl(c), c, legal));
  const mine = zone(`Your hand (${player(HUMAN)})`, el('div', { class: 'hand mine' }, ...hand),
    el('div', { class: 'played', 'aria-label': 'cards you laid' }, ...(obs.played[HUMAN] ?? []).map((c) => cardEl(c))),
    obs.thrown.length ? el('p', { class: 'note', text: `you threw ${obs.thrown.join(' ')}` }) : null);
  return el('div', { class: 'classic' }, ...opp, play, mine);
}

function renderMoves(obs) {
  const g = S.game;
  const box = $('#moves');
  const status = $('#status');
  $('#hint-button').disabled = g.over || g.toMove !== HUMAN || !!S.pause;
  $('#undo-button').disabled = lastHumanMove() < 0;
  if (S.pause) {
    status.textContent = 'The count:';
    box.replaceChildren(
      el('ul', { id: 'pause-summary' }, ...S.pause.map((l) => el('li', { class: l.seat === HUMAN ? 'mine' : null, text: l.text }))),
      el('p', { class: 'pause-scores', text: 'Scores now: ' + g.scores.map((x, side) => `${sideName(side)} ${x}`).join(', ') + '.' }),
      el('button', { type: 'button', id: 'continue', onclick: resume, text: 'Continue' }),
    );
    return;
  }
  if (g.over) {
    const scores = g.scores;
    const mySide = g.sideOf(HUMAN);
    const won = g.winner === mySide;
    const lost = g.winner === null && g.players === 1;
    status.textContent = lost
      ? `Game over: ${scores[0]} points, not enough.`
      : `Game over: ${won ? `you win (${sideName(mySide)})` : `${sideName(g.winner)} wins`}, ${scores.join('–')}` +
        (g.value > 1 ? ` (worth ${g.value} games)` : '') + '.';
    // (replaceChildren writes a null as the text "null": only buttons here)
    box.replaceChildren(el('button', { type: 'button', id: 'again', onclick: () => newGame(), text: 'Play again' }),
      ...(narrow() ? [el('button', { type: 'button', id: 'another', onclick: openMenu, text: 'Another game…' })] : []));
    return;
  }
  if (g.toMove !== HUMAN) {
    status.textContent = `${cap(player(g.toMove))} is thinking…`;
    box.replaceChildren();
    return;
  }
  status.textContent = obs.phase === 'reveal' ? 'Turn two slots face up: pick two.'
    : obs.phase === 'discard' ? `Throw ${obs.throws} card${obs.throws > 1 ? 's' : ''} to the crib.`
    : obs.phase === 'declare' ? declaring(obs)
    : obs.phase === 'claim' ? `${cap(player(obs.declarer))} declares ${obs.declared} for ${counted(obs)}: call muggins (claim) or pass.`
    : `Your turn (${obs.phase}).`;
  const legal = g.legalMoves();
  const why = explainer(g, obs);
  box.replaceChildren(
    ...legal.map((m, i) => {
      const line = why(m);
      return el('button', {
        type: 'button',
        class: 'move',
        'data-move': m.id,
        'aria-keyshortcuts': i < 9 ? String(i + 1) : null,
        onclick: () => play(m),
      }, i < 9 ? el('kbd', { text: String(i + 1) }) : null, ` ${m.text}`, line ? el('span', { class: 'why', text: line }) : null);
    }),
  );
}

// ---- One line per move: what it does for you -------------------------------------------

// The coach's explanation when the binding has it (game.explain,
// game.explainDiscard: bfc_explain_move / bfc_explain_discard); otherwise
// what the move scores now (the library's scoring of it, on a copy of the
// game), or at a discard the library's expected points of what it keeps.
// Nothing where a line would tell what you may not know: a reveal
// (it turns unseen cards) and the muggins declarations (RULES D12: you
// count for yourself).
function explainer(g, obs) {
  if (obs.phase === 'reveal' || obs.phase === 'declare' || obs.phase === 'claim') return () => '';
  const coach = (fn) => (m) => {
    try {
      return fn.call(g, m);
    } catch {
      return '';
    }
  };
  if (obs.phase === 'discard') {
    if (typeof g.explainDiscard === 'function') return coach(g.explainDiscard);
    let advice = [];
    try {
      advice = g.adviseDiscard();
    } catch {
      return () => '';
    }
    return (m) => {
      const o = advice.find((x) => x.move.id === m.id);
      if (!o) return '';
      const ours = g.sideOf(obs.dealer) === g.sideOf(HUMAN); // the crib is your side's
      const crib = o.toCrib ? `, crib ${ours ? '+' : '−'}${o.cribEv.toFixed(1)}` : '';
      return `keeps ${o.keep.join(' ')}: hand ${o.handEv.toFixed(1)}${crib}, ${o.totalEv.toFixed(1)} expected`;
    };
  }
  if (typeof g.explain === 'function') return coach(g.explain);
  return (m) => scoresNow(g, m);
}

// What `m` scores for your side at once: the score events right after it,
// applied to a copy of the game (only your points are told).
function scoresNow(g, m) {
  const c = g.copy();
  let events;
  try {
    events = c.apply(m.id);
  } catch {
    return '';
  } finally {
    c.free();
  }
  const mine = g.sideOf(HUMAN);
  const items = [];
  for (const e of events.slice(1)) {
    if (e.type !== 'score') break;
    if (e.side === mine) items.push(e.item);
  }
  const pts = items.reduce((a, it) => a + it.points, 0);
  if (!pts) return 'scores nothing now';
  return `scores ${pts} now: ${items.map((it) => (it.combo ?? it.kind) + (it.points > 1 ? ` ${it.points}` : '')).join(', ')}`;
}

// ---- The end: the review and the chances ----------------------------------------------

function showReview() {
  if (S.reviewed === S.game) return;
  S.reviewed = S.game;
  const sec = $('#review');
  sec.hidden = false;
  const graph = svg('svg', { id: 'review-chances', role: 'img', 'aria-label': 'Your chance of winning over the game', viewBox: '0 0 320 60', preserveAspectRatio: 'none' });
  chanceGraph(graph, S.chances, Math.max(S.moves.length, 1));
  $('#review-graph').replaceChildren(
    el('p', { text: `Your chance of winning, deal by deal (${plural(S.chances.filter((c) => c.kind === 'deal').length, 'deal')})` +
      (S.chances.some((c) => c.kind === 'hint') ? ', with the hints\' analysis as dots' : '') + ':' }),
    graph);
  const body = $('#review-body');
  if (typeof bfc.reviewGame !== 'function') {
    body.replaceChildren(el('p', { id: 'review-none', class: 'note', text: 'This build of the library has no move-by-move review (reviewGame).' }));
    return;
  }
  // the review searches at the level of the game (the opponent's and the
  // hint's), and says which
  const level = S.settings.level;
  const b = S.budgets?.[level];
  const step = dialStepOf(bfc, S.settings.bot);
  const alike = S.settings.bot === 'ismcts' || (step !== null && bfc.dialStepOfLevel(level) === step);
  const how = `Reviewed at the ${level} level, as the hint${alike ? ' and your opponent' : ''} searched` +
    (b ? ` (${b.iterations} playouts a decision, ${b.worlds} deals solved in a two-player classic play)` : '') + ':';
  const waiting = `Reviewing your decisions at the ${level} level…`;
  const wait = el('p', { id: 'review-wait', text: waiting });
  body.replaceChildren(wait);
  const game = S.game;
  const start = bfc.loadGame(S.startSave);
  // the review yields between slices of moves: its progress shows, and a
  // new game stops it (the signal)
  S.reviewStop?.abort();
  const stop = new AbortController();
  S.reviewStop = stop;
  const onProgress = (done, total) => {
    if (total > 0) wait.textContent = `${waiting} ${Math.floor((100 * done) / total)}%`;
  };
  Promise.resolve()
    .then(() => bfc.reviewGame(start, S.moves, { seat: HUMAN, level, seed: S.seed, signal: stop.signal, onProgress }))
    .then((entries) => {
      if (S.game !== game) return;
      const summary = typeof bfc.summarizeReview === 'function' ? bfc.summarizeReview(entries, { seat: HUMAN }).text : '';
      body.replaceChildren(
        el('p', { id: 'review-level', 'data-level': level, text: how }),
        summary ? el('p', { id: 'review-summary', text: summary }) : null,
        el('ol', { id: 'review-list' }, ...entries.map((x) => el('li', { class: `grade-${x.grade}`, text: x.text }))),
      );
    })
    .catch((err) => {
      if (S.game === game) body.replaceChildren(el('p', { class: 'note', text: `The review could not be made: ${err.message}` }));
    })
    .finally(() => {
      start.free();
      if (S.reviewStop === stop) S.reviewStop = null;
    });
}

// ---- How to play (doc/rules.md) -------------------------------------------------------

// The game in a screen first (tools/overviews.md), then the sections of
// the reference it needs, closed, under a line on how the reference cites.
function showRules() {
  const name = S.preset?.name ?? $('#game-select').value;
  const nums = GAMES[name] ?? GAMES.classic;
  $('#rules-title').textContent = `How to play ${S.preset?.title ?? ''}`.trim();
  const body = $('#rules-body');
  const overview = el('div', { id: 'rules-overview', class: 'rules-text' });
  overview.innerHTML = OVERVIEWS[name] ?? OVERVIEWS.classic; // generated by tools/rules.mjs, escaped there
  body.replaceChildren(overview,
    el('h3', { id: 'rules-reference', text: 'The rules in full' }),
    el('p', { class: 'note', text: 'From the reference the library plays (doc/rules.md). It cites its sources as ' +
      '"seed 000" (the Battlefield Cribbage rulebook) and "seed 001" to "seed 003" (classic rulebooks), and numbers ' +
      'as D1, D2, ... the decisions it takes where a rulebook is silent or unclear: you need neither to play.' }));
  for (const n of nums) {
    const sec = SECTIONS[n];
    const d = el('details', { 'data-section': n }, el('summary', { text: sec.title }));
    const div = el('div', { class: 'rules-text' });
    div.innerHTML = sec.html; // generated from doc/rules.md by tools/rules.mjs, escaped there
    d.append(div);
    body.append(d);
  }
}

function toggleRules(open = $('#rules-panel').hidden) {
  $('#rules-panel').hidden = !open;
  $('#rules-button').setAttribute('aria-expanded', String(open));
  if (open) $('#rules-panel summary').focus();
  else $('#rules-button').focus();
}

// ---- The hand-score trainer ---------------------------------------------------------------

const T = { state: 0n, hand: [], starter: null };

function trainerDeal() {
  const ids = [];
  while (ids.length < 5) {
    const [r, next] = bfc.rngNext(T.state);
    T.state = next;
    const id = Number(r % 52n);
    if (!ids.includes(id)) ids.push(id);
  }
  const cards = ids.map((i) => bfc.cardText(i));
  T.hand = cards.slice(0, 4);
  T.starter = cards[4];
  $('#trainer-cards').replaceChildren(
    el('div', { class: 'hand', id: 'trainer-hand', 'data-cards': T.hand.join(' ') }, ...T.hand.map((c) => cardEl(c))),
    el('div', { class: 'starter' }, el('span', { class: 'note', text: 'starter ' }), el('span', { id: 'trainer-starter', 'data-card': T.starter }, cardEl(T.starter))),
  );
  $('#trainer-result').replaceChildren();
  $('#trainer-answer').value = '';
  $('#trainer-answer').focus();
}

function trainerCheck(ev) {
  ev.preventDefault();
  const said = $('#trainer-answer').value.trim();
  const res = $('#trainer-result');
  if (!/^\d+$/.test(said)) {
    res.replaceChildren(el('p', { class: 'verdict wrong', text: 'Enter your count as a number (0 to 29).' }));
    return;
  }
  const score = bfc.scoreShow(T.hand, T.starter);
  const right = Number(said) === score.total;
  res.replaceChildren(
    el('p', { class: `verdict ${right ? 'right' : 'wrong'}`, 'data-total': score.total,
      text: right ? `Right: ${score.total}.` : `Not quite: you said ${said}, the hand counts ${score.total}.` }),
    el('p', { id: 'trainer-narration', text: `${cap(bfc.narrate(score.items))}.` }),
    el('ul', { id: 'trainer-items' }, ...score.items.map((it) => el('li', { text: `${it.combo ?? it.kind} (${it.cards.join(' ')}): ${it.points}` }))),
  );
  $('#trainer-next').focus();
}

function toggleTrainer(on = $('#trainer').hidden) {
  $('#trainer').hidden = !on;
  $('#table').hidden = on;
  $('#trainer-button').setAttribute('aria-pressed', String(on));
  if (on && !T.hand.length) trainerDeal();
  else if (on) $('#trainer-answer').focus();
}

// Muggins (RULES 3.9, D12): what the declarer counts, from the observation:
// a hand or the crib with the starter, or the card just laid in the play
// with the go or last card it earns (obs.owed).
function counted(obs) {
  if (obs.counting === 'play')
    return `${obs.sequence.at(-1)} (the play ${obs.sequence.join(' ')}, count ${obs.count}` +
      (obs.owed ? ', and the point for the go or last card' : '') + ')';
  const what = obs.counting === 'crib' ? 'the crib' : 'the hand';
  return obs.judged.length ? `${what} ${obs.judged.join(' ')} with ${obs.starter}` : what;
}

function declaring(obs) {
  const what = obs.counting === 'play' ? `what your ${counted(obs)} scores` : counted(obs);
  return `Muggins: declare ${what}. An opponent may call muggins on a wrong count.`;
}

const plural = (n, w) => `${n} ${w}${n === 1 ? '' : 's'}`;
const pct = (x) => `${(100 * x).toFixed(0)}%`;

// A move and the moves that are the same to every player (the analysis'
// sameAs: Battlefield's face-down slots, cards of one rank in the classic
// play), as one line's name: "play 3C or 3S", "reveal 0 1 (or any of 9
// alike)".
function alikeText(s, stats) {
  const alike = stats.filter((t) => t.sameAs.id === s.move.id && t.move.id !== s.move.id);
  if (alike.length === 0) return s.move.text;
  if (alike.length > 1) return `${s.move.text} (or any of ${alike.length} alike)`;
  const other = alike[0].move.text;
  const [verb, ...rest] = other.split(' ');
  return rest.length && s.move.text.startsWith(`${verb} `) ? `${s.move.text} or ${rest.join(' ')}` : `${s.move.text} or ${other}`;
}

// The hint: the search bot's analysis (bfc_search_analyze), what it reads
// being only what the human may see. At a classic discard, each discard's
// chance of winning (where the library has a table for these rules) and
// its expected points, which the bot decides by; elsewhere the best moves
// with their chance of winning and how many playouts (or, in the classic
// play of two players, deals solved) stand behind it -- moves that are the
// same to every player on one line.
// The analysis' chance of winning of the best move, when it has one.
function hintValue(move) {
  const s = S.lastStats?.find((x) => x.move.id === move.id);
  return s && s.value !== null && Number.isFinite(s.value) && s.value >= 0 && s.value <= 1 ? s.value : null;
}

function hintLines() {
  const g = S.game;
  const stats = S.hint.analyze(g);
  S.lastStats = stats;
  const info = S.hint.last;
  if (g.phase === 'discard' && stats.every((s) => s.points !== null)) {
    const hand = g.observe(HUMAN).hand;
    const wins = stats[0].value !== null;
    return {
      title: `Search bot (${S.settings.level}): each discard's ${wins ? 'chance of winning and ' : ''}expected points (hand and crib), best first`,
      rows: stats.slice(0, HINT_SHOWN).map((s) => ({
        move: s.move,
        text: `${s.move.text}: keep ${hand.filter((c) => !s.move.cards.includes(c)).join(' ')} — ` +
          `${wins ? `${pct(s.value)} to win, ` : ''}${s.points.toFixed(2)} points`,
      })),
    };
  }
  const reps = stats.filter((s) => s.sameAs.id === s.move.id);
  const searched = reps.filter((s) => s.searched && s.value !== null);
  if (!searched.length) {
    const first = reps[0];
    return {
      title: reps.length === 1 && stats.length > 1
        ? 'Search bot: these moves are all the same to everyone; nothing to weigh'
        : 'Search bot: one move is worth playing here',
      rows: [{ move: first.move, text: alikeText(first, stats) }],
    };
  }
  const solver = info.depth === 0; // bfc.h: the deal solver's decisions have no tree
  const unit = solver ? 'deals solved' : 'playouts';
  return {
    title: `Search bot (${S.settings.level}, ${info.iterations} ${unit}): the best moves and their chance of winning`,
    rows: searched.slice(0, HINT_SHOWN).map((s) => ({
      move: s.move,
      text: `${alikeText(s, stats)}: ${pct(s.value)} to win${s.winsNow ? ' (wins now)' : ''}, ${s.visits} ${unit}`,
    })),
  };
}

function showHint() {
  const g = S.game;
  if (g.over || g.toMove !== HUMAN) return;
  const { title, rows } = hintLines();
  const v = S.hint.last && rows[0] ? hintValue(rows[0].move) : null;
  if (v !== null) {
    S.chances = S.chances.filter((c) => !(c.kind === 'hint' && c.ply === S.moves.length));
    S.chances.push({ ply: S.moves.length, value: v, kind: 'hint' });
    renderChance();
    storeGame();
  }
  $('#hint').replaceChildren(
    el('p', { class: 'hint-title', text: title }),
    el('ol', { id: 'hint-list' }, ...rows.map((r) => el('li', { 'data-move': r.move.id, text: r.text }))),
  );
  const best = rows[0].move.id;
  for (const b of document.querySelectorAll('#moves .move')) {
    const on = Number(b.dataset.move) === best;
    b.classList.toggle('hinted', on);
    if (on) b.focus();
  }
}

// ---- The log -------------------------------------------------------------------------

// Counts whose items are narrated together, as a player says them.
const COUNTS = new Set(['hand', 'crib', 'battlefield', 'reserve', 'cease-fire', 'frontline', 'play']);

// The log's lines for the events of one move (as the human may see them:
// Game.visibleEvents).
function logLines(events) {
  const out = [];
  let group = [];
  const flush = () => {
    if (!group.length) return;
    const e = group[group.length - 1];
    // a count is narrated as players say it; a muggins declaration is
    // one number, told as the library tells it
    const declared = group.some((x) => x.item.kind === 'declared' || x.item.kind === 'muggins');
    if (COUNTS.has(e.source) && !declared && (group.length > 1 || e.source !== 'play')) {
      const items = group.map((x) => x.item);
      out.push({ text: `${player(e.seat)}, ${e.source}: ${bfc.narrate(items)} (${e.score} in all)`, cls: 'score' });
    } else {
      for (const x of group) out.push({ text: x.text, cls: 'score' });
    }
    group = [];
  };
  for (const e of events) {
    if (e.type === 'score') {
      const last = group[group.length - 1];
      if (last && (last.seat !== e.seat || last.source !== e.source)) flush();
      group.push(e);
      continue;
    }
    flush();
    out.push({ text: e.text, cls: e.type.replace(/\W+/g, '-') });
  }
  flush();
  return out;
}

// The lines of each move's events (one list a move, told apart as they
// were told) added to the log at once, the log scrolled to its last line:
// a game restored with a thousand moves is one addition, not a thousand
// (each of which laid the page out again), and the page itself does not
// scroll to the log.
function logEvents(...perMove) {
  const frag = document.createDocumentFragment();
  for (const events of perMove) for (const o of logLines(events)) frag.append(el('li', { class: o.cls, text: o.text }));
  const log = $('#log');
  log.append(frag);
  log.scrollTop = log.scrollHeight;
}

// ---- Keys ------------------------------------------------------------------------------

document.addEventListener('keydown', (ev) => {
  if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
  const tag = document.activeElement?.tagName;
  if (tag === 'SELECT' || tag === 'INPUT' || !$('#trainer').hidden) return;
  if (ev.key === 'h') showHint();
  else if (ev.key === 'u') undo();
  else if (ev.key === 'n') openMenu();
  else if (/^[1-9]$/.test(ev.key)) {
    const b = document.querySelectorAll('#moves .move')[Number(ev.key) - 1];
    if (b) b.click();
  } else return;
  ev.preventDefault();
});

$('#hint-button').addEventListener('click', showHint);
$('#undo-button').addEventListener('click', undo);
$('#rules-button').addEventListener('click', () => toggleRules());
$('#rules-close').addEventListener('click', () => toggleRules(false));
$('#trainer-button').addEventListener('click', () => toggleTrainer());
$('#trainer-form').addEventListener('submit', trainerCheck);
$('#trainer-next').addEventListener('click', trainerDeal);
{
  // the trainer's deals: from ?trainer=SEED, else a random seed
  const ts = Number(params.get('trainer'));
  T.state = BigInt(Number.isSafeInteger(ts) && ts >= 0 && params.has('trainer') ? ts : crypto.getRandomValues(new Uint32Array(1))[0]);
}
fillMenu();
// the game kept in this browser comes back when the address names it (or
// names no game: a reload of the page); otherwise the link's game, or a
// new one, starts (restoreGame says what became of a kept game)
if (!restoreGame()) newGame();
if (params.get('trainer') !== null) toggleTrainer(true);
foldMenu();
$('#notice').hidden = true; // the library is loaded and the game dealt
