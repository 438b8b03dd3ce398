/* The command line of bfc-advise (bfc-advise.h; `bfc-advise --help`). */
#include <stdlib.h>
#include <string.h>

#include "bfc-advise.h"
#include "outcheck.h"
#include "bots.h"
#include "games.h"
#include "options.h"

enum { O_GAME, O_PLAYERS, O_TEAMS, O_DEALER, O_PONE, O_PARTNER, O_FORMATION, O_JSON, O_HELP,
       O_VERSION, O_DISCARD, O_CRIB_MODEL, O_POSITION, O_LEVEL, O_ITERATIONS, O_SEED, O_CRIB,
       O_SCORES, O_REVIEW, O_SEAT, O_PLAYER, O_WORLDS };

static const struct option_spec OPTIONS[] = {
    {"--game", 1, O_GAME},         {"--players", 1, O_PLAYERS}, {"--teams", 0, O_TEAMS},
    {"--dealer", 0, O_DEALER},     {"--pone", 0, O_PONE},       {"--partner", 0, O_PARTNER},
    {"--formation", 0, O_FORMATION}, {"--json", 0, O_JSON},     {"--help", 0, O_HELP},
    {"--version", 0, O_VERSION},   {"--discard", 0, O_DISCARD}, {"--crib-model", 1, O_CRIB_MODEL},
    {"--position", 1, O_POSITION}, {"--level", 1, O_LEVEL},     {"--iterations", 1, O_ITERATIONS},
    {"--seed", 1, O_SEED},         {"--crib", 1, O_CRIB},       {"--scores", 1, O_SCORES},
    {"--review", 1, O_REVIEW},     {"--seat", 1, O_SEAT},       {"--player", 1, O_PLAYER},
    {"--worlds", 1, O_WORLDS},
    {NULL, 0, 0},
};

/* The crib models the library has (bfc.h, BFC_CRIB_*), by name. */
static const struct {
    const char *name;
    int model;
} MODELS[] = {{"uniform", BFC_CRIB_UNIFORM}, {"played", BFC_CRIB_PLAYED}};
#define KNOWN_MODELS "uniform, played"

#define DEFAULT_SEED 1u /* --seed: the search's seed unless given */

const char *role_name(int role)
{
    return role == BFC_ROLE_PONE ? "pone" : role == BFC_ROLE_PARTNER ? "partner" : "dealer";
}

const char *crib_model_name(int model)
{
    for (size_t i = 0; i < sizeof MODELS / sizeof MODELS[0]; i++)
        if (MODELS[i].model == model)
            return MODELS[i].name;
    return "?";
}

/* The cards of a text: each word one card or several ("5H 5C"); in a
 * formation "??" is a face-down card. */
int add_cards(struct request *r, const char *text, char *why, size_t cap)
{
    char buf[256];
    const size_t len = strlen(text);
    if (len >= sizeof buf) {
        snprintf(why, cap, "argument too long: '%.40s...'", text);
        return -1;
    }
    memcpy(buf, text, len + 1);
    for (char *tok = strtok(buf, " \t\r,"); tok; tok = strtok(NULL, " \t\r,")) {
        bfc_card c;
        if (r->ncards == MAX_HAND) {
            snprintf(why, cap, "too many cards (want %s)",
                     r->formation ? "the 5 slots of a formation" : "the cards dealt to you");
            return -1;
        }
        if (r->formation && strcmp(tok, "??") == 0) {
            c = BFC_CARD_HIDDEN;
        } else if (bfc_card_parse(tok, &c) != BFC_OK) {
            snprintf(why, cap, "'%.40s' is not a card (a card is rank and suit: 5H, TD, JS, AC%s)",
                     tok, r->formation ? "; JK the joker, ?? face down" : "");
            return -1;
        }
        for (size_t i = 0; i < r->ncards; i++)
            if (c != BFC_CARD_HIDDEN && r->cards[i] == c) {
                snprintf(why, cap, "the card '%s' is given twice", tok);
                return -1;
            }
        r->cards[r->ncards++] = c;
    }
    return 0;
}

/* How many cards the game deals to a seat that discards (the library's
 * answer, asked with any distinct cards), 0 if none is right. */
static size_t dealt_count(const struct request *r)
{
    static const bfc_card ANY[MAX_HAND] = {0, 5, 10, 15, 16, 21, 26};
    for (size_t n = 1; n <= MAX_HAND; n++)
        if (bfc_advise_discard(&r->rules, ANY, n, r->role, r->crib_model, NULL, 0) >= 0)
            return n;
    return 0;
}

