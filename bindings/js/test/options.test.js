// The tables of issue 16 through the JavaScript API, each test named after
// the rule it checks: D12 (muggins in the play, any opponent claims), D13
// (the joker kills a formation), D14 (no take-back), D15 (the next game's
// dealer), D16 (partners by cut), RULES 5 (each loser, match play), RULES
// 3.10 (seven-card, captain's, four players alone) and D7 (what a seat
// sees of the events). Results are checked against RULES by this file's
// own arithmetic, or against the library's scorers called separately.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load, BfcError, BfcRulesError, BfcIllegalMoveError, HIDDEN } from '../index.js';

const bfc = await load();
const QUICK = process.env.BFC_TEST_QUICK === '1';
const many = (n) => (QUICK ? Math.max(1, Math.ceil(n / 5)) : n);

function bots(n, seed) {
  return Array.from({ length: n }, (_, k) => bfc.bot('greedy', { seed: seed * 8 + k }));
}

// Plays to the end of the game with greedy bots; returns the last move's events.
function finish(g, seed = 1) {
  const b = bots(g.players, seed);
  let last = [];
  for (let guard = 0; !g.over; guard++) {
    assert.ok(guard < 100000, 'the game ends');
    last = b[g.toMove].play(g).events;
  }
  return last;
}

// ---- rules options ------------------------------------------------------------

test('rules options: every option round-trips, names are the library\'s', () => {
  assert.deepEqual(bfc.names.nextDealer, ['winner', 'loser', 'left']);
  assert.deepEqual(bfc.names.matchPoints, ['games', 'value', 'acc', 'skunks', 'long', 'free']);
  assert.deepEqual(bfc.names.value, ['plain', 'skunk', 'margin', 'lurch']);
  assert.equal(bfc.rules('seven-card').variant, 'seven-card');
  const bf = bfc.rules('battlefield', { players: 4, teams: true, firstDealer: 'cut', noTakeBack: true, jokerKillsFormation: true, partnersByCut: true, pay: 'worst', nextDealer: 'left', match: 9, matchPoints: 'skunks', value: 'skunk' });
  assert.equal(bf.noTakeBack, true);
  assert.equal(bf.jokerKillsFormation, true);
  assert.equal(bf.partnersByCut, true);
  assert.equal(bf.pay, 'worst');
  assert.equal(bf.nextDealer, 'left');
  assert.equal(bf.match, 9);
  assert.equal(bf.matchPoints, 'skunks');
  assert.equal(bf.value, 'skunk');
  const plain = bfc.rules('battlefield');
  for (const k of ['noTakeBack', 'jokerKillsFormation', 'partnersByCut', 'captain']) assert.equal(plain[k], false, k);
  assert.equal(plain.pay, 'sum');
  assert.equal(plain.nextDealer, 'winner');
  assert.equal(plain.match, 0);
  assert.equal(plain.matchPoints, 'games');
  // the numbers of bfc.h are accepted as well as the names
  for (const [i, name] of bfc.names.matchPoints.entries()) assert.equal(bfc.rules('classic', { matchPoints: i }).matchPoints, name);
  for (const [i, name] of bfc.names.nextDealer.entries()) assert.equal(bfc.rules('classic', { nextDealer: i }).nextDealer, name);
  assert.equal(bfc.rules('classic', { players: 3, pay: 'best' }).pay, 'best');
  assert.equal(bfc.rules('classic', { players: 3, pay: 'worst' }).pay, 'worst');
  assert.equal(bfc.rules('classic', { players: 3, pay: 'sum' }).pay, 'sum');
  // captain's cribbage is the classic game with the captain option (the
  // captain deals first, so the preset says seat 0)
  const cap = bfc.rules('classic', { players: 3, captain: true, firstDealer: 0 });
  assert.deepEqual(cap, bfc.rules('captains'));
  assert.equal(cap.sides, 2);
  // a match survives into the saved text and back
  const g = bfc.newGame('classic', { match: 3, matchPoints: 'acc', nextDealer: 'loser', seed: 1 });
  const back = bfc.loadGame(g.save());
  assert.deepEqual(back.rules, g.rules);
  g.free();
  back.free();
});

