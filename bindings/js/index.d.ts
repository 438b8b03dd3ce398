// TypeScript declarations of the libbfc package (index.js). The C header
// include/bfc.h is the manual of every rule; names here are its names in
// camelCase.

/** A card as input: its text ("5H", "10d", "J♠", "JK") or its id 0..52
 * (id = (rank - 1) * 4 + suit, clubs 0, diamonds 1, hearts 2, spades 3;
 * the joker is 52). */
export type CardInput = string | number;
/** A card as output: canonical ASCII text ("5H", "TD", "JK"). In
 * observations a face-down card is "??" (HIDDEN) and a missing one null. */
export type Card = string;
/** Cards as an array, or a list in one string ("5H 5C 5S JD"). */
export type CardsInput = readonly CardInput[] | string;

/** The text of a face-down card in observations. */
export declare const HIDDEN: '??';

/** Status names of the library's BFC_E* codes. */
export type StatusCode =
  | 'EINVAL'
  | 'ECARD'
  | 'EDUP'
  | 'EJOKER'
  | 'ECOUNT'
  | 'EPARSE'
  | 'ENOMEM'
  | 'EILLEGAL'
  | 'EVERSION'
  | 'ESTATE'
  | 'EHIDDEN'
  | 'EINTR'
  | 'EUNKNOWN';

/** An error the library reported. The message starts with bfc_strerror(). */
export declare class BfcError extends Error {
  /** The BFC_E* status, negative. */
  readonly status: number;
  readonly code: StatusCode;
}
/** Text that is not a card, a card list or a move; offset and length
 * locate the bad token in the text (string indexes). */
export declare class BfcParseError extends BfcError {
  readonly text: string;
  readonly offset: number;
  readonly length: number;
}
/** A move that is not legal now; the game is unchanged. */
export declare class BfcIllegalMoveError extends BfcError {
  readonly move: Move;
}
/** Rules the library does not play; problem is bfc_rules_problem()'s
 * sentence (it names the field first). */
export declare class BfcRulesError extends BfcError {
  readonly problem: string;
}
/** A saved game the library refuses. */
export declare class BfcLoadError extends BfcError {}

/** One scoring item: a fifteen, a pair, a run, ..., with its cards. */
export interface Item {
  /** bfc_item_kind_name(): "fifteen", "pair", "run", "flush", "nobs",
   * "thirty-one", "twenty-five", "combination", "last card", "go",
   * "knobs", "heels", "declared", "muggins", "three for last". */
  kind: string;
  points: number;
  cards: Card[];
  /** For a combination: bfc_combo_name() ("double run of 3"). */
  combo?: string;
}

/** A show score with its breakdown (bfc_hand_score) and items. */
export interface HandScore {
  total: number;
  fifteens: number;
  pairs: number;
  runs: number;
  flush: number;
  nobs: number;
  /** The joker killed the hand (RULES 4.7). */
  killed: boolean;
  items: Item[];
}

export interface ShowOptions {
  /** A crib (or BFC reserve): a flush only with all cards and the starter. */
  crib?: boolean;
  /** Battlefield Cribbage: the joker is accepted and kills the hand. */
  killCard?: boolean;
  /** Noddy scoring (RULES 3.6). */
  noddy?: boolean;
}

export interface BattlefieldScore {
  /** The best score of the four kept cards. */
  best: number;
  /** The formation slots that may be laid away (RULES D10). */
  legal: number[];
  /** [i]: the four cards kept when slot i is laid away, with the turn. */
  byLayAway: HandScore[];
}

export interface FrontlineScore {
  renewed: boolean;
  sum: number;
  length: number;
  fifteen31: number;
  /** Points of the combination, 0 if none. */
  combination: number;
  /** bfc_combo_name() of the combination, or null. */
  combo: string | null;
  comboCards: number;
  lastCard: number;
  placerPoints: number;
  goPoint: number;
  knobsDealer: number;
  items: Item[];
}

export interface PegScore {
  count: number;
  fifteen31: number;
  pairs: number;
  runs: number;
  flush: number;
  total: number;
  items: Item[];
}

export interface CardInfo {
  id: number;
  text: Card;
  /** 1..13, 0 for the joker. */
  rank: number;
  /** 0..3 (clubs, diamonds, hearts, spades), null for the joker. */
  suit: number | null;
  /** Pip value: A 1 .. 10, J/Q/K 10, joker 0. */
  value: number;
}

