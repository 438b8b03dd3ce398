// Must not compile (test/types.test.js): an event not narrowed by its type
// may have no points.
import type { GameEvent } from '../index.js';

export function first(e: GameEvent): number {
  const p: number = e.points;
  return p;
}
