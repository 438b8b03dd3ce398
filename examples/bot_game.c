/*
 * bot_game -- two bots play a whole game, and every event is printed.
 *
 *     ./examples/bot_game                  classic cribbage, seed 1
 *     ./examples/bot_game battlefield 7    a game by name, and a seed
 *
 * The task: the loop of any program that runs a game. The game's start
 * (the cut, the deal, points scored before any move) comes with
 * bfc_game_new_events; then, until the game is over, the seat to move gets
 * its observation (what it may know), its bot picks a move, and
 * bfc_game_apply plays it and says what happened. bfc_event_format turns
 * an event into a line of English; a real front end would animate it.
 * Build: cc bot_game.c $(pkg-config --cflags --libs bfc)
 */
#include <bfc.h>
#include <stdio.h>
#include <stdlib.h>

static void print_events(const bfc_event *ev, size_t n)
{
    char line[256];
    for (size_t i = 0; i < n && i < BFC_MAX_EVENTS; i++) {
        bfc_event_format(&ev[i], 0, line, sizeof line);
        printf("  %s\n", line);
    }
}

int main(int argc, char **argv)
{
    const char *name = argc > 1 ? argv[1] : "classic";
    const uint64_t seed = argc > 2 ? strtoull(argv[2], NULL, 10) : 1;
    bfc_rules rules;
    if (bfc_rules_preset(&rules, name, 0, 0) != BFC_OK) { /* its default players */
        fprintf(stderr, "bot_game: no game called '%s'\n", name);
        return 2;
    }
    bfc_event ev[BFC_MAX_EVENTS];
    size_t n = 0;
    int status;
    bfc_game *g = bfc_game_new_events(&rules, seed, ev, BFC_MAX_EVENTS, &n, &status);
    if (!g) {
        fprintf(stderr, "bot_game: %s\n", bfc_strerror(status));
        return 1;
    }
    printf("%s, seed %llu\n", bfc_preset_find(name)->title, (unsigned long long)seed);
    print_events(ev, n);

    uint64_t rng = seed; /* the bots' generator: any value */
    int moves = 0;
    while (!bfc_game_over(g)) {
        const int seat = bfc_game_to_move(g);
        bfc_observation obs;
        bfc_move m;
        char text[BFC_MOVE_TEXT_MAX];
        bfc_game_observe(g, seat, &obs);
        bfc_bot_greedy(&obs, &rng, &m);
        bfc_move_format(m, text, sizeof text);
        printf("player %d: %s\n", seat + 1, text);
        if (bfc_game_apply(g, m, ev, BFC_MAX_EVENTS, &n) != BFC_OK)
            return 1; /* a bot's move is always legal */
        print_events(ev, n);
        moves++;
    }

    int scores[6];
    const int sides = bfc_game_scores(g, scores, 6);
    printf("%d moves; scores", moves);
    for (int s = 0; s < sides; s++)
        printf(" %d", scores[s]);
    if (bfc_game_winner(g) < 0) /* solitaire: 120 or less loses */
        printf("; lost\n");
    else
        printf("; side %d wins\n", bfc_game_winner(g) + 1);
    bfc_game_free(g);
    return 0;
}
