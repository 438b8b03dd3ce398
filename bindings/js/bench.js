// Scoring speed of the WebAssembly build, through the JavaScript API, next
// to the native library: `make bench-js` (or node bench.js [--native
// build/bench]). The same work as make bench's first line: all 12,994,800
// hand + starter pairs through bfc_score_show, the best of a few runs.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import os from 'node:os';
import { load } from './index.js';

const RUNS = 3;
const PAIRS = 12994800;
const bfc = await load();
const m = bfc.module;

function best(f) {
  let t = Infinity;
  let sum = 0;
  for (let r = 0; r < RUNS; r++) {
    const t0 = performance.now();
    sum = f();
    t = Math.min(t, (performance.now() - t0) / 1000);
  }
  return { secs: t, sum };
}

// every 4-card hand once, each with the 48 starters not in it
function eachPair(visit) {
  let sum = 0;
  for (let a = 0; a < 52; a++)
    for (let b = a + 1; b < 52; b++)
      for (let c = b + 1; c < 52; c++)
        for (let d = c + 1; d < 52; d++) {
          const hand = [a, b, c, d];
          for (let s = 0; s < 52; s++) if (s !== a && s !== b && s !== c && s !== d) sum += visit(hand, s);
        }
  return sum;
}

function line(what, count, secs, unit = 'hands') {
  const rate = count / secs;
  const text = rate >= 1e6 ? `${(rate / 1e6).toFixed(1).padStart(10)} M ${unit}/s` : `${rate.toFixed(0).padStart(10)}   ${unit}/s`;
  console.log(`${what.padEnd(48)} ${text}`);
  return rate;
}

const cpu = os.cpus()[0]?.model ?? '?';
console.log(`machine: ${os.cpus().length} cores, CPU ${cpu}, node ${process.version}`);

let native = null;
const ni = process.argv.indexOf('--native');
if (ni > 0 && existsSync(process.argv[ni + 1])) {
  const out = execFileSync(process.argv[ni + 1], { encoding: 'utf8', maxBuffer: 1 << 24 });
  const show = out.split('\n').find((l) => l.startsWith('bfc_score_show, all hand+starter pairs'));
  if (show) {
    console.log(`native (${process.argv[ni + 1]}): ${show}`);
    const mm = show.match(/\s([\d.]+) M hands\/s/);
    if (mm) native = Number(mm[1]) * 1e6;
  }
}

// 1. The wasm function alone: the hand written into the heap once, then
// bfc_score_show called from JavaScript for each starter.
const hp = m._malloc(4);
const direct = best(() => {
  let sum = 0;
  const heap = m.HEAPU8;
  for (let a = 0; a < 52; a++)
    for (let b = a + 1; b < 52; b++)
      for (let c = b + 1; c < 52; c++)
        for (let d = c + 1; d < 52; d++) {
          heap[hp] = a;
          heap[hp + 1] = b;
          heap[hp + 2] = c;
          heap[hp + 3] = d;
          for (let s = 0; s < 52; s++) if (s !== a && s !== b && s !== c && s !== d) sum += m._bfc_score_show(hp, s, 0);
        }
  return sum;
});
m._free(hp);
const r1 = line('wasm bfc_score_show, all pairs (raw call)', PAIRS, direct.secs);

// 2. The API's plain number: bfc.scoreShowTotal(ids, starter).
const total = best(() => eachPair((h, s) => bfc.scoreShowTotal(h, s)));
const r2 = line('bfc.scoreShowTotal(ids), all pairs', PAIRS, total.secs);

// 3. The whole breakdown with its items: bfc.scoreShow(texts, starter),
// on every 13th pair (a million hands).
const texts = Array.from({ length: 52 }, (_, c) => bfc.cardText(c));
let n3 = 0;
const full = best(() => {
  n3 = 0;
  let k = 0;
  return eachPair((h, s) => {
    if (k++ % 13) return 0;
    n3++;
    return bfc.scoreShow([texts[h[0]], texts[h[1]], texts[h[2]], texts[h[3]]], texts[s]).total;
  });
});
const r3 = line('bfc.scoreShow(texts) with items, 1 in 13', n3, full.secs);

if (direct.sum !== total.sum) throw new Error(`checksums differ: ${direct.sum} ${total.sum}`);
console.log(`${'checksum (the 61,974,180 of make check)'.padEnd(48)} ${direct.sum}`);
if (native) {
  for (const [what, r] of [
    ['raw call', r1],
    ['scoreShowTotal', r2],
    ['scoreShow with items', r3],
  ])
    console.log(`${`wasm/native, ${what}`.padEnd(48)} ${(r / native).toFixed(3).padStart(10)}`);
}