/** A named game (bfc_preset). */
export interface Preset {
  name: string;
  title: string;
  summary: string;
  variant: string;
  board: boolean;
  /** Player counts it is played by. */
  players: number[];
  /** Player counts that may play as partners. */
  teams: number[];
  /** Player counts that must play as partners. */
  needTeams: number[];
  defaultPlayers: number;
  target: number;
}

export interface Hole {
  at: number;
  /** "red skip", "time trap", "penalty box", "green advance". */
  kind: string | number;
  to: number;
}

/** bfc_value_name(): the game value conventions of RULES 5. */
export type ValueName = 'plain' | 'skunk' | 'margin' | 'lurch';
/** bfc_next_dealer_name(): who deals the next game (D15). */
export type NextDealerName = 'winner' | 'loser' | 'left';
/** bfc_match_points_name(): how a game counts in a match (RULES 5):
 * games 1/1/1, value (the game value), acc 2/3/3, skunks 1/2/4, long
 * 3/4/4, free 1/2/3 for a win / skunk / double skunk. */
export type MatchPointsName = 'games' | 'value' | 'acc' | 'skunks' | 'long' | 'free';
/** With 3 or more sides, which losers pay the winner (RULES 5): each one
 * (the rule), or only the best or the worst loser. */
export type PayName = 'sum' | 'best' | 'worst';

/** Options of a game: the preset's defaults when left out. Names are the
 * library's; a number is passed through as the C value. */
export interface GameOptions {
  players?: number;
  teams?: boolean;
  /** The game's seed: the shuffle and every deal come from it. */
  seed?: number | bigint;
  /** Points to win (captain's cribbage: the team's; the captain plays to
   * (target + 1) / 2). */
  target?: number;
  turnLimit?: number;
  firstDealer?: 'cut' | number;
  value?: ValueName | number;
  /** Classic: players declare their counts, in the show and in the play
   * (D12); opponents may claim. */
  muggins?: boolean;
  backward?: boolean;
  noLateHeels?: boolean;
  anyLayAway?: boolean;
  /** Battlefield (D14): the card the previous player just placed may not
   * be taken. */
  noTakeBack?: boolean;
  /** Battlefield (D13 option): a formation holding the joker at the end
   * of a skirmish scores 0 whatever is laid away. */
  jokerKillsFormation?: boolean;
  /** Teams (D16): everyone cuts, the two lowest are partners, the lowest
   * deals, seats by the cut (Game.seatOf). */
  partnersByCut?: boolean;
  /** Classic, 3 players (RULES 3.10): seat 0 alone to half the target
   * against seats 1 and 2 as a team (the "captains" preset). */
  captain?: boolean;
  /** RULES 5, 3 or more sides: 'sum' (each loser pays), 'best', 'worst'. */
  pay?: PayName;
  /** D15: who deals the next game. */
  nextDealer?: NextDealerName | number;
  /** Match play (RULES 5): the first side to this many match points wins
   * the match; 0: single games. */
  match?: number;
  matchPoints?: MatchPointsName | number;
  board?: Hole[];
}

export interface Rules {
  variant: string;
  players: number;
  teams: boolean;
  target: number;
  turnLimit: number;
  firstDealer: 'cut' | number;
  value: ValueName;
  muggins: boolean;
  backward: boolean;
  noLateHeels: boolean;
  anyLayAway: boolean;
  noTakeBack: boolean;
  jokerKillsFormation: boolean;
  partnersByCut: boolean;
  captain: boolean;
  pay: PayName;
  nextDealer: NextDealerName;
  match: number;
  matchPoints: MatchPointsName;
  board: Hole[];
  sides: number;
  /** Cards each player throws to the crib (bfc_rules_throws). */
  throws: number;
}

/** A move, decoded by the library (bfc_move_decode, bfc_move_format). */
export interface Move {
  readonly id: number;
  /** "reveal 0 4", "draw", "swap 3", "play 5H", "discard 2C 5H", ... */
  readonly text: string;
  /** bfc_move_kind_name(): "reveal", "draw", "place", "swap", "take",
   * "turn", "layaway", "play", "discard", "declare", "claim", "pass". */
  readonly kind: string;
  readonly slots: readonly number[];
  readonly cards: readonly Card[];
  /** declare: the points declared; otherwise null. */
  readonly points: number | null;
}

