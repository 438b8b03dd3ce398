/*
 * search_bot -- a tiny search, as a bot author writes one: flat Monte Carlo
 * against the greedy bot, in classic cribbage.
 *
 *     ./examples/search_bot [SEED [PLAYOUTS]]     defaults 1 and 48
 *
 * The task: choose a move by trying them. For each legal move, many times:
 * copy the real game into a scratch game (bfc_game_copy: no allocation),
 * re-deal the cards this seat cannot see (bfc_game_determinize: the other
 * hand, the crib, the deck -- a bot must not peek), play the move, then
 * random moves to the end of the game. The move that wins most often is
 * played. Every call a playout makes is allocation-free, so this is fast.
 * Random playouts make a weak player (the greedy bot often wins): the
 * playout policy and the number of worlds are where a search gets strong.
 * Build: cc search_bot.c $(pkg-config --cflags --libs bfc)
 */
#include <bfc.h>
#include <stdio.h>
#include <stdlib.h>

/* Random moves to the end; 1 if seat's side wins. */
static int playout(bfc_game *g, int seat, uint64_t *rng)
{
    while (!bfc_game_over(g)) {
        bfc_observation obs;
        bfc_move m;
        bfc_game_observe(g, bfc_game_to_move(g), &obs);
        bfc_bot_random(&obs, rng, &m);
        bfc_game_apply(g, m, NULL, 0, NULL);
    }
    return bfc_game_winner(g) == bfc_game_side_of(g, seat);
}

/* The move of seat with the most wins over `playouts` sampled worlds. */
static bfc_move search(const bfc_game *g, bfc_game *scratch, int playouts, uint64_t *rng,
                       int verbose)
{
    const int seat = bfc_game_to_move(g);
    bfc_move legal[BFC_MAX_MOVES], best = BFC_MOVE_NONE;
    const int n = bfc_game_legal_moves(g, legal, BFC_MAX_MOVES);
    int best_wins = -1;
    for (int i = 0; i < n; i++) {
        int wins = 0;
        for (int k = 0; k < playouts; k++) {
            bfc_game_copy(scratch, g);
            bfc_game_determinize(scratch, seat, bfc_rng_next(rng)); /* one world */
            bfc_game_apply(scratch, legal[i], NULL, 0, NULL);
            wins += playout(scratch, seat, rng);
        }
        if (verbose) {
            char text[BFC_MOVE_TEXT_MAX];
            bfc_move_format(legal[i], text, sizeof text);
            printf("  %-14s wins %2d of %d\n", text, wins, playouts);
        }
        if (wins > best_wins) {
            best_wins = wins;
            best = legal[i];
        }
    }
    return best;
}

int main(int argc, char **argv)
{
    const uint64_t seed = argc > 1 ? strtoull(argv[1], NULL, 10) : 1;
    const int playouts = argc > 2 ? (int)strtol(argv[2], NULL, 10) : 48;
    bfc_rules rules;
    bfc_rules_preset(&rules, "classic", 2, 0);
    bfc_game *g = bfc_game_new(&rules, seed, NULL);
    bfc_game *scratch = bfc_game_clone(g); /* allocated once, reused */
    uint64_t rng = seed;
    if (!g || !scratch || playouts < 1)
        return 1;
    int decisions = 0;
    while (!bfc_game_over(g)) {
        const int seat = bfc_game_to_move(g);
        bfc_move m;
        if (seat == 0) { /* the searcher; its first decision is shown */
            if (decisions == 0)
                printf("player 1's first decision:\n");
            m = search(g, scratch, playouts, &rng, decisions++ == 0);
        } else {
            bfc_observation obs;
            bfc_game_observe(g, seat, &obs);
            bfc_bot_greedy(&obs, &rng, &m);
        }
        bfc_game_apply(g, m, NULL, 0, NULL);
    }
    int s[2];
    bfc_game_scores(g, s, 2);
    printf("%d decisions searched with %d playouts per move; player 1 (search) %d, "
           "player 2 (greedy) %d: player %d wins\n",
           decisions, playouts, s[0], s[1], bfc_game_winner(g) + 1);
    bfc_game_free(scratch);
    bfc_game_free(g);
    return 0;
}
