// The game the page keeps in the browser (localStorage) across a reload:
// what it writes, and how an entry read back is checked and replayed.
// No DOM here, so node runs it too (test/kept.test.js fuzzes it).
//
// An entry is text anyone can edit, so nothing in it is trusted: its size
// and its number of moves are bounded before any work is done; the start
// of the game is not read from it but dealt again from its preset, seed,
// target and muggins, exactly as the page deals a new game (so a save of
// another game, or of rules the page does not play, cannot come back under
// the preset's title); its moves are replayed through the library, one
// apply each, in order, and must lead to the save it names; its chances
// must be chances. Any entry that fails is refused with the reason.

export const STORE_KEY = 'libbfc-web-game';
export const STORE_FORMAT = 2;
// The bounds of an entry. A game the page plays has a few hundred moves (a
// Battlefield game to 121 between random bots: under 500), and one where
// every turn takes the frontline's card, the longest a game can be drawn
// out, 2,300 to 2,900; so 4,000 moves, whose entry is about 50 kB.
export const LIMITS = Object.freeze({ moves: 4000, bytes: 256 * 1024 });
const CHANCE_KINDS = new Set(['deal', 'hint', 'end']);
const LEVELS = ['easy', 'medium', 'hard'];

// The step of the strength dial a bot's name is ('step1' ..), or null.
export function dialStepOf(bfc, name) {
  const m = /^step([1-9][0-9]?)$/.exec(typeof name === 'string' ? name : '');
  const step = m ? Number(m[1]) : 0;
  return step >= 1 && step <= (bfc.dialSteps ?? 0) ? step : null;
}

// An opponent the page plays: a bot of bfc.bots or a step of the dial.
export function knownBot(bfc, name) {
  return bfc.bots.includes(name) || dialStepOf(bfc, name) !== null;
}

// The level of the hint and the review for an opponent and the level asked:
// a step that plays as a named level (8, 9, 10) sets it, as the search bot's
// level does; below, and for the other bots, the one asked.
export function levelFor(bfc, bot, level) {
  const step = dialStepOf(bfc, bot);
  const pinned = step === null ? undefined : LEVELS.find((l) => bfc.dialStepOfLevel(l) === step);
  return pinned ?? (LEVELS.includes(level) ? level : 'easy');
}

// The players the page gives a preset: two where it may, else its own.
export function playersFor(p) {
  return p.players.includes(2) ? 2 : p.defaultPlayers;
}

// The game the page deals for these settings (the library's new game).
export function deal(bfc, { preset, seed, target, muggins }) {
  const p = bfc.preset(preset);
  return bfc.newGame(p.name, { players: playersFor(p), seed, target, muggins: muggins || undefined });
}

// The entry for a game in progress: what storeGame writes.
export function entry(bfc, S) {
  return {
    format: STORE_FORMAT,
    version: bfc.version,
    settings: S.settings,
    seed: S.seed,
    moves: S.moves,
    movers: S.movers,
    chances: S.chances,
    save: S.game.save(),
  };
}

// The chances of an entry that are chances: a kind the page draws, a ply
// of the game, a value from 0 to 1 (a crafted 1e308 drew Infinity).
export function cleanChances(chances, plies) {
  return chances.filter((c) => c && typeof c === 'object' && CHANCE_KINDS.has(c.kind) &&
    Number.isInteger(c.ply) && c.ply >= 0 && c.ply <= plies &&
    typeof c.value === 'number' && c.value >= 0 && c.value <= 1).map(({ ply, value, kind }) => ({ ply, value, kind }));
}

const fail = (why) => {
  throw new Error(why);
};

// Replays moves from the game `start` (which it takes over: freed on a
// failure), checking each is a move id of the player to move: { game, log }
// with log[i] the events of move i as `viewer` sees them. Throws a sentence.
export function replay(start, moves, movers, viewer) {
  const g = start;
  const log = [];
  try {
    for (let i = 0; i < moves.length; i++) {
      const id = moves[i];
      if (!Number.isInteger(id) || id < 0) fail(`move ${i + 1} is not a move id`);
      if (g.over) fail(`move ${i + 1} comes after the end of the game`);
      if (movers && movers[i] !== g.toMove) fail(`move ${i + 1} is not the right player's`);
      try {
        log.push(g.apply(id, { viewer }));
      } catch (err) {
        fail(`move ${i + 1} is refused by the library (${err.message})`);
      }
    }
  } catch (e) {
    g.free();
    throw e;
  }
  return { game: g, log };
}

// The entry kept as text `raw`, checked and replayed: { settings, seed,
// moves, movers, chances, game, start, startEvents, log } (the caller owns
// game), or an Error whose message says why it was refused, in a phrase
// that follows "could not be restored (...)".
export function restore(bfc, raw, { viewer = 0, limits = LIMITS } = {}) {
  if (typeof raw !== 'string') fail('it is not readable');
  if (raw.length > limits.bytes)
    fail(`it is larger than a kept game may be (${raw.length} characters, at most ${limits.bytes})`);
  let e;
  try {
    e = JSON.parse(raw);
  } catch {
    fail('it is not readable');
  }
  if (!e || typeof e !== 'object' || Array.isArray(e)) fail('it is not readable');
  if (e.format !== STORE_FORMAT || e.version !== bfc.version)
    fail(`it was kept by another version of the page (${typeof e.version === 'string' ? e.version.slice(0, 40) : 'unknown'})`);
  const s = e.settings;
  if (!s || typeof s !== 'object' || typeof s.preset !== 'string' || !Array.isArray(e.moves) || !Array.isArray(e.movers) ||
      !Array.isArray(e.chances) || typeof e.save !== 'string' || !Number.isSafeInteger(e.seed) || e.seed < 0)
    fail('it is incomplete');
  if (e.moves.length > limits.moves)
    fail(`it has ${e.moves.length} moves, more than a kept game may have (${limits.moves})`);
  if (e.movers.length !== e.moves.length) fail('it is incomplete');
  const p = bfc.preset(s.preset);
  if (!p) fail(`it names a game the page does not know (${s.preset.slice(0, 40)})`);
  const target = s.target === undefined || s.target === null ? undefined : s.target;
  if (target !== undefined && !(Number.isInteger(target) && target > 0 && target <= 1000)) fail('its target is not a target');
  const settings = {
    preset: p.name,
    bot: knownBot(bfc, s.bot) ? s.bot : 'ismcts',
    level: levelFor(bfc, knownBot(bfc, s.bot) ? s.bot : 'ismcts', s.level),
    target,
    muggins: s.muggins === true,
  };
  let start;
  try {
    start = deal(bfc, { preset: p.name, seed: e.seed, target, muggins: settings.muggins });
  } catch (err) {
    fail(`its game cannot be dealt (${err.message})`);
  }
  const startSave = start.save();
  const startEvents = start.visibleEvents(start.startEvents, viewer);
  const { game, log } = replay(start, e.moves, e.movers, viewer);
  if (game.save() !== e.save) {
    game.free();
    fail('its moves do not lead to the game saved');
  }
  return {
    settings,
    seed: e.seed,
    moves: e.moves.slice(),
    movers: e.movers.slice(),
    chances: cleanChances(e.chances, e.moves.length),
    game,
    start: startSave,
    startEvents,
    log,
  };
}
