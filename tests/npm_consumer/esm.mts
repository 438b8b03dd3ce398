// TypeScript, an ES module: compiles with tsc --strict against the package.
import { load, BfcError, type Libbfc } from 'libbfc';

const bfc: Libbfc = await load();
const total: number = bfc.scoreShow(['5H', '5C', '5S', 'JD'], '5D').total;
const g = bfc.newGame('classic', { players: 2, seed: 1 });
const moves: number = g.legalMoves().length;
// events narrow on their type (a discriminated union): points is a number
let pegged = 0;
for (const e of g.apply(g.legalMoves()[0])) if (e.type === 'score') pegged += e.points;
g.free();
console.log(total, moves, pegged, BfcError.name);