export type MoveInput = Move | number | string;

/** The type of an event: bfc_event_name(). */
export type EventType =
  | 'deal' | 'cease-fire' | 'reveal' | 'draw' | 'place' | 'swap' | 'take' | 'renew' | 'score' | 'ending'
  | 'turn card' | 'formation' | 'lay away' | 'reserve' | 'game over' | 'discard' | 'starter' | 'play' | 'go'
  | 'reset' | 'show' | 'declare' | 'claim' | 'end of play' | 'board' | 'cut' | 'match' | 'seat';

/** What every event has, and the fields some types have (absent where
 * they do not apply): read with the library's accessors. */
export interface EventFields<T extends EventType = EventType> {
  /** bfc_event_name(): "deal", "reveal", "draw", "place", "score", ...,
   * "cut" (a card cut for the first deal), "match" (the winner's match
   * points after a game), "seat" (partners by cut: the player who cut
   * from seat `slot` sits at seat `seat`). */
  type: T;
  seat: number | null;
  side: number | null;
  /** Turns completed in the skirmish. */
  turn: number;
  /** "??" in visibleEvents() for a card the viewer may not see. */
  card?: Card;
  /** A formation slot; SEAT: the seat the player cut from. */
  slot?: number;
  /** bfc_event_points(): SCORE the points pegged; SHOW, LAYAWAY, RESERVE,
   * FORMATION the count of the cards; DECLARE the count declared; CLAIM
   * the points claimed; GAME_OVER the game value; BOARD the points moved;
   * MATCH the match points the winner's side takes. */
  points?: number;
  count?: number;
  crib?: boolean;
  dealt?: number;
  /** BOARD: bfc_board_action_name(). */
  board?: string;
  /** SCORE and BOARD: the side's total after it; MATCH: its match
   * points. */
  score?: number;
  /** SCORE: bfc_source_name() ("frontline", "hand", ...). */
  source?: string;
  /** SCORE: the item pegged. */
  item?: Item;
  /** Other types: the cards the event lists (a formation, a hand). */
  cards?: Card[];
  /** bfc_event_format(): one line of English. It names every card the
   * event holds, a drawn or discarded one too, unless the event went
   * through visibleEvents() (then "player 2 draws a card"). */
  text: string;
}

/** Points pegged: `e.type === 'score'` narrows a GameEvent to it, so
 * `e.points`, `e.score`, `e.source` and `e.item` are there. */
export interface ScoreEvent extends EventFields<'score'> {
  seat: number;
  side: number;
  points: number;
  score: number;
  source: string;
  item: Item;
}

/** A card laid in the classic play, and the count after it. */
export interface PlayEvent extends EventFields<'play'> {
  seat: number;
  card: Card;
  count: number;
  crib: boolean;
}

/** The deal: the dealer (seat) and the cards dealt to each player. */
export interface DealEvent extends EventFields<'deal'> {
  seat: number;
  dealt: number;
}

/** A count told with its points: a show, a lay-away, the reserve, a
 * formation; a muggins declaration or claim; the game's value. */
export interface CountEvent
  extends EventFields<'show' | 'lay away' | 'reserve' | 'formation' | 'declare' | 'claim' | 'game over'> {
  points: number;
}

/** Crib Wars: the board moved a side's peg (or kept its points). */
export interface BoardEvent extends EventFields<'board'> {
  board: string;
  points: number;
  score: number;
}

/** Match play: the match points of the game and the side's match total. */
export interface MatchEvent extends EventFields<'match'> {
  points: number;
  score: number;
}

type PlainType = Exclude<EventType, 'score' | 'play' | 'deal' | CountEvent['type'] | 'board' | 'match'>;

/** What a move made happen (bfc_event): a union on `type`, so that a test
 * of the type narrows it (TypeScript --strict: after `e.type ===
 * 'score'`, `e.points` is a number). */
export type GameEvent =
  | ScoreEvent
  | PlayEvent
  | DealEvent
  | CountEvent
  | BoardEvent
  | MatchEvent
  | EventFields<PlainType>;

