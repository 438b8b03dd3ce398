// TypeScript, an ES module: compiles with tsc --strict against the package.
import { load, BfcError, type Libbfc } from 'libbfc';

const bfc: Libbfc = await load();
const total: number = bfc.scoreShow(['5H', '5C', '5S', 'JD'], '5D').total;
const g = bfc.newGame('classic', { players: 2, seed: 1 });
const moves: number = g.legalMoves().length;
g.free();
console.log(total, moves, BfcError.name);