test('rules options: bad values throw BfcRulesError naming the field', () => {
  const bad = (preset, opts, re) =>
    assert.throws(
      () => bfc.newGame(preset, opts),
      (e) => e instanceof BfcRulesError && e.code === 'EINVAL' && re.test(e.problem),
      `${preset} ${JSON.stringify(opts)}`,
    );
  bad('battlefield', { pay: 'everyone' }, /^pay/);
  bad('battlefield', { nextDealer: 'dealer' }, /^nextDealer/);
  bad('battlefield', { nextDealer: 7 }, /^nextDealer/);
  bad('battlefield', { matchPoints: 'tennis' }, /^matchPoints/);
  bad('battlefield', { match: -1 }, /^match/);
  bad('battlefield', { match: 1.5 }, /^match/);
  // a "flags:" sentence of the library names the option whose flag it is
  bad('classic', { noTakeBack: true }, /^noTakeBack: classic rules do not take this option/); // D14
  bad('classic', { jokerKillsFormation: true }, /^jokerKillsFormation/); // no joker in classic games
  bad('classic', { captain: true, players: 2 }, /^captain: captain's cribbage/); // RULES 3.10: three players
  bad('battlefield', { partnersByCut: true }, /^partnersByCut: partners by cut/); // D16 needs teams
});

// ---- D14 ---------------------------------------------------------------------------

const hasTake = (moves) => moves.some((m) => m.kind === 'take');

test('RULES D14: no take-back: only a skirmish\'s dealt frontline card can be taken', (t) => {
  // every turn ends with a placement, so with D14 the card on the end of
  // the frontline is always the one the previous player just placed,
  // except at a skirmish's first turn (the card turned at the deal)
  let first = 0;
  let later = 0;
  for (let seed = 1; seed <= many(12); seed++) {
    const players = 2 + (seed % 3);
    const g = bfc.newGame('battlefield', { players, seed, noTakeBack: true });
    assert.equal(g.rules.noTakeBack, true);
    const b = bots(players, seed);
    while (!g.over) {
      const o = g.observe(g.toMove);
      if (o.phase === 'turn' && !o.limitReached) {
        const moves = g.legalMoves();
        if (o.turns === 0) {
          first++;
          assert.ok(hasTake(moves), 'the dealt card may be taken');
        } else {
          later++;
          assert.ok(!hasTake(moves), `turn ${o.turns}: no take-back`);
          const before = g.save();
          assert.throws(() => g.apply('take 0'), BfcIllegalMoveError);
          assert.equal(g.save(), before);
        }
        assert.deepEqual(g.legalMovesFor(g.toMove), moves, 'the observation agrees');
      }
      b[g.toMove].play(g);
    }
    g.free();
  }
  t.diagnostic(`${first} first turns, ${later} later turns`);
  assert.ok(first > 3 && later > 50);
  // without the option a later turn may take (RULES 4.4)
  const g = bfc.newGame('battlefield', { seed: 3 });
  const b = bots(2, 3);
  let tookLater = false;
  while (!g.over && !tookLater) {
    const o = g.observe(g.toMove);
    tookLater = o.phase === 'turn' && o.turns > 0 && hasTake(g.legalMoves());
    b[g.toMove].play(g);
  }
  assert.ok(tookLater, 'RULES 4.4: the end card may be taken');
  g.free();
});

// ---- D13 ---------------------------------------------------------------------------

test('RULES D13 option: a formation holding the joker scores 0 whatever is laid away', (t) => {
  let killed = 0;
  let reserves = 0;
  let contrasted = 0;
  const reserveWithJoker = (events) => {
    for (const e of events)
      if (e.type === 'reserve' && e.cards.includes('JK')) {
        reserves++;
        assert.equal(e.points, 0, 'the joker laid away kills the reserve');
      }
  };
  for (let seed = 1; seed <= 400 && killed < many(6); seed++) {
    const g = bfc.newGame('battlefield', { seed, jokerKillsFormation: true, target: 400 });
    const b = bots(2, seed);
    for (let moves = 0; !g.over && moves < 3000; moves++) {
      const s = g.toMove;
      const o = g.observe(s);
      const mine = o.formations[s];
      if (o.phase === 'lay away' && mine.includes('JK') && o.turnCard !== 'JK') {
        killed++;
        assert.deepEqual(o.layLegal, [0, 1, 2, 3, 4], 'every lay-away ties at 0');
        // each lay-away, on a copy: the hand scores nothing, even with the
        // joker laid away; the default reading (D13) would score the four
        for (const slot of o.layLegal) {
          const c = g.copy();
          const events = c.apply(`layaway ${slot}`);
          const lay = events.find((e) => e.type === 'lay away');
          assert.equal(lay.seat, s);
          assert.equal(lay.points, 0);
          assert.ok(!events.some((e) => e.type === 'score' && e.seat === s && e.source === 'battlefield'));
          reserveWithJoker(events);
          c.free();
        }
        const jokerSlot = mine.indexOf('JK');
        const kept = mine.filter((_, i) => i !== jokerSlot);
        const wouldBe = bfc.scoreShow(kept, o.turnCard, { killCard: true }).total;
        if (wouldBe > 0) {
          // the same position without the option (the rules line of a game
          // without it in the saved text) scores the four kept cards
          const other = bfc.newGame('battlefield', { seed, target: 400 });
          const rulesLine = other.save().match(/^rules .*$/m)[0];
          other.free();
          const plain = bfc.loadGame(g.save().replace(/^rules .*$/m, rulesLine));
          assert.equal(plain.rules.jokerKillsFormation, false);
          const lay = plain.apply(`layaway ${jokerSlot}`).find((e) => e.type === 'lay away');
          assert.equal(lay.points, wouldBe, 'D13 default: the joker laid away, the four score');
          plain.free();
          contrasted++;
        }
      }
      reserveWithJoker(b[s].play(g).events);
    }
    g.free();
  }
  t.diagnostic(`${killed} formations with the joker at the battlefield (${contrasted} scoring without the option), ${reserves} reserves with it`);
  assert.ok(killed >= many(6) && contrasted > 0);
  assert.ok(QUICK || reserves > 0, 'a reserve holding the joker was seen');
});

// ---- D15 ---------------------------------------------------------------------------

// The seat that deals the next game under D15, from the finished game.
function nextDealer(g, mode, lastDealer) {
  const n = g.players;
  const ws = g.winningSeat;
  if (mode === 'left') return (lastDealer + 1) % n;
  if (mode === 'winner') return ws;
  // a loser: the lowest score, ties to the left of the winning seat
  const scores = g.scores;
  let best = null;
  for (let i = 1; i < n; i++) {
    const s = (ws + i) % n;
    const side = g.sideOf(s);
    if (side !== g.winner && (best === null || scores[side] < scores[g.sideOf(best)])) best = s;
  }
  return best;
}

test('RULES D15: the next game\'s dealer: the winner, a loser, or the next to the left', () => {
  let checked = 0;
  for (const mode of bfc.names.nextDealer)
    for (const preset of ['battlefield', 'classic', 'noddy', 'five-card'])
      for (let seed = 0; seed < many(5); seed++) {
        const players = preset === 'five-card' ? 2 : 2 + (seed % 3);
        const g = bfc.newGame(preset, { players, seed, nextDealer: mode, target: 31 });
        finish(g, seed);
        const want = nextDealer(g, mode, g.observe(0).dealer);
        const events = g.next();
        assert.equal(g.over, false);
        assert.deepEqual(g.startEvents, events, 'the new game\'s start events');
        const deal = events.find((e) => e.type === 'deal');
        assert.equal(deal.seat, want, `${preset} ${players}, ${mode}`);
        assert.equal(g.observe(0).dealer, want);
        checked++;
        g.free();
      }
  assert.equal(checked, 3 * 4 * many(5));
});

// ---- D16 ---------------------------------------------------------------------------

test('RULES D16: partners by cut: the two lowest cuts are partners, the lowest deals', (t) => {
  // seed 000 "Setting Up Play": the players who cut the lowest two cards
  // are partners, and the lowest card deals; partners sit opposite, the
  // dealer keeps its seat, ties cut again
  let recuts = 0;
  let pairsChecked = 0;
  for (const [preset, players] of [['battlefield', 4], ['classic', 4], ['classic', 6], ['noddy', 6]])
    for (let seed = 0; seed < many(40); seed++) {
      const g = bfc.newGame(preset, { players, teams: true, partnersByCut: true, firstDealer: 'cut', seed });
      const ev = g.startEvents;
      const cuts = ev.filter((e) => e.type === 'cut');
      const seats = ev.filter((e) => e.type === 'seat');
      const history = Array.from({ length: players }, () => []);
      for (const c of cuts) history[c.seat].push(bfc.cardInfo(c.card).rank);
      assert.ok(history.every((h) => h.length >= 1), 'everyone cuts');
      if (cuts.length > players) recuts++;
      // one seat event per player, in player order, onto distinct seats
      assert.deepEqual(seats.map((e) => e.slot), [...Array(players).keys()]);
      assert.deepEqual(seats.map((e) => e.seat).sort(), [...Array(players).keys()]);
      for (const e of seats) {
        assert.equal(g.seatOf(e.slot), e.seat);
        assert.match(e.text, new RegExp(`cut from seat ${e.slot + 1} sits at seat ${e.seat + 1}$`));
      }
      // the observation shows each player's last cut
      const o = g.observe(0);
      for (let p = 0; p < players; p++) assert.equal(bfc.cardInfo(o.cut[p]).rank, history[p].at(-1));
      // order the players by their cuts: the first card, then any re-cut
      const order = [...Array(players).keys()].sort((a, b) => {
        for (let i = 0; i < Math.max(history[a].length, history[b].length); i++) {
          const d = (history[a][i] ?? 0) - (history[b][i] ?? 0);
          if (d) return d;
        }
        return 0;
      });
      const dealer = order[0];
      const deal = ev.find((e) => e.type === 'deal');
      assert.equal(deal.seat, dealer, 'the lowest cut deals');
      assert.equal(g.seatOf(dealer), dealer, 'the dealer keeps its seat');
      assert.ok(ev.indexOf(deal) > ev.indexOf(seats.at(-1)), 'the seating before the deal');
      // partners: the two lowest, then the next two (where the first
      // cards tell them apart; re-cuts order only the tied)
      for (let t = 0; t < players / 2; t++) {
        const [a, b] = [order[2 * t], order[2 * t + 1]];
        const next = order[2 * t + 2];
        if (next !== undefined && history[b][0] === history[next][0]) continue;
        assert.equal(g.sideOf(g.seatOf(a)), g.sideOf(g.seatOf(b)), `players ${a} and ${b} are partners`);
        pairsChecked++;
      }
      // the seating survives save and load
      const back = bfc.loadGame(g.save());
      for (let p = 0; p < players; p++) assert.equal(back.seatOf(p), g.seatOf(p));
      back.free();
      g.free();
    }
  t.diagnostic(`${recuts} games with a re-cut, ${pairsChecked} pairs of partners checked`);
  assert.ok(QUICK || recuts > 0, 'ties are cut again');
  assert.ok(pairsChecked > many(40), `${pairsChecked} pairs of partners checked`);
  // without the option everyone stays where they sat
  const g = bfc.newGame('classic', { players: 4, teams: true, seed: 1 });
  for (let p = 0; p < 4; p++) assert.equal(g.seatOf(p), p);
  assert.ok(!g.startEvents.some((e) => e.type === 'seat'));
  assert.throws(() => g.seatOf(4), (e) => e instanceof BfcError && e.code === 'EINVAL');
  g.free();
});

test('RULES D6: the cut for the first dealer is in the start events', () => {
  for (let seed = 0; seed < many(20); seed++) {
    const g = bfc.newGame('classic', { players: 3, seed, firstDealer: 'cut' });
    const cuts = g.startEvents.filter((e) => e.type === 'cut');
    assert.ok(cuts.length >= 3);
    assert.ok(cuts.every((e) => /^player \d cuts [2-9TJQKA][CDHS] for the deal$/.test(e.text)));
    // the last round of the cut decides: its lowest card deals (ace low)
    const last = new Map();
    for (const c of cuts) last.set(c.seat, bfc.cardInfo(c.card).rank);
    const o = g.observe(0);
    const deciding = o.cut.map((c, s) => (c === null ? null : [s, bfc.cardInfo(c).rank])).filter(Boolean);
    for (const [s, r] of deciding) assert.equal(r, last.get(s));
    const low = Math.min(...deciding.map(([, r]) => r));
    const dealers = deciding.filter(([, r]) => r === low);
    assert.equal(dealers.length, 1, 'the deciding round has one lowest card');
    assert.equal(g.startEvents.find((e) => e.type === 'deal').seat, dealers[0][0]);
    g.free();
  }
});

// ---- RULES 5 -----------------------------------------------------------------------

// What one losing side pays the winner (RULES 5): its game value under
// `value` (thresholds scale with the target), or a match system's points
// for a win / a skunk (below target - 30) / a double skunk (below - 60).
const SYSTEMS = { games: [1, 1, 1], acc: [2, 3, 3], skunks: [1, 2, 4], long: [3, 4, 4], free: [1, 2, 3] };
function pays(system, value, target, winnerScore, loser) {
  const tier = loser < target - 60 ? 2 : loser < target - 30 ? 1 : 0;
  if (system !== 'value') return SYSTEMS[system][tier];
  if (value === 'skunk') return [1, 2, 4][tier];
  if (value === 'margin') return winnerScore - loser >= 61 ? 4 : winnerScore - loser >= 31 ? 2 : 1;
  if (value === 'lurch') return 2 * loser < target ? 2 : 1;
  return 1;
}

test('RULES 5: each loser is judged on its own score; pay sums them, or takes the best or worst', () => {
  for (let seed = 0; seed < many(24); seed++) {
    const preset = seed % 2 ? 'classic' : 'battlefield';
    const players = 3 + (seed % 2);
    const value = bfc.names.value[seed % 4];
    const pay = ['sum', 'best', 'worst'][seed % 3];
    const g = bfc.newGame(preset, { players, seed, value, pay, target: 61 });
    assert.deepEqual(g.values, Array(players).fill(0), 'nothing while the game goes on');
    assert.equal(g.value, 0);
    finish(g, seed);
    const scores = g.scores;
    const w = g.winner;
    const values = g.values;
    let best = null;
    let worst = null;
    let sum = 0;
    for (let s = 0; s < players; s++) {
      if (s === w) {
        assert.equal(values[s], 0);
        continue;
      }
      assert.equal(values[s], pays('value', value, 61, scores[w], scores[s]), `${value}: side ${s} with ${scores[s]}`);
      sum += values[s];
      if (best === null || scores[s] > scores[best]) best = s;
      if (worst === null || scores[s] < scores[worst]) worst = s;
    }
    assert.equal(g.value, { sum, best: values[best], worst: values[worst] }[pay], `pay ${pay}`);
    g.free();
  }
});

test('RULES 5: match play: the first side to N match points; next() and save/load keep the score', (t) => {
  let matches = 0;
  let games = 0;
  for (const system of bfc.names.matchPoints)
    for (const players of [2, 3]) {
      const preset = players === 2 ? 'classic' : 'battlefield';
      const target = 61;
      const g = bfc.newGame(preset, { players, seed: matches, match: 5, matchPoints: system, value: 'skunk', target });
      const tally = Array(players).fill(0);
      const b = bots(players, matches);
      while (g.matchWinner === null) {
        let last = [];
        while (!g.over) last = b[g.toMove].play(g).events;
        games++;
        const w = g.winner;
        const scores = g.scores;
        let want = 0;
        for (let s = 0; s < players; s++) if (s !== w) want += pays(system, 'skunk', target, scores[w], scores[s]);
        tally[w] += want;
        // the match event closes the game
        const m = last.at(-1);
        assert.equal(m.type, 'match');
        assert.equal(m.side, w);
        assert.equal(m.seat, g.winningSeat);
        assert.equal(m.points, want, `${system}: ${scores}`);
        assert.equal(m.score, tally[w]);
        assert.match(m.text, new RegExp(`^the match: side ${w + 1} takes ${want}, ${tally[w]} in all$`));
        assert.equal(last.at(-2).type, 'game over');
        assert.deepEqual(g.matchScores, tally);
        assert.deepEqual(g.observe(0).match, tally);
        const back = bfc.loadGame(g.save());
        assert.deepEqual(back.matchScores, tally, 'the match survives save and load');
        assert.equal(back.matchWinner, g.matchWinner);
        back.free();
        if (g.matchWinner === null) {
          g.next();
          assert.deepEqual(g.matchScores, tally, 'next() keeps the match');
          assert.deepEqual(g.scores, Array(players).fill(0));
        }
      }
      const mw = g.matchWinner;
      assert.ok(tally[mw] >= 5);
      for (let s = 0; s < players; s++) assert.ok(s === mw || tally[s] < 5);
      assert.throws(() => g.next(), (e) => e instanceof BfcError && /match is won/.test(e.message), 'no game after the match');
      matches++;
      g.free();
    }
  t.diagnostic(`${matches} matches, ${games} games`);
  assert.equal(matches, 12);
  assert.ok(games > 12);
  // single games keep no match score
  const g = bfc.newGame('battlefield', { seed: 2, target: 31 });
  finish(g);
  assert.deepEqual(g.matchScores, [0, 0]);
  assert.equal(g.matchWinner, null);
  assert.ok(!g.startEvents.concat(g.next()).some((e) => e.type === 'match'));
  g.free();
});

// ---- D12 ---------------------------------------------------------------------------

// The true count of the card just laid: its play score (RULES 2.2), and
// the go or last card it earns (1, but never on top of a 31).
function trueCount(o) {
  return bfc.scorePeg(o.sequence).total + (o.owed && o.count !== 31 ? 1 : 0);
}

// Plays on until a seat declares the card it just laid; null at the end.
function toPlayDeclaration(g, b) {
  while (!g.over) {
    const o = g.observe(g.toMove);
    if (o.phase === 'declare' && o.counting === 'play') return o;
    b[g.toMove].play(g);
  }
  return null;
}

// The points each seat pegs in events.
function pegged(events, players) {
  const out = Array(players).fill(0);
  for (const e of events) if (e.type === 'score') out[e.seat] += e.points;
  return out;
}

test('RULES D12: muggins covers the play: each card laid is declared with the go or last card it earns', (t) => {
  let declarations = 0;
  let owed = 0;
  for (let seed = 0; seed < many(6); seed++) {
    const g = bfc.newGame('classic', { muggins: true, seed });
    const b = bots(2, seed);
    for (let o = toPlayDeclaration(g, b); o; o = toPlayDeclaration(g, b)) {
      declarations++;
      if (o.owed) owed++;
      const s = g.toMove;
      const other = 1 - s;
      assert.equal(o.declarer, s, 'the player who laid the card declares');
      assert.deepEqual([...o.judged].sort(), [...o.sequence].sort(), 'judged: the cards since the count was reset');
      assert.ok(g.legalMoves().every((m) => m.kind === 'declare'));
      const truth = trueCount(o);
      assert.equal(bfc.bot('greedy').choose(g).points, truth, 'the greedy bot declares the true count');
      // the declared count stands when the opponent passes
      const pass = g.copy();
      const e1 = pass.apply(`declare ${truth}`);
      assert.equal(pass.phase, 'claim');
      assert.equal(pass.toMove, other);
      assert.equal(pass.observe(other).declared, truth);
      const e2 = pass.apply('pass');
      const got = pegged([...e1, ...e2], 2);
      assert.equal(got[s], truth);
      assert.ok(e2.every((e) => e.type !== 'score' || e.source === 'play'), 'the play\'s points are play points');
      pass.free();
      // RULES D18: a declaration goes up to the most the card can score
      const most = Math.max(...g.legalMoves().map((m) => m.points));
      if (truth + 2 <= most && declarations % 3 === 0) {
        // an over-count claimed: the declarer pegs the truth, the claimer the excess
        const over = g.copy();
        over.apply(`declare ${truth + 2}`);
        const events = over.apply('claim');
        const claim = events.find((e) => e.type === 'claim');
        assert.equal(claim.seat, other);
        assert.equal(claim.points, 2);
        const p = pegged(events, 2);
        assert.equal(p[s], truth, 'the declarer pegs the true count');
        if (!over.over) assert.equal(p[other], 2, 'the claimer pegs the excess');
        over.free();
      }
      if (truth > 0 && declarations % 3 === 1) {
        // an under-count claimed: the claimer takes what was missed
        const under = g.copy();
        under.apply('declare 0');
        const events = under.apply('claim');
        assert.equal(events.find((e) => e.type === 'claim').points, truth);
        assert.equal(pegged(events, 2)[other], truth);
        assert.ok(events.some((e) => e.type === 'score' && e.seat === other && e.item.kind === 'muggins'));
        under.free();
      }
      b[s].play(g);
    }
    g.free();
  }
  t.diagnostic(`${declarations} cards declared, ${owed} with a go or last card`);
  assert.ok(declarations > many(6) * 20);
  assert.ok(owed > 0, 'a go or last card declared with a card');
});

test('RULES D18: every true count can be declared, a seven-card hand up to 46', () => {
  // the most the declared cards can score (the C tests find them by
  // exhaustive search): a seven-card hand shows six cards
  const most = { hand: 46, crib: 29, play: 15 };
  let above31 = 0;
  const seen = new Set();
  // a few games, on until a hand counts above 31 (about one game in
  // twenty): bounded by the number of games, not by time
  for (let seed = 0; seed < 200 && (seed < many(6) || seen.size < 3 || above31 === 0); seed++) {
    const g = bfc.newGame('seven-card', { muggins: true, seed });
    const b = bots(2, seed);
    while (!g.over) {
      const o = g.observe(g.toMove);
      if (o.phase === 'declare') {
        const points = g.legalMoves().map((m) => m.points);
        assert.deepEqual(points, Array.from({ length: most[o.counting] + 1 }, (_, k) => k), o.counting);
        const m = b[g.toMove].choose(g);
        assert.equal(m.kind, 'declare');
        if (m.points > 31) above31++;
        seen.add(o.counting);
      }
      b[g.toMove].play(g);
    }
    g.free();
  }
  assert.deepEqual([...seen].sort(), ['crib', 'hand', 'play']);
  assert.ok(above31 > 0, 'some seven-card hands count more than 31, and the greedy bot declares them');
  assert.equal(bfc.move('declare 46').id, 1506);
  assert.throws(() => bfc.move('declare 47'), BfcError);
});

test('RULES D12: any opponent may claim: they are asked in seat order from the declarer\'s left', (t) => {
  let asked = 0;
  for (let seed = 0; seed < many(5); seed++) {
    const g = bfc.newGame('classic', { players: 3, muggins: true, seed });
    const b = bots(3, seed);
    for (let o = toPlayDeclaration(g, b); o && asked < 20 * (seed + 1); o = toPlayDeclaration(g, b)) {
      const s = g.toMove;
      const truth = trueCount(o);
      const c = g.copy();
      c.apply(`declare ${truth + 1}`); // an over-count
      assert.equal(c.toMove, (s + 1) % 3, 'first the player to the declarer\'s left');
      const first = c.apply('pass');
      assert.ok(first.some((e) => e.type === 'claim' && e.seat === (s + 1) % 3 && e.points === 0));
      assert.equal(c.phase, 'claim', 'a pass asks the next opponent');
      assert.equal(c.toMove, (s + 2) % 3);
      const events = c.apply('claim');
      const claim = events.find((e) => e.type === 'claim');
      assert.equal(claim.seat, (s + 2) % 3, 'the second opponent calls muggins');
      assert.equal(claim.points, 1);
      c.free();
      // everyone passes: the declared count stands
      const d = g.copy();
      const all = [...d.apply(`declare ${truth + 1}`), ...d.apply('pass'), ...d.apply('pass')];
      assert.equal(pegged(all, 3)[s], truth + 1);
      d.free();
      asked++;
      b[s].play(g);
    }
    g.free();
  }
  t.diagnostic(`${asked} declarations put to both opponents`);
  assert.ok(asked >= many(5) * 10);
});

// ---- RULES 3.10 --------------------------------------------------------------------

test('RULES 3.10: captain\'s cribbage: the captain alone to half the target against a team', (t) => {
  const r = bfc.rules('captains');
  assert.equal(r.players, 3);
  assert.equal(r.captain, true);
  assert.equal(r.sides, 2);
  let captain = 0;
  let team = 0;
  for (let seed = 0; seed < many(40); seed++) {
    const g = bfc.newGame('captains', { seed });
    assert.deepEqual([0, 1, 2].map((s) => g.sideOf(s)), [0, 1, 1]);
    const first = g.startEvents[0];
    assert.equal(first.type, 'deal', 'no cut');
    assert.equal(first.seat, 0, 'the captain deals first');
    finish(g, seed);
    const [a, b] = g.scores;
    if (g.winner === 0) {
      captain++;
      assert.ok(a >= 61 && b < 121, `the captain to 61: ${a}-${b}`);
    } else {
      team++;
      assert.ok(b >= 121 && a < 61, `the team to 121: ${a}-${b}`);
    }
    g.free();
  }
  t.diagnostic(`${captain} captain wins, ${team} team wins`);
  assert.ok(QUICK || (captain > 0 && team > 0));
});

test('RULES 3.10: seven-card: seven cards each, hands of five shown with the starter, to 181', (t) => {
  const r = bfc.rules('seven-card');
  assert.equal(r.target, 181);
  assert.equal(r.throws, 2);
  let hands = 0;
  let cribs = 0;
  let deals = 0;
  for (let seed = 0; seed < many(5); seed++) {
    const g = bfc.newGame('seven-card', { seed, value: 'skunk' });
    assert.equal(g.startEvents.find((e) => e.type === 'deal').dealt, 7);
    assert.equal(g.observe(0).hand.length, 7);
    const b = bots(2, seed);
    while (!g.over) {
      const before = g.phase;
      const events = b[g.toMove].play(g).events;
      if (before === 'discard' && g.phase === 'play') {
        const o = g.observe(0);
        assert.equal(o.hand.length, 5, 'a hand of five');
        assert.deepEqual(o.heldBy, [5, 5]);
        assert.equal(o.crib, 4, 'a crib of four');
        deals++;
      }
      for (const e of events) {
        if (e.type !== 'show') continue;
        const starter = e.cards.at(-1);
        const cards = e.cards.slice(0, -1);
        if (e.crib) {
          cribs++;
          assert.equal(cards.length, 4);
          assert.equal(e.points, bfc.scoreShow(cards, starter, { crib: true }).total);
        } else {
          hands++;
          assert.equal(cards.length, 5, 'a six-card show: five and the starter');
          assert.equal(e.points, bfc.scoreShow(cards, starter).total);
        }
      }
    }
    // RULES 3.10: the skunk line is 151
    const loser = 1 - g.winner;
    const lost = g.scores[loser];
    assert.equal(g.value, lost < 121 ? 4 : lost < 151 ? 2 : 1, `value for ${lost}`);
    assert.ok(g.scores[g.winner] >= 181);
    g.free();
  }
  t.diagnostic(`${deals} deals, ${hands} hands and ${cribs} cribs shown`);
  assert.ok(hands > 10 && cribs > 5 && deals > 5);
});

test('RULES 3.10: four players without partners: five cards, one each to the crib, each for themselves', () => {
  const r = bfc.rules('classic', { players: 4 });
  assert.equal(r.teams, false);
  assert.equal(r.sides, 4);
  assert.equal(r.throws, 1);
  for (let seed = 0; seed < many(10); seed++) {
    const g = bfc.newGame('classic', { players: 4, seed });
    assert.equal(g.sides, 4);
    assert.deepEqual(g.observe(1).heldBy, [5, 5, 5, 5]);
    const b = bots(4, seed);
    while (g.phase === 'discard') b[g.toMove].play(g);
    const o = g.observe(0);
    assert.equal(o.crib, 4);
    assert.deepEqual(o.heldBy, [4, 4, 4, 4]);
    for (let s = 0; s < 4; s++) assert.equal(g.sideOf(s), s);
    finish(g, seed);
    assert.equal(g.scores.length, 4);
    g.free();
  }
});

// ---- D7: what a seat sees of the events ----------------------------------------------

test('RULES D7: visibleEvents hides another seat\'s drawn card and discards, and a Noddy hand', () => {
  // Battlefield: a drawn card is for its drawer's eyes only (games from
  // seed 5 on, until ten draws have been seen)
  let draws = 0;
  let g = null;
  for (let seed = 5; draws < 10 && seed < 25; seed++) {
    if (g) g.free();
    g = bfc.newGame('battlefield', { seed });
    const b = bots(2, seed);
    while (!g.over && draws < 10) {
      const seat = g.toMove;
      const move = b[seat].choose(g);
      const probe = g.copy();
      const mine = probe.apply(move, { viewer: seat });
      probe.free();
      const events = g.apply(move);
      assert.deepEqual(mine, g.visibleEvents(events, seat), 'apply({viewer}) is visibleEvents');
      assert.deepEqual(mine, events, 'a seat sees all of its own move');
      const theirs = g.visibleEvents(events, 1 - seat);
      assert.equal(theirs.length, events.length);
      for (const [i, e] of events.entries()) {
        if (e.type !== 'draw') {
          assert.deepEqual(theirs[i], e);
          continue;
        }
        draws++;
        assert.notEqual(e.card, HIDDEN);
        assert.equal(theirs[i].card, HIDDEN);
        assert.equal(theirs[i].text, `player ${seat + 1} draws a card`);
      }
    }
  }
  assert.ok(draws >= 10);
  assert.throws(() => g.visibleEvents(g.startEvents, 2), (e) => e.code === 'EINVAL', 'a viewer out of the seats');
  assert.throws(() => g.visibleEvents([{ type: 'draw', seat: 0, text: 'x' }], 0), BfcError, 'only events read from the library');
  g.free();
  // classic: a discard is private; Noddy: another seat's hand count is left out
  const c = bfc.newGame('classic', { seed: 6 });
  const discard = c.apply(bfc.bot('greedy').choose(c)).filter((e) => e.type === 'discard');
  const seer = discard[0].seat;
  assert.ok(discard.every((e) => e.card !== HIDDEN));
  assert.ok(c.visibleEvents(discard, 1 - seer).every((e) => e.card === HIDDEN && /a card/.test(e.text)));
  c.free();
  const n = bfc.newGame('noddy', { players: 3, seed: 2 });
  const shows = n.startEvents.filter((e) => e.type === 'show' || (e.type === 'score' && e.source === 'hand'));
  assert.ok(shows.length > 0, 'Noddy counts the hands before the play');
  for (let v = 0; v < 3; v++) {
    const seen = n.visibleEvents(n.startEvents, v);
    assert.ok(!seen.some((e) => (e.type === 'show' || (e.type === 'score' && e.source === 'hand')) && e.seat !== v));
    assert.equal(seen.filter((e) => e.type === 'show' && e.seat === v).length, shows.filter((e) => e.type === 'show' && e.seat === v).length);
  }
  n.free();
});

// ---- all the options at once, through save and load -----------------------------------

test('whole games with the table options, saved and loaded along the way', () => {
  const tables = [
    ['battlefield', { players: 4, teams: true, firstDealer: 'cut', partnersByCut: true, noTakeBack: true, jokerKillsFormation: true, match: 2, nextDealer: 'loser' }],
    ['classic', { players: 3, muggins: true, pay: 'worst', value: 'skunk', nextDealer: 'left', match: 3, matchPoints: 'free' }],
    ['captains', { muggins: true, match: 2, matchPoints: 'acc' }],
    ['seven-card', { muggins: true, match: 2, matchPoints: 'long' }],
    ['classic', { players: 6, teams: true, firstDealer: 'cut', partnersByCut: true, muggins: true }],
  ];
  for (const [i, [preset, opts]] of tables.entries()) {
    const g = bfc.newGame(preset, { ...opts, seed: 40 + i, target: opts.match ? 61 : 121 });
    const b = bots(g.players, i);
    let moves = 0;
    for (;;) {
      while (!g.over) {
        b[g.toMove].play(g);
        if (++moves % (QUICK ? 97 : 23) === 0) {
          const text = g.save();
          const back = bfc.loadGame(text);
          assert.equal(back.save(), text);
          assert.deepEqual(back.rules, g.rules);
          back.free();
        }
      }
      checkWon(g);
      if (!opts.match || g.matchWinner !== null) break;
      g.next();
    }
    if (opts.match) assert.ok(g.matchScores[g.matchWinner] >= opts.match);
    g.free();
  }
});

function checkWon(g) {
  const r = g.rules;
  const target = (side) => (r.captain && side === 0 ? Math.ceil(r.target / 2) : r.target);
  assert.ok(g.scores[g.winner] >= target(g.winner), 'the winner reached its target');
  g.scores.forEach((x, side) => side === g.winner || assert.ok(x < target(side)));
}