/** What one seat may know (bfc_observation, RULES D7). */
export interface Observation {
  rules: Rules;
  seat: number;
  players: number;
  sides: number;
  phase: string;
  toMove: number | null;
  dealer: number;
  over: boolean;
  winner: number | null;
  winningSeat: number | null;
  scores: number[];
  skirmish: number;
  turns: number;
  revealed: boolean[];
  ender: number | null;
  finalTurns: number;
  pile: number;
  crib: number;
  held: Card | null;
  turnCard: Card | null;
  laid: (number | null)[];
  layLegal: number[];
  /** Per seat, five slots: a card, "??" face down, or null. */
  formations: (Card | null)[][];
  faceUp: boolean[][];
  cut: (Card | null)[];
  frontline: { cards: (Card | null)[]; sum: number };
  outOfPlay: Card[];
  limitReached: boolean;
  starter: Card | null;
  count: number;
  sequence: (Card | null)[];
  heldBy: number[];
  throws: number;
  declarer: number | null;
  declared: number | null;
  /** Muggins: what the declarer counts: a hand, the crib, or the card
   * just laid in the play (D12); null when no one declares. */
  counting: 'hand' | 'crib' | 'play' | null;
  /** Muggins in the play: the declarer's card also earns the go or the
   * last card. */
  owed: boolean;
  hand: Card[];
  thrown: Card[];
  played: Card[][];
  shown: Card[][];
  cribCards: Card[];
  judged: Card[];
  folded: boolean[];
  boxed: number | null;
  boxDeals: number;
  /** Match play: each side's match points. */
  match: number[];
  /** The classic play (RULES 3.1): per seat, the most room (31 - count) it
   * said go at this deal, 0 if none; every card it still holds is worth
   * more. Public to every seat. */
  goRoom: number[];
}

export interface ViewerOption {
  /** Only what this seat may see (Game.visibleEvents). */
  viewer?: number;
}

/** A game (bfc_game). Free it with free(), or make it inside
 * Libbfc.scope() or Libbfc.withGame(); a game dropped without it is freed
 * by a FinalizationRegistry only after the garbage collector takes it,
 * which a loop that never yields may not let happen: games pile up. */
export declare class Game {
  private constructor();
  /** The events of the game's start: the cut, the deal, early points. */
  startEvents: GameEvent[];
  readonly freed: boolean;
  readonly rules: Rules;
  readonly players: number;
  /** The seat to move, null once the game is over. */
  readonly toMove: number | null;
  /** bfc_phase_name(): "reveal", "turn", "drawn", "lay away", "over",
   * "discard", "play", "declare", "claim". */
  readonly phase: string;
  readonly over: boolean;
  readonly sides: number;
  /** Points per side. */
  readonly scores: number[];
  /** The winning side, null while the game goes on. */
  readonly winner: number | null;
  readonly winningSeat: number | null;
  /** Games the win is worth (RULES 5); 0 while the game goes on. The sum
   * over the losers, or one loser's under the pay option. */
  readonly value: number;
  /** Per side: what it lost by (bfc_game_values); 0 for the winner. */
  readonly values: number[];
  /** Match play: each side's match points (all 0 without a match). */
  readonly matchScores: number[];
  /** The side that won the match, null while none has. */
  readonly matchWinner: number | null;
  sideOf(seat: number): number;
  /** Partners by cut (D16): the seat the player who cut from `player`
   * sits at; without the option, player itself. */
  seatOf(player: number): number;
  legalMoves(): Move[];
  /** Throws BfcIllegalMoveError (the game unchanged) for an illegal move. */
  apply(move: MoveInput, options?: ViewerOption): GameEvent[];
  /** The next game (the game must be over and a match not yet won); its
   * events also become startEvents. */
  next(options?: ViewerOption): GameEvent[];
  /** Events of this game as `viewer` may see them (bfc_event_visible). */
  visibleEvents(events: readonly GameEvent[], viewer: number): GameEvent[];
  observe(seat: number): Observation;
  observationText(seat: number, options?: { unicode?: boolean }): string;
  legalMovesFor(seat: number): Move[];
  save(): string;
  copy(): Game;
  copyInto(other: Game): Game;
  determinize(seat: number, seed: number | bigint): this;
  /** determinize() from a belief (bfc_game_determinize_belief): in a
   * two-player classic game the other player's cards are drawn so that its
   * throw is a sensible one and its goes hold. */
  determinizeBelief(seat: number, seed: number | bigint): this;
  /** The cards `seat` (default: the seat to move) has not seen
   * (bfc_observation_unseen), in id order. */
  unseen(seat?: number | null): Card[];
  /** The advice for the seat to move in a discard phase, best first
   * (bfc_advise_discard_observation); with win: true valued in wins
   * (bfc_advise_discard_win: two-player classic to 121 or 61), best first
   * by the chance of winning. model is crib's older name. */
  adviseDiscard(options?: { crib?: CribModel; model?: CribModel; win?: boolean }): DiscardOption[];
  /** Why `move` is good or bad for the seat to move, in a player's words
   * (bfc_explain_move). */
  explain(move: MoveLike, options?: { unicode?: boolean }): string;
  /** explain() for a classic discard with its advice: expected hand, crib,
   * total and the chance of winning (bfc_explain_discard). */
  explainDiscard(move: MoveLike, options?: { unicode?: boolean }): string;
  /** Each side's chance of winning from the scores and this deal's dealer
   * (bfc_win_chance): winChance()'s chances and table for the game as it
   * stands; method says table the same as a word. */
  dealChance(): { chances: number[]; table: boolean; method: 'table' | 'approx' };
  free(): void;
}

