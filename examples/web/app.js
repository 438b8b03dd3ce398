// A page to play Battlefield Cribbage and the classic games against a bot.
// Every rule, legal move, score and log line comes from libbfc (the npm
// package over the WebAssembly build); this file only draws and clicks.
import { load, HIDDEN } from './libbfc/index.js';

const params = new URLSearchParams(location.search);
const BOT_DELAY = Number(params.get('delay') ?? 450); // ms between the bot's moves
const HINT_LEVEL = 'medium'; // the search behind the hint button (the library's budget)
const HINT_SHOWN = 3; // moves listed by a hint
const BOT_LABELS = { ismcts: 'search bot', greedy: 'greedy bot', random: 'random bot' };
const HUMAN = 0;

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
};

// ---- The new-game menu ----------------------------------------------------------

function playersFor(p) {
  return p.players.includes(2) ? 2 : p.defaultPlayers;
}

function fillMenu() {
  const games = $('#game-select');
  for (const p of bfc.presets) {
    const n = playersFor(p);
    if (p.needTeams.includes(n)) continue;
    games.append(el('option', { value: p.name, text: p.title }));
  }
  const bots = $('#bot-select');
  for (const b of ['ismcts', ...bfc.bots.filter((x) => x !== 'ismcts')])
    bots.append(el('option', { value: b, text: BOT_LABELS[b] ?? b, selected: b === 'ismcts' }));
  const g = params.get('game');
  if (g && bfc.preset(g)) games.value = g;
  if (params.get('target')) $('#target-select').value = params.get('target');
  if (params.get('bot') && bfc.bots.includes(params.get('bot'))) bots.value = params.get('bot');
  if (params.get('muggins') === '1') $('#muggins').checked = true;
  if (['easy', 'medium', 'hard'].includes(params.get('level'))) $('#level-select').value = params.get('level');
  const level = () => ($('#level-select').disabled = bots.value !== 'ismcts');
  bots.addEventListener('change', level);
  level();
  games.addEventListener('change', showSummary);
  $('#target-select').addEventListener('change', showSummary);
  showSummary();
  $('#new-game').addEventListener('submit', (ev) => {
    ev.preventDefault();
    newGame();
  });
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

function newGame() {
  clearTimeout(S.timer);
  if (S.game) S.game.free();
  const p = bfc.preset($('#game-select').value);
  const target = Number($('#target-select').value) || undefined;
  const asked = params.get('seed') && !S.game ? Number(params.get('seed')) : NaN;
  S.seed = Number.isSafeInteger(asked) && asked >= 0 ? asked : crypto.getRandomValues(new Uint32Array(1))[0];
  S.preset = p;
  const muggins = $('#muggins').checked || undefined;
  S.game = bfc.newGame(p.name, { players: playersFor(p), seed: S.seed, target, muggins });
  // the search bots hold C memory: free the last game's now
  S.bot?.free();
  S.hint?.free();
  const name = $('#bot-select').value;
  const botSeed = (S.seed ^ 0x5bd1e995) >>> 0; // each bot its own generator, from the game's seed
  S.bot = bfc.bot(name, name === 'ismcts' ? { level: $('#level-select').value, seed: botSeed } : { seed: botSeed });
  S.hint = bfc.bot('ismcts', { level: HINT_LEVEL, seed: (S.seed ^ 0x27d4eb2f) >>> 0 });
  S.moves = [];
  S.selected = [];
  S.lastScores = S.game.scores.map(() => 0);
  $('#log').replaceChildren();
  $('#hint').replaceChildren();
  const t = $('#table');
  t.dataset.game = p.name;
  t.dataset.seed = String(S.seed);
  t.dataset.target = String(S.game.rules.target);
  t.dataset.players = String(S.game.players);
  t.dataset.muggins = S.game.rules.muggins ? '1' : '0';
  t.dataset.bot = name === 'ismcts' ? `ismcts ${$('#level-select').value}` : name;
  // the page names the game being played, at the target it is played to
  document.title = `${p.title} · libbfc`;
  $('#game-title').textContent = p.title;
  showSummary();
  logEvents(S.game.visibleEvents(S.game.startEvents, HUMAN));
  step();
}

// ---- The game loop ------------------------------------------------------------------

function play(move) {
  const g = S.game;
  // what the human may see of it (bfc_event_visible): the bots' drawn
  // cards and discards face down, their Noddy hands unseen
  const events = g.apply(move, { viewer: HUMAN });
  S.moves.push(move.id);
  S.selected = [];
  $('#hint').replaceChildren();
  logEvents(events);
  step();
}

// After each move: draw everything, then let the bot move if it is its turn.
function step() {
  const g = S.game;
  render();
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
  t.dataset.state = g.over ? 'over' : g.toMove === HUMAN ? 'you' : 'bot';
  t.dataset.phase = obs.phase;
  t.dataset.moves = S.moves.join(' ');
  t.dataset.scores = g.scores.join(' ');
  renderScores(obs);
  $('#board').replaceChildren(obs.rules.variant === 'battlefield' ? battlefieldView(obs) : classicView(obs));
  renderMoves(obs);
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
  const legal = S.game.toMove === HUMAN ? S.game.legalMoves() : [];
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
  const legal = S.game.toMove === HUMAN ? S.game.legalMoves() : [];
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
  $('#hint-button').disabled = g.over || g.toMove !== HUMAN;
  if (g.over) {
    const scores = g.scores;
    const mySide = g.sideOf(HUMAN);
    const won = g.winner === mySide;
    const lost = g.winner === null && g.players === 1;
    status.textContent = lost
      ? `Game over: ${scores[0]} points, not enough.`
      : `Game over: ${won ? `you win (${sideName(mySide)})` : `${sideName(g.winner)} wins`}, ${scores.join('–')}` +
        (g.value > 1 ? ` (worth ${g.value} games)` : '') + '.';
    box.replaceChildren(el('button', { type: 'button', id: 'again', onclick: () => newGame(), text: 'Play again' }));
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
  box.replaceChildren(
    ...legal.map((m, i) =>
      el('button', {
        type: 'button',
        class: 'move',
        'data-move': m.id,
        'aria-keyshortcuts': i < 9 ? String(i + 1) : null,
        onclick: () => play(m),
      }, i < 9 ? el('kbd', { text: String(i + 1) }) : null, ` ${m.text}`),
    ),
  );
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
function hintLines() {
  const g = S.game;
  const stats = S.hint.analyze(g);
  const info = S.hint.last;
  if (g.phase === 'discard' && stats.every((s) => s.points !== null)) {
    const hand = g.observe(HUMAN).hand;
    const wins = stats[0].value !== null;
    return {
      title: `Search bot (${HINT_LEVEL}): each discard's ${wins ? 'chance of winning and ' : ''}expected points (hand and crib), best first`,
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
    title: `Search bot (${HINT_LEVEL}, ${info.iterations} ${unit}): the best moves and their chance of winning`,
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

// Events come as the human may see them (Game.visibleEvents).
function logEvents(events) {
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
  const log = $('#log');
  for (const o of out) log.append(el('li', { class: o.cls, text: o.text }));
  log.lastElementChild?.scrollIntoView({ block: 'nearest' });
}

// ---- Keys ------------------------------------------------------------------------------

document.addEventListener('keydown', (ev) => {
  if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
  const tag = document.activeElement?.tagName;
  if (tag === 'SELECT' || tag === 'INPUT') return;
  if (ev.key === 'h') showHint();
  else if (ev.key === 'n') $('#game-select').focus();
  else if (/^[1-9]$/.test(ev.key)) {
    const b = document.querySelectorAll('#moves .move')[Number(ev.key) - 1];
    if (b) b.click();
  } else return;
  ev.preventDefault();
});

$('#hint-button').addEventListener('click', showHint);
fillMenu();
newGame();
$('#notice').hidden = true; // the library is loaded and the game dealt
