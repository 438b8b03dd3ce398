/* The bots of a run, by name (players.h). */
#include "players.h"

#include <string.h>

static const char *const NAME[NKINDS] = {
    "random", "greedy", "rules", "ismcts", "easy", "medium", "hard",
    "base",   "base-easy", "base-medium", "base-hard", "easy+rules", "medium+rules",
    "hard+rules", "base03-easy", "base03-medium", "base03-hard", "step1", "step2", "step3",
    "step4", "step5", "step6", "step7", "step8", "step9", "step10",
};

const char KIND_LIST[] = "random, greedy, rules, ismcts, easy, medium, hard, base, base-easy, "
                         "base-medium, base-hard, easy+rules, medium+rules, hard+rules, "
                         "base03-easy, base03-medium, base03-hard, step1..step10, rating:N";

const char *kind_name(int kind) { return kind >= 0 && kind < NKINDS ? NAME[kind] : "?"; }

int kind_find(const char *name, size_t len)
{
    if (len > 7 && strncmp(name, "rating:", 7) == 0) {
        int r = 0;
        for (size_t i = 7; i < len; i++) {
            if (name[i] < '0' || name[i] > '9' || r > 100000)
                return -1;
            r = r * 10 + (name[i] - '0');
        }
        return K_STEP1 + bfc_dial_step_of_rating(r) - 1;
    }
    for (int k = 0; k < NKINDS; k++)
        if (strlen(NAME[k]) == len && strncmp(name, NAME[k], len) == 0)
            return k;
    return -1;
}

int kind_budgeted(int kind) { return kind == K_ISMCTS || kind == K_BASE; }

int kind_searches(int kind) { return kind >= K_ISMCTS; }

int kind_is_baseline(int kind) { return kind >= K_BASE && kind <= K_BASE_HARD; }

int player_open(struct player *p, int kind, const bfc_rules *rules, uint32_t iterations,
                uint32_t time_ms)
{
    int rc = BFC_OK;
    memset(p, 0, sizeof *p);
    p->kind = kind;
    if (kind >= K_EASY_RULES && kind <= K_HARD_RULES) { /* a level with the rules player's prior */
        bfc_search_config sc;
        bfc_search_config_init(&sc);
        if (bfc_search_config_level(&sc, BFC_LEVEL_EASY + (kind - K_EASY_RULES)) != BFC_OK)
            return BFC_EINVAL;
        sc.flags |= BFC_SEARCH_RULES_PRIOR;
        p->search = bfc_search_new(rules, &sc, &rc);
    } else if (kind >= K_ISMCTS && kind <= K_HARD) {
        bfc_search_config sc;
        bfc_search_config_init(&sc);
        sc.iterations = iterations;
        sc.time_ms = time_ms;
        const int level = BFC_LEVEL_EASY + (kind - K_EASY);
        if (kind != K_ISMCTS && bfc_search_config_level(&sc, level) != BFC_OK)
            return BFC_EINVAL;
        p->search = bfc_search_new(rules, &sc, &rc);
    } else if (kind >= K_STEP1) {
        p->dial = bfc_dial_new(rules, kind - K_STEP1 + 1, 0, &rc);
    } else if (kind >= K_BASE03_EASY) {
        bfc_search_config sc;
        base03_config_init(&sc);
        if (base03_config_level(&sc, BFC_LEVEL_EASY + (kind - K_BASE03_EASY)) != BFC_OK)
            return BFC_EINVAL;
        p->base03 = base03_new(rules, &sc, &rc);
    } else if (kind >= K_BASE) {
        baseline_config bc;
        baseline_config_init(&bc);
        bc.iterations = iterations;
        bc.time_ms = time_ms;
        const int level = BASELINE_EASY + (kind - K_BASE_EASY);
        if (kind != K_BASE && baseline_config_level(&bc, level) != BFC_OK)
            return BFC_EINVAL;
        p->base = baseline_new(rules, &bc, &rc);
    }
    return rc;
}

int player_seed(struct player *p, uint64_t seed)
{
    p->rng = seed;
    if (p->search)
        return bfc_search_seed(p->search, seed);
    if (p->base)
        return baseline_seed(p->base, seed);
    if (p->base03)
        return base03_seed(p->base03, seed);
    if (p->dial)
        return bfc_dial_seed(p->dial, seed);
    return BFC_OK;
}

int player_move(struct player *p, const bfc_game *g, bfc_move *out)
{
    if (p->search)
        return bfc_search_move(p->search, g, out);
    if (p->base)
        return baseline_move(p->base, g, out);
    if (p->base03)
        return base03_move(p->base03, g, out);
    if (p->dial)
        return bfc_dial_move(p->dial, g, out);
    bfc_observation obs;
    const int rc = bfc_game_observe(g, bfc_game_to_move(g), &obs);
    if (rc != BFC_OK)
        return rc;
    return p->kind == K_GREEDY  ? bfc_bot_greedy(&obs, &p->rng, out)
           : p->kind == K_RULES ? bfc_bot_rules(&obs, &p->rng, out)
                                : bfc_bot_random(&obs, &p->rng, out);
}

void player_close(struct player *p)
{
    bfc_search_free(p->search);
    baseline_free(p->base);
    base03_free(p->base03);
    bfc_dial_free(p->dial);
    memset(p, 0, sizeof *p);
}