/** A move as the API takes it: a Move, its id or its text. */
export type MoveLike = Move | number | string;
export type ReviewGrade = 'best' | 'inaccuracy' | 'mistake' | 'blunder' | 'unrated';
export type ReviewStage = 'discard' | 'play' | 'turn' | 'lay-away';

export interface ReviewOptions {
  /** the seat reviewed; default every seat */
  seat?: number | null;
  level?: SearchLevel;
  iterations?: number;
  worlds?: number;
  seed?: number | bigint;
  unicode?: boolean;
  /** Stops the review: the Promise rejects with signal.reason (an
   * AbortError DOMException by default) at the next slice of moves. */
  signal?: AbortSignal;
  /** Called after each slice of moves: the moves reviewed so far (rising)
   * and their number. */
  onProgress?: (done: number, total: number) => void;
}

/** One decision graded (bfc_review_entry). */
export interface ReviewEntry {
  readonly ply: number;
  readonly deal: number;
  readonly seat: number;
  readonly stage: ReviewStage;
  readonly grade: ReviewGrade;
  readonly move: Move;
  readonly sameAs: Move;
  readonly best: Move;
  /** chances of winning 0..1, -1 unknown */
  readonly win: number;
  readonly bestWin: number;
  readonly winLost: number;
  /** expected points (discards) or the hand's (lay-aways); null elsewhere */
  readonly points: number | null;
  readonly bestPoints: number | null;
  readonly pointsLost: number | null;
  readonly byPoints: boolean;
  /** another seed may grade it otherwise: graded best although not the
   * bot's choice (within the search's uncertainty), a loss whose
   * uncertainty reaches the next grade, or graded by points because the
   * chance could not tell */
  readonly close: boolean;
  readonly legal: number;
  readonly rank: number;
  readonly tries: number;
  readonly score: readonly number[];
  /** the library's line of English (bfc_review_format) */
  readonly text: string;
}

export interface ReviewTally {
  decisions: number;
  grades: Record<ReviewGrade, number>;
  winLost: number;
  pointsLost: number;
}

/** What a review adds up to (bfc_review_summary). */
export interface ReviewSummary extends ReviewTally {
  deals: number;
  stages: Partial<Record<ReviewStage, ReviewTally>>;
  text: string;
}

export type BotName = 'random' | 'greedy' | 'ismcts';
export type SearchLevel = 'easy' | 'medium' | 'hard';
/** 'uniform': the rest of the crib thrown at random (exact, every game with
 * a discard); 'played': two-player classic, the other player throws as a
 * sensible player does. */
export type CribModel = 'uniform' | 'played';
export type DiscardRole = 'dealer' | 'pone' | 'partner';

