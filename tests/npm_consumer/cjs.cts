// TypeScript, CommonJS (compiled to require): the declarations of the
// package's CommonJS entry (dist/index.d.cts) under tsc --strict.
import { load, BfcError, type Libbfc } from 'libbfc';

async function main(): Promise<void> {
  const bfc: Libbfc = await load();
  const total: number = bfc.scoreShow(['5H', '5C', '5S', 'JD'], '5D').total;
  const g = bfc.newGame('classic', { players: 2, seed: 1 });
  const moves: number = g.legalMoves().length;
  g.free();
  console.log(total, moves, BfcError.name);
}
void main();