/* The game's rules with --players and --teams, and the role in them. */
static void discard_rules(struct request *r)
{
    char why[192];
    struct game_choice g;
    game_choice_init(&g, r->game);
    g.players = r->players;
    g.teams = r->teams;
    if (game_rules(&g, &r->rules, why, sizeof why) != 0)
        msg_die(EXIT_USAGE, "%s", why);
    r->players = g.players;
    r->teams = g.teams;
    if (r->rules.variant == BFC_VARIANT_BATTLEFIELD)
        msg_die(EXIT_USAGE, "battlefield has no discard (advise on a formation: --formation)");
    if (r->role == BFC_ROLE_PARTNER && !r->teams)
        msg_die(EXIT_USAGE, "--partner needs partners (--teams, or a game played in teams)");
    if (r->players == 1 && r->role_given && r->role != BFC_ROLE_DEALER)
        msg_die(EXIT_USAGE, "%s is played alone: you always deal", r->game->name);
    /* a crib model the library has for no hand of these rules (it has
       the uniform one for every game with a discard) */
    if (r->crib_model != BFC_CRIB_UNIFORM) {
        struct request u = *r;
        size_t with = 0, without;
        for (int role = BFC_ROLE_DEALER; role <= BFC_ROLE_PONE && !with; role++) {
            u.role = role;
            with = dealt_count(&u);
        }
        u.crib_model = BFC_CRIB_UNIFORM;
        u.role = BFC_ROLE_DEALER;
        without = dealt_count(&u);
        if (!with && without)
            msg_die(EXIT_USAGE, "--crib %s is a model of two-player classic cribbage, not of %s with %d player%s",
                    crib_model_name(r->crib_model), r->game->name, r->players,
                    r->players == 1 ? "" : "s");
    }
    if (r->have_scores) {
        const uint16_t *table = NULL;
        const int target = bfc_win_table(&r->rules, &table);
        if (target <= 0 || r->players != 2 || r->teams)
            msg_die(EXIT_USAGE,
                    "--scores values a discard in wins, from a table of the chance of winning: %s with "
                    "%d player%s to %d has none (bfc_win_table)",
                    r->game->name, r->players, r->players == 1 ? "" : "s", r->rules.target);
        for (int i = 0; i < 2; i++)
            if (r->scores[i] >= target)
                msg_die(EXIT_USAGE, "--scores: %d has reached the target, %d: the game is over",
                        r->scores[i], target);
    }
}

/* --scores A,B: the seat's score and the other player's, 0..10000 each
 * (checked against the target once the game is known). */
static void parse_scores(struct request *r, const char *v)
{
    const size_t len = strcspn(v, ","); /* the first score, before the comma */
    char a[32];
    uint64_t x = 0, y = 0;
    int bad = v[len] != ',' || len >= sizeof a;
    if (!bad) {
        memcpy(a, v, len);
        a[len] = '\0';
        bad = parse_u64(a, 10000, &x) != 0 || parse_u64(v + len + 1, 10000, &y) != 0 ? 2 : 0;
    }
    if (bad)
        msg_die(EXIT_USAGE, "bad --scores '%.40s' (want YOURS,THEIRS: two scores%s, e.g. 100,110)", v,
                bad == 2 ? " 0..10000" : "");
    r->scores[0] = (int)x;
    r->scores[1] = (int)y;
    r->have_scores = 1;
}

void discard_observation(const struct request *r, bfc_observation *obs)
{
    memset(obs, 0, sizeof *obs);
    obs->rules = r->rules;
    obs->seat = 0;
    obs->players = 2;
    obs->sides = 2;
    obs->phase = BFC_PHASE_DISCARD;
    obs->to_move = 0;
    obs->dealer = r->role == BFC_ROLE_DEALER ? 0 : 1;
    obs->winner = obs->winning_seat = obs->declarer = obs->declared = obs->boxed = 0xFF;
    obs->counting = 0xFF; /* no muggins declaration under way */
    for (size_t s = 0; s < sizeof obs->cut / sizeof obs->cut[0]; s++)
        obs->cut[s] = BFC_CARD_NONE; /* no cut for the deal shown */
    /* no Battlefield table: as bfc_game_observe() writes a classic deal
       (the library refuses an observation it could not have written) */
    for (size_t s = 0; s < sizeof obs->laid; s++) {
        obs->laid[s] = 0xFF;
        for (size_t i = 0; i < 5; i++)
            obs->formation[s][i] = BFC_CARD_NONE;
    }
    obs->ender = 0xFF;
    obs->held = obs->turn_card = obs->starter = BFC_CARD_NONE;
    obs->score[0] = (int16_t)r->scores[0];
    obs->score[1] = (int16_t)r->scores[1];
    obs->throws = 2;
    obs->held_by[0] = obs->held_by[1] = (uint8_t)r->ncards;
    obs->skirmish = 1;
    for (size_t i = 0; i < r->ncards; i++)
        obs->hand |= UINT64_C(1) << r->cards[i];
}

