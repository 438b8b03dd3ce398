/*
 * save_resume -- save a game half way through, load it back, play on.
 *
 *     ./examples/save_resume            the save is kept in memory
 *     ./examples/save_resume game.txt   and written to game.txt as well
 *
 * The task: a front end that quits and comes back, or a server that keeps
 * games between requests. bfc_game_save writes the whole state as text --
 * the hidden cards and the game's random generator too -- so a loaded game
 * goes on exactly as the saved one would have. Asking with a NULL buffer
 * gives the size first, as snprintf does. The bots' generators are the
 * program's own state: keep them beside the save.
 * Build: cc save_resume.c $(pkg-config --cflags --libs bfc)
 */
#include <bfc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Plays up to `moves` moves with the random bot; returns how many. */
static int play(bfc_game *g, uint64_t *rng, int moves)
{
    int n = 0;
    for (; n < moves && !bfc_game_over(g); n++) {
        bfc_observation obs;
        bfc_move m;
        bfc_game_observe(g, bfc_game_to_move(g), &obs);
        bfc_bot_random(&obs, rng, &m);
        bfc_game_apply(g, m, NULL, 0, NULL); /* no events wanted: the fast path */
    }
    return n;
}

/* The game as text, in a buffer the caller frees (NULL if out of memory). */
static char *save(const bfc_game *g)
{
    const int len = bfc_game_save(g, NULL, 0);
    char *text = len < 0 ? NULL : malloc((size_t)len + 1);
    if (text)
        bfc_game_save(g, text, (size_t)len + 1);
    return text;
}

int main(int argc, char **argv)
{
    bfc_rules rules;
    bfc_rules_preset(&rules, "classic", 2, 0);
    bfc_game *a = bfc_game_new(&rules, 7, NULL);
    uint64_t rng = 11;
    if (!a)
        return 1;
    printf("played %d moves, then saved:\n", play(a, &rng, 40));

    char *text = save(a);
    if (!text)
        return 1;
    const char *line = text; /* the first lines of the save */
    for (int i = 0; i < 4 && *line; i++) {
        const size_t len = strcspn(line, "\n");
        printf("  %.*s\n", (int)len, line);
        line += len + (line[len] == '\n');
    }
    printf("  ... %zu bytes in all\n", strlen(text));
    if (argc > 1) {
        FILE *f = fopen(argv[1], "w");
        if (!f || fputs(text, f) < 0 || fclose(f) != 0) {
            fprintf(stderr, "save_resume: cannot write %s\n", argv[1]);
            return 1;
        }
    }

    /* Load into a new game (b NULL), and play both on with the same bot
     * generator: they must end the same. */
    bfc_game *b = NULL;
    const int rc = bfc_game_load(&b, text);
    if (rc != BFC_OK) {
        fprintf(stderr, "save_resume: %s\n", bfc_strerror(rc));
        return 1;
    }
    uint64_t rng_b = rng;
    const int more = play(a, &rng, 100000);
    play(b, &rng_b, 100000);

    char *end_a = save(a), *end_b = save(b);
    int sa[2], sb[2];
    bfc_game_scores(a, sa, 2);
    bfc_game_scores(b, sb, 2);
    printf("%d more moves; the game never saved ends %d-%d, the loaded one %d-%d\n", more,
           sa[0], sa[1], sb[0], sb[1]);
    const int same = end_a && end_b && strcmp(end_a, end_b) == 0;
    printf("their final saves are %s\n", same ? "identical" : "DIFFERENT");
    free(text);
    free(end_a);
    free(end_b);
    bfc_game_free(a);
    bfc_game_free(b);
    return same ? 0 : 1;
}
