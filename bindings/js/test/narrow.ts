// Compiles with tsc --strict (test/types.test.js): a test of an event's
// type narrows it to its member of GameEvent.
import type { GameEvent } from '../index.js';

export function pegged(events: readonly GameEvent[]): number {
  let sum = 0;
  for (const e of events) if (e.type === 'score') sum += e.points;
  return sum;
}

export function counts(events: readonly GameEvent[]): number[] {
  return events.flatMap((e) => (e.type === 'play' ? [e.count] : []));
}