int check_hand(const struct request *r, char *why, size_t cap)
{
    if (r->ncards == 0) {
        snprintf(why, cap, "no cards (want the cards dealt to you; see --help)");
        return -1;
    }
    for (size_t i = 0; i < r->ncards; i++)
        if (r->cards[i] == BFC_JOKER) {
            snprintf(why, cap, "the joker is not a card of %s (RULES 1)", r->game->name);
            return -1;
        }
    /* the library knows how many cards each game deals: ask it, and word
     * its refusals */
    const int n =
        bfc_advise_discard(&r->rules, r->cards, r->ncards, r->role, r->crib_model, NULL, 0);
    if (n >= 0)
        return 0;
    const size_t want = dealt_count(r);
    if (n != BFC_EINVAL)
        snprintf(why, cap, "%s", bfc_strerror(n));
    else if (want == 0)
        snprintf(why, cap, "%s with %d player%s has no discard to advise on for the %s",
                 r->game->name, r->players, r->players == 1 ? "" : "s", role_name(r->role));
    else
        snprintf(why, cap, "%s with %d player%s: want the %zu cards dealt to you (got %zu)",
                 r->game->name, r->players, r->players == 1 ? "" : "s", want, r->ncards);
    return -1;
}

/* --level easy|medium|hard, --iterations N, --worlds N, --seed N: the
 * search of --position and --review. */
static void search_option(struct request *r, int id, const char *value)
{
    uint64_t u;
    int level;
    if (id == O_LEVEL) {
        if (bot_level(value, &level) != 0)
            msg_die(EXIT_USAGE, "--level must be easy, medium or hard, not '%s'", value);
        bfc_search_config_level(&r->search, level);
    } else if (id == O_ITERATIONS) {
        if (parse_u64(value, 10000000, &u) != 0 || u < 1)
            msg_die(EXIT_USAGE, "bad --iterations '%s' (want 1..10000000)", value);
        r->search.iterations = (uint32_t)u;
        r->search.time_ms = 0;
        r->iterations_given = 1;
    } else if (id == O_WORLDS) {
        if (parse_u64(value, 100000, &u) != 0 || u < 1)
            msg_die(EXIT_USAGE, "bad --worlds '%s' (want 1..100000)", value);
        r->search.worlds = (uint32_t)u;
        r->worlds_given = 1;
    } else {
        if (parse_u64(value, UINT64_MAX, &u) != 0)
            msg_die(EXIT_USAGE, "bad --seed '%s' (want a whole number)", value);
        r->search.seed = u;
    }
}

/* The model of a name, or -1. */
static int find_model(const char *name)
{
    for (size_t i = 0; i < sizeof MODELS / sizeof MODELS[0]; i++)
        if (strcmp(MODELS[i].name, name) == 0)
            return MODELS[i].model;
    return -1;
}

/* The words that are not options: the cards, or "-" alone for a batch. */
static void add_argument(struct request *r, const char *arg)
{
    char why[192];
    if (strcmp(arg, "-") == 0) {
        if (r->batch || r->ncards)
            msg_die(EXIT_USAGE, "'-' (one hand per input line) goes alone, without cards");
        r->batch = 1;
        return;
    }
    if (r->batch)
        msg_die(EXIT_USAGE, "'-' (one hand per input line) goes alone, without cards");
    if (add_cards(r, arg, why, sizeof why) != 0)
        msg_die(EXIT_USAGE, "%s", why);
}