/** One discard and its exact expected points (bfc_discard_option). */
export interface DiscardOption {
  move: Move;
  /** The cards thrown and kept, ascending (five kept in seven-card). */
  discard: Card[];
  keep: Card[];
  /** The mean show of the kept cards over every unseen starter. */
  handEv: number;
  /** The crib's mean score under the crib model, whoever owns it. */
  cribEv: number;
  /** handEv + cribEv when the crib is the seat's side's, else handEv - cribEv. */
  totalEv: number;
  /** false: the throw goes out of the deal (six players, D3). */
  toCrib: boolean;
  /** The chance of winning the game with this discard when the advice is
   * valued in wins (adviseDiscard({win: true})), else null. */
  win: number | null;
}

export interface SearchOptions {
  seed?: number | bigint;
  /** At most one budget: a level (the library's budgets, each level
   * stronger than the one below; config shows them), ISMCTS iterations per
   * decision, or milliseconds per decision (not reproducible). */
  level?: SearchLevel;
  iterations?: number;
  timeMs?: number;
  /** The deal solver's most worlds per decision (0: from the iterations). */
  worlds?: number;
  exploration?: number;
  playout?: 'random' | 'guided' | 'greedy';
  value?: 'win' | 'margin';
  /** Classic discards by the advice (default true). */
  exactDiscard?: boolean;
  /** The deal solver in the play of two-player classic games (default
   * true; false: ISMCTS there too). */
  solver?: boolean;
  /** Worlds drawn from the belief (determinizeBelief; default true). */
  belief?: boolean;
  /** The node arena (0: sized by the library). */
  nodes?: number;
}

/** One legal move of a searched decision (bfc_search_stat). */
export interface SearchStat {
  move: Move;
  /** Iterations that played it (the deal solver: the worlds it was solved
   * in). */
  visits: number;
  /** For the seat's side: the mean chance of winning (0..1) of its visits,
   * or a points margin with value 'margin'; at a classic discard its
   * chance of winning from the advice; null when not valued. */
  value: number | null;
  /** false: not a candidate (a classic discard other than the advice's best). */
  searched: boolean;
  /** It won the game at once in every iteration that played it. */
  winsNow: boolean;
  /** A classic discard: its expected points (totalEv); otherwise null. */
  points: number | null;
  /** The move whose figures it carries because the two are the same to
   * every player (Battlefield reveals, cards of one rank in the classic
   * play); itself otherwise. */
  sameAs: Move;
}

/** Options of chooseAsync() and analyzeAsync(). */
export interface AsyncSearchOptions {
  /** Aborting it stops the decision: the Promise rejects with
   * signal.reason (an AbortError DOMException by default). */
  signal?: AbortSignal;
  /** Called after each step with the work done so far (iterations, or
   * the deal solver's worlds). */
  onProgress?: (units: number) => void;
}

/** What winChance() returns. */
export interface WinChance {
  /** One chance per side; they add up to 1. */
  readonly chances: readonly number[];
  /** true: from a table (or a side at its target); false: approximated. */
  readonly table: boolean;
}

/** What the last decision took (bfc_search_info). */
export interface SearchInfo {
  iterations: number;
  nodes: number;
  depth: number;
  candidates: number;
  ms: number;
}

/** A bot with its own generator (seeded by options.seed). */
export declare class Bot {
  private constructor();
  readonly name: BotName;
  readonly options: { seed?: number | bigint };
  /** The generator's state now. */
  readonly state: bigint;
  readonly freed: boolean;
  /** The move for the seat to move, from its observation only. */
  choose(game: Game): Move;
  /** choose() and apply(). */
  play(game: Game): { move: Move; events: GameEvent[] };
  /** Marks the bot done (it holds no C memory; every bot has free() so
   * that all are let go the same way); choose() throws afterwards. */
  free(): void;
}

/** The search bot (the deal solver and ISMCTS, bfc_search_*): bot('ismcts', options). Free
 * it with free(); a dropped one is freed by a FinalizationRegistry. */
