/* The two kinds of game, as the files above them call them: Battlefield
 * Cribbage (battlefield.c) and the classic games (classic.c), and the state
 * invariants of both (check.c). Both kinds peg through peg.h and never call
 * each other or anything above them. Not installed. */
#ifndef BFC_VARIANTS_H
#define BFC_VARIANTS_H

#include "peg.h"

BFC__HIDDEN_BEGIN

/* ---- Battlefield Cribbage (battlefield.c, battlefield_moves.c) ---------- */

/* Deals skirmishes until one is playable (a cease-fire is over at once)
 * or the game is won. */
void bfc__bf_deal(bfc_game *g, bfc__sink *k);
/* The legal moves from the public facts (the game's and an observation's
 * list are the same). */
int bfc__bf_moves(unsigned phase, unsigned pile, int can_take, int limit_hit, unsigned lay_legal,
                  bfc_move *out, size_t cap);
/* The legal moves in each phase (game.c calls them by the phase). */
int bfc__bf_legal_turn(const bfc_game *g, bfc_move *out, size_t cap);
int bfc__bf_legal_reveal(const bfc_game *g, bfc_move *out, size_t cap);
int bfc__bf_legal_drawn(const bfc_game *g, bfc_move *out, size_t cap);
int bfc__bf_legal_layaway(const bfc_game *g, bfc_move *out, size_t cap);
/* Applies move m for the seat to move in the phase each is named for, and
 * counts it (g->moves), or returns BFC_EILLEGAL having changed nothing when
 * it is not legal now: the check is the legal list's, made without
 * building it. */
int bfc__bf_reveal(bfc_game *g, bfc_move m, bfc__sink *k);
int bfc__bf_turn(bfc_game *g, bfc_move m, bfc__sink *k);
int bfc__bf_drawn(bfc_game *g, bfc_move m, bfc__sink *k);
int bfc__bf_layaway(bfc_game *g, bfc_move m, bfc__sink *k);
/* The legal lay-aways of seat at the battlefield (D10; every card when the
 * D13 option killed its formation). */
unsigned bfc__bf_lay_legal(const bfc_game *g, unsigned seat);

/* ---- The classic games (classic.c and its leaves, classic_body.h;
 * classic_moves.c, classic_muggins.c) ----------------------------------- */

/* The first deal of a game (and the five-card non-dealer's 3). */
void bfc__classic_start(bfc_game *g, unsigned dealer, bfc__sink *k);
/* The legal moves from the public facts and the mover's hand; need: the
 * cards a discard throws, or the most a declaration may be (D18). */
int bfc__classic_moves(unsigned phase, unsigned need, uint64_t hand, unsigned count,
                       bfc_move *out, size_t cap);
/* The cards that fit under 31 after a count c: bfc__fits31[31 - c], the
 * table of bfc__fits() (classic_moves.c). */
extern const uint64_t bfc__fits31[32];
/* The legal moves in each phase (classic_moves.c). */
int bfc__classic_legal_play(const bfc_game *g, bfc_move *out, size_t cap);
int bfc__classic_legal_discard(const bfc_game *g, bfc_move *out, size_t cap);
int bfc__classic_legal_declare(const bfc_game *g, bfc_move *out, size_t cap);
int bfc__classic_legal_claim(const bfc_game *g, bfc_move *out, size_t cap);
/* As bfc__bf_turn: the move of each phase made and counted, or
 * BFC_EILLEGAL. */
int bfc__classic_play(bfc_game *g, bfc_move m, bfc__sink *k);
int bfc__classic_discard(bfc_game *g, bfc_move m, bfc__sink *k);
int bfc__classic_declare(bfc_game *g, bfc_move m, bfc__sink *k);
int bfc__classic_claim(bfc_game *g, bfc_move m, bfc__sink *k);
/* For muggins (classic_muggins.c): the cards of seat's hand (crib 0) or
 * of the crib (1), ascending, and how many (classic_show.c); from
 * classic.c, the show from its next step; the play after a settled count
 * of the card seat s laid, next being the seat to lay (or BFC__NONE8,
 * BFC__ALL_LAID). */
unsigned bfc__classic_counted(const bfc_game *g, unsigned seat, unsigned crib, bfc_card *out);
void bfc__classic_show_next(bfc_game *g, bfc__sink *k);
void bfc__classic_go_on(bfc_game *g, unsigned s, unsigned next, bfc__sink *k);
/* The true count being declared under muggins: seat's hand (counting 0),
 * the crib (1), or the card just laid with the go it is owed (2, D12). */
int bfc__classic_truth(const bfc_game *g, unsigned seat, unsigned counting);

/* ---- The game (game.c), for the calls above it ------------------------- */

/* bfc_game_new with its start's events in sink; rc a status the caller
 * found already (then no game). */
bfc_game *bfc__game_new_sink(const bfc_rules *rules, uint64_t seed, int rc, bfc__sink *sink,
                             int *status);
/* A fresh game of g's rules in g (no allocation), dealt from seed. */
void bfc__game_reset(bfc_game *g, uint64_t seed, bfc__sink *sink);
/* bfc_game_apply into a sink. */
int bfc__game_apply_sink(bfc_game *g, bfc_move m, bfc__sink *k);

/* ---- Invariants (check.c) ------------------------------------------------ */

/* Checks every invariant of a state (cards conserved, phase consistent,
 * ranges): BFC_OK or BFC_ESTATE. Used by load, and by the tests. */
int bfc__game_check(const bfc_game *g);
/* The part of it about seat s's go room (bfc_game.go_room): a go is
 * public, so every card the seat still holds is worth more than the room
 * it said go at; in the play, and while a card laid in it is declared and
 * claimed (muggins, D12), a go said in this sequence is at least the room
 * left now; no go with one player. BFC_OK or BFC_ESTATE. bfc_game_load()
 * checks it on the goes line (issue 39: a smaller room let belief draw
 * worlds that fail bfc__game_check). */
int bfc__go_room_check(const bfc_game *g, unsigned s);

BFC__HIDDEN_END

#endif