void parse_options(int argc, char **argv, struct request *r)
{
    struct option_iter it;
    char why[192];
    int id, discard = 0, search_given = 0, model_given = 0;
    uint64_t u;
    memset(r, 0, sizeof *r);
    r->game = game_find("classic");
    r->role = BFC_ROLE_DEALER;
    r->crib_model = BFC_CRIB_UNIFORM;
    bfc_search_config_init(&r->search);
    bfc_search_config_level(&r->search, BFC_LEVEL_MEDIUM);
    r->search.seed = DEFAULT_SEED;
    r->seat = -1;
    option_start(&it, argc, argv);
    while ((id = option_next(&it, OPTIONS)) != OPT_END) {
        switch (id) {
        case OPT_ERROR:
            msg_die(EXIT_USAGE, "%s (see --help)", it.error);
        case OPT_ARG:
            add_argument(r, it.arg);
            break;
        case O_HELP:
            print_help();
            outcheck_failed(); /* right after the writes: their reason */
            exit(outcheck_close() == 0 ? EXIT_OK : EXIT_FAIL);
        case O_VERSION:
            printf("%s\n", bfc_version_string());
            exit(outcheck_close() == 0 ? EXIT_OK : EXIT_FAIL);
        case O_GAME:
            r->game = game_option(it.value, why, sizeof why);
            if (!r->game)
                msg_die(EXIT_USAGE, "%s", why);
            break;
        case O_PLAYERS:
            if (parse_u64(it.value, 6, &u) != 0 || u < 1)
                msg_die(EXIT_USAGE, "bad --players '%s' (want 1..6)", it.value);
            r->players = (int)u;
            break;
        case O_TEAMS:
            r->teams = 1;
            break;
        case O_DEALER:
        case O_PONE:
        case O_PARTNER:
            if (r->role_given && r->role != id - O_DEALER)
                msg_die(EXIT_USAGE, "give one of --dealer, --pone, --partner");
            r->role = id - O_DEALER; /* BFC_ROLE_DEALER, _PONE, _PARTNER */
            r->role_given = 1;
            break;
        case O_FORMATION:
            if (r->ncards)
                msg_die(EXIT_USAGE, "--formation goes before the cards");
            r->formation = 1;
            break;
        case O_DISCARD:
            discard = 1;
            break;
        case O_CRIB_MODEL:
        case O_CRIB:
            r->crib_model = find_model(it.value);
            if (r->crib_model < 0)
                msg_die(EXIT_USAGE, "unknown %s '%s' (known: " KNOWN_MODELS ")",
                        id == O_CRIB ? "--crib" : "--crib-model", it.value);
            model_given = 1;
            break;
        case O_SCORES:
            parse_scores(r, it.value);
            break;
        case O_POSITION:
            r->position = it.value;
            break;
        case O_REVIEW:
            r->review = it.value;
            break;
        case O_SEAT: /* the old name of --player (bfc-play's --seat counts from 0) */
        case O_PLAYER:
            if (parse_u64(it.value, 6, &u) != 0 || u < 1)
                msg_die(EXIT_USAGE, "bad %s '%s' (want a player, 1..6)",
                        id == O_SEAT ? "--seat" : "--player", it.value);
            r->seat = (int)u - 1;
            if (id == O_SEAT)
                msg_note("--seat %d is --player %d: players count from 1 here as everywhere "
                         "(bfc-play's old --seat counted from 0)",
                         (int)u, (int)u);
            break;
        case O_LEVEL:
        case O_ITERATIONS:
        case O_WORLDS:
        case O_SEED:
            search_option(r, id, it.value);
            search_given = 1;
            break;
        default: /* O_JSON */
            r->json = 1;
            break;
        }
    }
    if (r->formation + discard + (r->position != NULL) + (r->review != NULL) > 1)
        msg_die(EXIT_USAGE, "give one of --discard, --formation, --position, --review");
    if (search_given && !r->position && !r->review)
        msg_die(EXIT_USAGE,
                "--level, --iterations, --worlds and --seed go with --position or --review");
    /* --iterations alone sizes the deal solver too (worlds from the
       iterations, bfc_search_config), so it is never a knob that does
       nothing in the classic play */
    if (r->iterations_given && !r->worlds_given)
        r->search.worlds = 0;
    if (r->seat >= 0 && !r->review)
        msg_die(EXIT_USAGE, "--player goes with --review");
    if (r->review) {
        if (r->ncards || r->batch || r->role_given || r->players || r->teams || model_given ||
            r->have_scores || r->game != game_find("classic"))
            msg_die(EXIT_USAGE, "--review takes only the game record (and --player, --json, "
                                "--level, --iterations, --worlds, --seed): its rules are in the "
                                "record");
        return;
    }
    if (r->position) {
        if (r->ncards || r->batch || r->role_given || r->players || r->teams || r->have_scores ||
            r->game != game_find("classic"))
            msg_die(EXIT_USAGE, "--position takes only the saved game (and --json, --crib, --level, "
                                "--iterations, --worlds, --seed): its rules, players and scores "
                                "are in the save");
        return;
    }
    if (r->formation) {
        if (r->role_given || r->players || r->teams || r->game != game_find("classic") ||
            model_given || r->have_scores || r->batch)
            msg_die(EXIT_USAGE, "--formation takes only the five slots (and --json)");
        if (r->ncards != 5)
            msg_die(EXIT_USAGE, "--formation wants 5 slots, a card or ?? each (got %zu)",
                    r->ncards);
        size_t hidden = 0;
        for (size_t i = 0; i < 5; i++)
            hidden += r->cards[i] == BFC_CARD_HIDDEN;
        if (hidden > 3)
            msg_die(EXIT_USAGE, "--formation: at most 3 face-down slots (got %zu)", hidden);
        return;
    }
    discard_rules(r);
    if (!r->batch && check_hand(r, why, sizeof why) != 0)
        msg_die(EXIT_USAGE, "%s", why);
}
