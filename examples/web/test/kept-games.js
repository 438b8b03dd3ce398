// Kept entries of the page's own making, for the tests (kept.test.js in
// node, browser.test.js for the page): a game dealt as the page deals it,
// played n moves by `choose` (the first legal move by default), kept as
// the page keeps it.
import { entry, deal } from '../kept.js';

export function keptGame(bfc, settings, seed, n, choose = (legal) => legal[0]) {
  const g = deal(bfc, { ...settings, seed });
  const S = { settings, seed, moves: [], movers: [], chances: [{ ply: 0, value: 0.5, kind: 'deal' }], game: g };
  while (S.moves.length < n && !g.over) {
    const m = choose(g.legalMoves(), g);
    S.movers.push(g.toMove);
    S.moves.push(m.id);
    g.apply(m.id);
  }
  const e = entry(bfc, S);
  g.free();
  return e;
}

// Every turn a take from the frontline where it may: the longest a game
// can be drawn out.
export const takes = (legal) => legal.find((m) => /^take/.test(m.text)) ?? legal[0];
