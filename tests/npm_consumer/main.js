// An ES module program of a user of the package.
import { load } from 'libbfc';

const bfc = await load();
console.log(bfc.scoreShow('5H 5C 5S JD', '5D').total);
