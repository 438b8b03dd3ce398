// Compiled by types.test.js with tsc --strict against index.d.ts: the
// declarations describe the API as a TypeScript program uses it.
import { load, BfcError, BfcRulesError, HIDDEN, type Game, type GameEvent, type Move, type SearchBot, type DialBot, type SearchStat, type DiscardOption, type WinChance } from '../index.js';

export async function main(): Promise<number> {
  const bfc = await load();
  const v: string = bfc.version;
  const cards: string[] = bfc.parseCards('5H 5C 5S JD');
  const ids: number[] = bfc.parseCards('5H 5C', { ids: true });
  const s = bfc.scoreShow(cards, '5D', { crib: false });
  const total: number = s.total + s.fifteens + s.pairs + s.runs + s.flush + s.nobs;
  const kinds: string[] = s.items.map((it) => `${it.kind} ${it.points} ${it.cards.join(' ')}`);
  const said: string = bfc.narrate(s) + bfc.narrate(s.items) + bfc.narrate('5H 5C 5S JD', '5D');
  const b = bfc.scoreBattlefield('4H 6C 5H 5S JK', '4S');
  const legal: number[] = b.legal;
  const f = bfc.scoreFrontline(['7S', '7D', '8C'], '9H', { turnCard: true });
  const combo: string | null = f.combo;
  const g: Game = bfc.newGame('battlefield', { players: 2, seed: 1n, target: 31 });
  const bot = bfc.bot('greedy', { seed: 2 });
  const log: GameEvent[] = [...g.startEvents];
  while (!g.over) {
    const moves: Move[] = g.legalMoves();
    const move: Move = g.toMove === 0 ? moves[0] : bot.choose(g);
    for (const e of g.apply(move)) if (e.type === 'score' && e.item) log.push(e);
  }
  const scores: number[] = g.scores;
  const winner: number | null = g.winner;
  const values: number[] = g.values;
  const seen: GameEvent[] = g.visibleEvents(log, 1);
  // issue 38: events are a union on type, so a test of the type narrows
  // them under --strict (e.points was number | undefined after 'score')
  let pegged = 0;
  for (const e of seen) {
    if (e.type === 'score') {
      const p: number = e.points;
      const total: number = e.score;
      const source: string = e.source;
      const pts: number = e.item.points;
      pegged += p + 0 * total + 0 * source.length + 0 * pts;
    } else if (e.type === 'play') {
      const count: number = e.count;
      pegged += 0 * count;
    } else if (e.type === 'game over' || e.type === 'show') {
      const v: number = e.points;
      pegged += 0 * v;
    }
  }
  // the tables of issue 16: a match of captain's cribbage with muggins
  const m: Game = bfc.newGame('captains', { seed: 3, muggins: true, match: 2, matchPoints: 'acc', nextDealer: 'loser', pay: 'sum' });
  const mine: GameEvent[] = m.apply(bot.choose(m), { viewer: 0 });
  const mo = m.observe(m.toMove ?? 0);
  const counting: 'hand' | 'crib' | 'play' | null = mo.counting;
  const owed: boolean = mo.owed;
  const matchScores: number[] = m.matchScores;
  const matchWinner: number | null = m.matchWinner;
  const seat: number = m.seatOf(0);
  const systems = bfc.names.matchPoints;
  const r = bfc.rules('battlefield', { players: 4, teams: true, partnersByCut: true, noTakeBack: true, jokerKillsFormation: true });
  const flags: boolean = r.partnersByCut && r.noTakeBack && r.jokerKillsFormation && !r.captain;
  m.free();
  // the search bot and the exact advice (issue 15)
  const search: SearchBot = bfc.bot('ismcts', { level: 'easy', seed: 2n });
  const stats: SearchStat[] = search.analyze(g);
  const best: Move = search.choose(g);
  const took: number = search.last?.iterations ?? 0;
  // issue 27: the analysis' new figures, a decision in steps, the chance of winning
  const value: number | null = stats[0].value;
  const points: number | null = stats[0].points;
  const alike: Move = stats[0].sameAs;
  const ac = new AbortController();
  const later2: Promise<Move> = search.chooseAsync(g, { signal: ac.signal, onProgress: (units: number) => void units });
  const later3: Promise<SearchStat[]> = search.analyzeAsync(g);
  void later2.catch(() => 0);
  void later3.catch(() => 0);
  ac.abort();
  const cfg = search.config;
  const worlds: number = cfg.worlds + (cfg.solver ? 1 : 0) + (cfg.belief ? 1 : 0);
  search.free();
  const chance: WinChance = bfc.winChance('classic', [100, 110], 0, { players: 2 });
  const fromTable: boolean = chance.table;
  const room: number[] = g.observe(0).goRoom;
  const belief: Game = g.copy().determinizeBelief(0, 1n);
  belief.free();
  const inWins: DiscardOption[] = bfc.adviseDiscard('5H 5C JD 6S 7S 9H', { crib: 'played' });
  const win: number | null = inWins[0].win;
  const advice: DiscardOption[] = bfc.adviseDiscard('5H 5C JD 6S 7S 9H', { role: 'pone' });
  const ev: number = bfc.adviseFormation(['5H', '5C', 'JD', HIDDEN, HIDDEN], g.unseen(0)) + advice[0].totalEv;
  const o = g.observe(0);
  const faceDown = o.formations[1].filter((c) => c === HIDDEN).length;
  const copy = bfc.loadGame(g.save());
  copy.free();
  g.free();
  // scopes: everything made inside is freed, but what is returned
  const kept: Game = bfc.scope(() => bfc.newGame('classic', { seed: 2n }).copy());
  const totals: number[] = bfc.withGame('classic', { seed: 3 }, (h: Game) => h.scores);
  const later: Promise<number | null> = bfc.withGame('noddy', undefined, async (h: Game) => h.toMove);
  kept.free();
  const greedy = bfc.bot('greedy', { seed: 1n });
  const state: bigint = greedy.state;
  greedy.free();
  const dial: DialBot = bfc.dialBot({ step: 3, seed: 2n });
  const dialGame: Game = bfc.newGame('classic', { seed: 2 });
  const dialMove: Move = dial.choose(dialGame);
  const rated: DialBot = bfc.bot('rating:1500');
  const dialRating: number = bfc.dialRating(dial.step) + bfc.dialStepOfRating(1600) + bfc.dialStepOfLevel('hard') + bfc.dialSteps;
  const dialLater: Promise<Move> = rated.chooseAsync(dialGame, { signal: new AbortController().signal });
  void dialLater;
  dial.free();
  void later;
  try {
    bfc.newGame('battlefield', { target: 0 });
  } catch (e) {
    if (e instanceof BfcRulesError) return e.problem.length + e.status;
    if (e instanceof BfcError) return e.status;
  }
  return v.length + ids.length + total + kinds.length + said.length + legal.length +
    (combo ? 1 : 0) + scores.length + (winner ?? 0) + faceDown + log.length + values.length + seen.length +
    mine.length + (counting ? 1 : 0) + (owed ? 1 : 0) + matchScores.length + (matchWinner ?? 0) + seat +
    systems.length + (flags ? 1 : 0) + r.match + stats.length + best.id + took + ev + totals.length +
    (greedy.freed ? 1 : 0) + dialRating + dialMove.id + rated.rating + Number(state % 2n) + (value ?? 0) + (points ?? 0) + alike.id + worlds +
    chance.chances[0] + (fromTable ? 1 : 0) + room.length + (win ?? 0);
}