export declare class SearchBot {
  private constructor();
  readonly name: 'ismcts';
  readonly options: SearchOptions;
  readonly config: {
    iterations: number;
    timeMs: number;
    worlds: number;
    exploration: number;
    seed: bigint;
    playout: 'random' | 'guided' | 'greedy';
    value: 'win' | 'margin';
    exactDiscard: boolean;
    solver: boolean;
    belief: boolean;
    nodes: number;
  };
  /** What the last decision took; null before the first. */
  readonly last: SearchInfo | null;
  readonly freed: boolean;
  /** The move for the seat to move; the game is not changed. */
  choose(game: Game): Move;
  /** choose() and apply(). */
  play(game: Game): { move: Move; events: GameEvent[] };
  /** Every legal move once, best first: the first is choose()'s move. */
  analyze(game: Game): SearchStat[];
  /** choose() in steps, the event loop running between two; the same
   * move as choose() with the same seed. Rejects with signal.reason when
   * options.signal aborts; the bot is then ready for the next decision. */
  chooseAsync(game: Game, options?: AsyncSearchOptions): Promise<Move>;
  /** analyze() in steps, as chooseAsync(). */
  analyzeAsync(game: Game, options?: AsyncSearchOptions): Promise<SearchStat[]>;
  /** Restarts the generator from seed. */
  seed(seed: number | bigint): void;
  free(): void;
}

/** Options of dialBot(): one of step and rating, and the seed. */
export type DialOptions =
  | { step: number; rating?: undefined; seed?: number | bigint }
  | { rating: number; step?: undefined; seed?: number | bigint };

/** A step of the strength dial (bfc_dial_*, bfc.h "Strength dial"):
 * dialBot({step}) or dialBot({rating}), or bot('step3') / bot('rating:1500').
 * Free it with free(); a dropped one is freed by a FinalizationRegistry. */
export declare class DialBot {
  private constructor();
  /** 'step1' .. 'step10'. */
  readonly name: `step${number}`;
  /** The step, 1 (a beginner) .. dialSteps (hard). */
  readonly step: number;
  /** The step's rating on the dial's scale (random moves 1000). */
  readonly rating: number;
  readonly options: { step?: number; rating?: number; seed?: number | bigint };
  readonly freed: boolean;
  /** The move for the seat to move, from its observation only; the game is
   * not changed. */
  choose(game: Game): Move;
  /** choose() and apply(). */
  play(game: Game): { move: Move; events: GameEvent[] };
  /** choose() after the event loop has had a turn, on the game as it was
   * when called; rejects with signal.reason when options.signal is aborted
   * before the decision. */
  chooseAsync(game: Game, options?: { signal?: AbortSignal }): Promise<Move>;
  /** Restarts the generator from seed (bfc_dial_seed). */
  seed(seed: number | bigint): void;
  free(): void;
}

/** The library, loaded: what load() resolves to. */
export declare class Libbfc {
  private constructor();
  /** "0.2.0" (bfc_version_string). */
  readonly version: string;
  /** 200 for 0.2.0 (bfc_version). */
  readonly versionNumber: number;
  readonly presets: readonly Preset[];
  readonly bots: BotName[];
  /** The library's names of each enumeration, by value: itemKind, combo,
   * event, source, phase, variant, moveKind, boardAction, holeKind, value,
   * matchPoints, nextDealer (null where a value has no name). */
  readonly names: Readonly<Record<string, readonly (string | null)[]>>;
  /** C objects (games, search and dial bots) of this instance not yet freed. */
  readonly live: number;
  /** The raw emscripten module (_bfc_* functions, _malloc, _free, HEAPU8):
   * unchecked; a wrong write through it can break this instance. */
  readonly module: any;

  strerror(status: number): string;

  cardId(card: CardInput): number;
  cardText(card: CardInput, options?: { unicode?: boolean }): Card;
  cardInfo(card: CardInput): CardInfo;
  parseCards(text: string, options?: { joker?: boolean; ids?: false }): Card[];
  parseCards(text: string, options: { joker?: boolean; ids: true }): number[];

  scoreShow(hand: CardsInput, starter?: CardInput | null, options?: ShowOptions): HandScore;
  scoreShowTotal(hand: CardsInput, starter: CardInput, options?: { crib?: boolean }): number;
  scoreAllStarters(hand: CardsInput, options?: { crib?: boolean }): Record<Card, number>;
  scoreReserve(reserve: CardsInput, turn: CardInput): HandScore;
  scoreCeasefire(formation: CardsInput): HandScore;
  scoreBattlefield(formation: CardsInput, turn: CardInput, options?: { anyLayAway?: boolean }): BattlefieldScore;
  scoreFrontline(frontline: CardsInput, placed: CardInput, options?: { turnCard?: boolean }): FrontlineScore;
  scorePeg(sequence: CardsInput, options?: { noddy?: boolean }): PegScore;
  /** "fifteen two, fifteen four, a pair is six" (bfc_items_narrate). */
  narrate(score: { items: readonly Item[] } | readonly Item[]): string;
  narrate(hand: CardsInput, starter?: CardInput | null, options?: ShowOptions): string;

