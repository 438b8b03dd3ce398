// A CommonJS program of a user of the package: require('libbfc').
const { load, BfcParseError } = require('libbfc');

load().then((bfc) => {
  let thrown = null;
  try {
    bfc.parseCards('5H ZZ');
  } catch (e) {
    thrown = e;
  }
  console.log(bfc.scoreShow('5H 5C 5S JD', '5D').total, thrown instanceof BfcParseError);
});