  move(move: MoveInput): Move;
  parseMove(text: string): Move;

  preset(name: string): Preset | null;
  rules(preset?: string, options?: GameOptions): Rules;
  newGame(preset?: string, options?: GameOptions): Game;
  loadGame(text: string): Game;
  /** The review of a game (bfc_review_game_part, in slices of moves with
   * the event loop running between two; the entries are the one-call
   * review's): options.signal stops it, options.onProgress reports. */
  reviewGame(start: Game, moves: readonly MoveLike[], options?: ReviewOptions): Promise<ReviewEntry[]>;
  summarizeReview(entries: readonly ReviewEntry[], options?: { seat?: number | null }): ReviewSummary;
  /** A game record (bfc_record_format). */
  recordFormat(start: Game, moves: readonly MoveLike[], options?: { seed?: number | bigint | null }): string;
  /** Reads a game record (bfc_record_parse). */
  recordParse(text: string): { start: Game; moves: Move[]; seed: bigint | null };

  bot(name: 'ismcts', options?: SearchOptions): SearchBot;
  bot(name?: 'random' | 'greedy', options?: { seed?: number | bigint }): Bot;
  /** The dial's steps by name: 'step1' .. 'step10', 'rating:N'. */
  bot(name: `step${number}` | `rating:${number}`, options?: { seed?: number | bigint }): DialBot;
  /** The strength dial's steps (BFC_DIAL_STEPS, 10): 1 a beginner, the last hard. */
  readonly dialSteps: number;
  /** A step of the strength dial (bfc_dial_new). */
  dialBot(options: DialOptions): DialBot;
  /** A step's rating (bfc_dial_rating); throws for a step out of range. */
  dialRating(step: number): number;
  /** The strongest step rated at most rating, 1 if none is. */
  dialStepOfRating(rating: number): number;
  /** The step of a named level: easy 8, medium 9, hard 10. */
  dialStepOfLevel(level: SearchLevel): number;
  /** Every discard of a classic hand with its exact expected points, best
   * first (bfc_advise_discard); seven-card: the 21 discards of 7 cards,
   * five kept (crib 'uniform' only, no win). */
  adviseDiscard(
    cards: CardsInput,
    options?: GameOptions & { preset?: string; role?: DiscardRole; crib?: CribModel; model?: CribModel },
  ): DiscardOption[];
  /** The expected best battlefield score of a formation ('??' face down)
   * over every turn card among unseen (bfc_advise_formation). */
  adviseFormation(
    formation: readonly (CardInput | null)[] | string,
    unseen: CardsInput | bigint,
    options?: { anyLayAway?: boolean },
  ): number;
  /** The chance that each side wins from the start of a deal the side
   * `dealer` is about to deal (bfc_win_chance); table: from a table of the
   * library (else its approximation). what: a Game, or a preset's name
   * with the rules options in options. */
  winChance(what: Game | string, scores: readonly number[], dealer: number, options?: GameOptions): WinChance;
  /** bfc_rng_next: [the next 64 bits, the new state]. */
  rngNext(state: number | bigint): [bigint, bigint];

  /** Runs fn() and then frees every game and bot of this instance that fn
   * made and does not return (a Game or bot returned, or in a returned
   * array, is kept). fn must be synchronous: a Promise returned throws. */
  scope<T>(fn: () => T): T;
  /** newGame(preset, options), then fn(game), then game.free() -- also when
   * fn throws, and once its Promise settles when it returns one. */
  withGame<T>(preset: string, options: GameOptions | undefined, fn: (game: Game) => T): T;
}

export interface LoadOptions {
  /** Where libbfc.wasm is; default: dist/libbfc.wasm beside index.js. */
  wasmUrl?: string | URL;
  /** The wasm bytes, when the caller has them. */
  wasmBinary?: ArrayBuffer | Uint8Array;
}

/** Loads a new, independent instance of the library. */
export declare function load(options?: LoadOptions): Promise<Libbfc>;
