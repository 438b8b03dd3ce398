/* The review of a game, decision by decision (bfc.h, "Review"), and game
 * records. Written against the public API only: a review is what a
 * program could do with the search bot's analysis, done once here so that
 * every face (the tools, the bindings, the page) grades alike. */
#include <stdlib.h>
#include <string.h>

#include "bfc.h"
#include "reviewtext.h"

const char *bfc_grade_name(int grade)
{
    switch (grade) {
    case BFC_GRADE_BEST: return "best";
    case BFC_GRADE_INACCURACY: return "inaccuracy";
    case BFC_GRADE_MISTAKE: return "mistake";
    case BFC_GRADE_BLUNDER: return "blunder";
    case BFC_GRADE_UNRATED: return "unrated";
    default: return "?";
    }
}

const char *bfc_stage_name(int stage)
{
    switch (stage) {
    case BFC_STAGE_DISCARD: return "discard";
    case BFC_STAGE_PLAY: return "play";
    case BFC_STAGE_TURN: return "turn";
    case BFC_STAGE_LAYAWAY: return "lay-away";
    default: return "?";
    }
}

void bfc_review_config_init(bfc_review_config *cfg)
{
    if (!cfg)
        return;
    memset(cfg, 0, sizeof *cfg);
    bfc_search_config_init(&cfg->search);
    cfg->seat = -1;
}

static int stage_of(int phase)
{
    switch (phase) {
    case BFC_PHASE_DISCARD: return BFC_STAGE_DISCARD;
    case BFC_PHASE_PLAY: return BFC_STAGE_PLAY;
    case BFC_PHASE_LAYAWAY: return BFC_STAGE_LAYAWAY;
    case BFC_PHASE_REVEAL:
    case BFC_PHASE_TURN:
    case BFC_PHASE_DRAWN: return BFC_STAGE_TURN;
    default: return -1; /* muggins, over: not graded */
    }
}

static int grade_of(double lost, double inaccuracy, double mistake, double blunder)
{
    return lost >= blunder      ? BFC_GRADE_BLUNDER
           : lost >= mistake    ? BFC_GRADE_MISTAKE
           : lost >= inaccuracy ? BFC_GRADE_INACCURACY
                                : BFC_GRADE_BEST;
}

/* The smallest loss in chances of winning of the grade after g. */
static double next_win_grade(int g)
{
    return g == BFC_GRADE_BEST         ? BFC_REVIEW_WIN_INACCURACY
           : g == BFC_GRADE_INACCURACY ? BFC_REVIEW_WIN_MISTAKE
                                       : BFC_REVIEW_WIN_BLUNDER;
}

/* The slot of a lay-away move (0..4). */
static int made_as_slot(bfc_move m)
{
    const int slot = (int)m - (int)BFC_MOVE_LAYAWAY;
    return slot >= 0 && slot < 5 ? slot : 0;
}

/* Is the seat to move of game at a decision the review grades? The
 * number of legal moves into *nlegal; 1 when graded. */
static int is_decision(const bfc_game *game, int *nlegal)
{
    const int n = bfc_game_legal_moves(game, NULL, 0);
    *nlegal = n;
    return n > 1 && stage_of(bfc_game_phase(game)) >= 0;
}

/* The standard error of a search's difference between two root moves'
 * means, times BFC_REVIEW_SURE: each mean is of its visits (ISMCTS
 * iterations or the solver's worlds) of outcomes in 0..1, whose variance
 * is at most p (1 - p), p taken as (wins + 1) / (visits + 2) so that a
 * mean of 0 or 1 over few visits is not called certain. */
static double uncertainty(const bfc_search_stat *a, const bfc_search_stat *b)
{
    double var = 0;
    const bfc_search_stat *ab[2] = {a, b};
    for (int i = 0; i < 2; i++) {
        const double n = (double)ab[i]->visits;
        if (n < 1)
            return 1.0;
        const double p = (ab[i]->value * n + 1) / (n + 2);
        var += p * (1 - p) / n;
    }
    return BFC_REVIEW_SURE * bfc__sqrt(var);
}

/* A review's progress: the callback, and where the review is. */
typedef struct progress {
    bfc_review_progress fn;
    void *ctx;
    size_t done, total;
} progress;

#define REVIEW_STEP 64 /* search units between two calls of the callback */

/* bfc_search_analyze() in steps of REVIEW_STEP, the callback called after
 * each (p NULL: none); BFC_EINTR when it returns nonzero. */
static int analyze(bfc_search *bot, const bfc_game *game, bfc_search_stat *st, size_t cap,
                   const progress *p)
{
    int rc = bfc_search_begin(bot, game);
    if (rc < 0)
        return rc;
    while ((rc = bfc_search_step(bot, REVIEW_STEP)) == 0)
        if (p && p->fn && p->fn(p->ctx, p->done, p->total) != 0) {
            rc = BFC_EINTR;
            break;
        }
    if (rc < 0) {
        bfc_search_end(bot);
        return rc;
    }
    rc = bfc_search_result(bot, st, cap);
    bfc_search_end(bot);
    return rc;
}

/* bfc_review_move(), and in *choices how many moves the analysis told
 * apart (moves alike counted once). */
static int review_one(bfc_search *bot, const bfc_game *game, bfc_move made, bfc_review_entry *out,
                      int *choices, const progress *p)
{
    if (!bot || !game || !out || bfc_game_over(game) != 0)
        return BFC_EINVAL;
    bfc_move legal[BFC_MAX_MOVES];
    int nlegal;
    if (!is_decision(game, &nlegal))
        return BFC_EINVAL;
    const int nl = bfc_game_legal_moves(game, legal, BFC_MAX_MOVES);
    int found = 0;
    for (int i = 0; i < nl && i < BFC_MAX_MOVES; i++)
        found |= legal[i] == made;
    if (!found)
        return BFC_EILLEGAL;
    bfc_search_stat st[BFC_MAX_MOVES];
    const int n = analyze(bot, game, st, BFC_MAX_MOVES, p);
    if (n < 0)
        return n;
    const int m = n < BFC_MAX_MOVES ? n : BFC_MAX_MOVES;
    /* the move made, and the one whose figures it carries */
    int at = -1;
    for (int i = 0; i < m; i++)
        if (st[i].move == made)
            at = i;
    if (at < 0)
        return BFC_EINVAL; /* the analysis lists every legal move: cannot be */
    const bfc_move as = st[at].same_as;
    int rep = at, rank = 0;
    for (int i = 0; i < m; i++)
        if (st[i].move == as)
            rep = i;
    for (int i = 0; i < rep; i++)
        rank += st[i].same_as == st[i].move; /* count moves alike as one */
    *choices = 0;
    for (int i = 0; i < m; i++)
        *choices += st[i].same_as == st[i].move;

    bfc_review_entry e;
    memset(&e, 0, sizeof e);
    const int seat = bfc_game_to_move(game);
    const int phase = bfc_game_phase(game);
    bfc_observation o;
    bfc_game_observe(game, seat, &o);
    e.ply = 0;
    e.deal = o.skirmish;
    e.seat = (uint8_t)seat;
    e.phase = (uint8_t)phase;
    e.stage = (uint8_t)stage_of(phase);
    e.nlegal = (uint8_t)nlegal;
    e.rank = (uint8_t)(rank > 255 ? 255 : rank);
    const int side = bfc_game_side_of(game, seat);
    int other = -1;
    for (int s = 0; s < o.sides; s++)
        if (s != side && (other < 0 || o.score[s] > other))
            other = o.score[s];
    e.score[0] = o.score[side];
    e.score[1] = (int16_t)(other < 0 ? 0 : other);
    e.made = made;
    e.made_as = as;
    e.best = st[0].move;
    e.made_win = st[rep].value;
    e.tries = phase == BFC_PHASE_DISCARD ? 0 : st[rep].visits;
    e.best_win = st[0].value;
    const int alike = as == st[0].move || (st[rep].wins_now && st[0].wins_now);
    e.has_points = (uint8_t)(phase == BFC_PHASE_DISCARD || phase == BFC_PHASE_LAYAWAY);
    if (phase == BFC_PHASE_LAYAWAY) { /* the hand's points, exact */
        bfc_battlefield b;
        const unsigned any = o.rules.flags & BFC_RULE_ANY_LAY_AWAY ? BFC_ANY_LAY_AWAY : 0u;
        if (bfc_score_battlefield(o.formation[seat], o.turn_card, any, &b) >= 0) {
            st[rep].points = b.by_lay_away[(made_as_slot(as))].total;
            st[0].points = b.by_lay_away[made_as_slot(st[0].move)].total;
        } else {
            e.has_points = 0;
        }
    }
    if (e.has_points) {
        e.made_points = st[rep].points;
        e.best_points = st[0].points;
        e.points_lost = alike || e.best_points <= e.made_points ? 0 : e.best_points - e.made_points;
    }
    const int valued = e.made_win >= 0 && e.best_win >= 0;
    int unsure = 0; /* the chances differ by less than the search can tell */
    double win_margin = 0; /* the uncertainty of the loss (d - margin .. d + margin) */
    if (valued && !alike && phase != BFC_PHASE_DISCARD) {
        /* a search's means are estimates: the loss graded is the one the
           bot is sure of, the difference less BFC_REVIEW_SURE standard
           errors of it */
        double d = e.best_win - e.made_win, margin = uncertainty(&st[0], &st[rep]);
        if (d >= BFC_REVIEW_WIN_INACCURACY && d - margin < BFC_REVIEW_WIN_INACCURACY) {
            /* the search gave the move made too few tries to tell: a
               second search of the two moves alone, each tried as often,
               at the same budget (so that a review never says more than
               a hint at its level could know) */
            const bfc_move two[2] = {st[0].move, as};
            bfc_search_stat st2[2];
            const int rc = bfc__search_restrict(bot, two, 2, 0);
            const int n2 = rc == BFC_OK ? analyze(bot, game, st2, 2, p) : rc;
            if (n2 < 0)
                return n2;
            /* searched first: the two, the bot's choice at b */
            const int b = st2[0].move == two[0] ? 0 : 1;
            if (n2 >= 2 && st2[b].move == two[0] && st2[1 - b].move == two[1] &&
                st2[b].visits && st2[1 - b].visits) {
                e.best_win = st2[b].value;
                e.made_win = st2[1 - b].value;
                e.tries = st2[1 - b].visits;
                d = e.best_win - e.made_win;
                margin = uncertainty(&st2[b], &st2[1 - b]);
            }
        }
        e.win_lost = d > margin ? d - margin : 0.0;
        win_margin = margin;
        unsure = e.win_lost < BFC_REVIEW_WIN_INACCURACY;
    } else if (valued && !alike && e.best_win > e.made_win) {
        e.win_lost = e.best_win - e.made_win; /* a discard's advice: exact */
    }
    const int decided =
        valued && (e.best_win < BFC_REVIEW_DECIDED || e.best_win > 1 - BFC_REVIEW_DECIDED);
    if (alike)
        e.grade = BFC_GRADE_BEST;
    else if (e.has_points && (!valued || decided || unsure)) {
        /* the chance of winning cannot tell: the points are exact */
        e.by_points = 1;
        e.grade = (uint8_t)grade_of(e.points_lost, BFC_REVIEW_POINTS_INACCURACY,
                                    BFC_REVIEW_POINTS_MISTAKE, BFC_REVIEW_POINTS_BLUNDER);
        /* graded by points because the chance could not tell: another
           seed, sure of the chance, may grade it by that */
        e.close = (uint8_t)unsure;
    } else if (valued) {
        e.grade = (uint8_t)grade_of(e.win_lost, BFC_REVIEW_WIN_INACCURACY, BFC_REVIEW_WIN_MISTAKE,
                                    BFC_REVIEW_WIN_BLUNDER);
        /* best within the uncertainty, or a loss whose interval reaches
           the next grade: another seed may grade it otherwise */
        e.close = (uint8_t)(unsure || (e.grade < BFC_GRADE_BLUNDER &&
                                       e.win_lost + 2 * win_margin >= next_win_grade(e.grade)));
    } else
        e.grade = BFC_GRADE_UNRATED;
    *out = e;
    return BFC_OK;
}

int bfc_review_move(bfc_search *bot, const bfc_game *game, bfc_move made, bfc_review_entry *out)
{
    int choices;
    return review_one(bot, game, made, out, &choices, NULL);
}

int bfc_review_game_part(bfc_search *bot, const bfc_game *start, size_t first,
                         const bfc_move *moves, size_t n, int seat, bfc_review_entry *out,
                         size_t cap, bfc_review_progress fn, void *ctx)
{
    /* the plies are uint32_t (bfc_review_entry.ply) */
    const uint64_t n64 = n, first64 = first;
    if (!bot || !start || (!moves && n > 0) || (!out && cap > 0) || n64 > UINT32_MAX ||
        first64 > UINT32_MAX - n64)
        return BFC_EINVAL;
    const bfc_rules *rules = bfc_game_rules(start);
    const bfc_search_config *sc = bfc__search_config(bot);
    /* a bot of other rules is refused even when no decision would reach
       it (issue 39: fuzz_review found 0 returned for it) */
    if (sc->value != BFC_SEARCH_WIN || seat < -1 || seat >= rules->players ||
        memcmp(bfc__search_rules(bot), rules, sizeof *rules) != 0)
        return BFC_EINVAL;
    bfc_game *g = bfc_game_clone(start);
    if (!g)
        return BFC_ENOMEM;
    int status = bfc__search_keep_stop(bot, 1); /* EINVAL: a decision in steps */
    const int kept = status == BFC_OK;
    /* the moves are checked before anything is written */
    for (size_t k = 0; k < n && status == BFC_OK; k++)
        if (bfc_game_apply(g, moves[k], NULL, 0, NULL) != BFC_OK)
            status = BFC_EILLEGAL;
    size_t graded = 0;
    if (status == BFC_OK)
        bfc_game_copy(g, start);
    /* the plies and seeds are the whole game's: decision first + k */
    progress p = {fn, ctx, first, first + n};
    for (size_t k = 0; k < n && status == BFC_OK; k++) {
        p.done = first + k;
        if (bfc__search_stopped(bot) || (fn && fn(ctx, p.done, p.total) != 0) ||
            bfc__search_stopped(bot)) {
            status = BFC_EINTR;
            break;
        }
        int nlegal;
        const int who = bfc_game_to_move(g);
        if ((seat < 0 || seat == who) && is_decision(g, &nlegal)) {
            bfc_review_entry e;
            bfc_search_seed(bot, bfc_sim_game_seed(sc->seed, first + k));
            int choices = 0;
            status = review_one(bot, g, moves[k], &e, &choices, &p);
            if (status == BFC_OK && choices > 1) { /* else every move was alike */
                e.ply = (uint32_t)(first + k);
                if (graded < cap)
                    out[graded] = e;
                graded++;
            }
        }
        if (status == BFC_OK && bfc_game_apply(g, moves[k], NULL, 0, NULL) != BFC_OK)
            status = BFC_EILLEGAL;
    }
    if (status == BFC_OK && fn && fn(ctx, p.total, p.total) != 0)
        status = BFC_EINTR;
    if (kept)
        bfc__search_keep_stop(bot, 0);
    bfc_game_free(g);
    if (status != BFC_OK)
        return status;
    return graded > (size_t)0x7FFFFFFF ? BFC_EINVAL : (int)graded;
}

int bfc_review_game_with(bfc_search *bot, const bfc_game *start, const bfc_move *moves, size_t n,
                         int seat, bfc_review_entry *out, size_t cap, bfc_review_progress fn,
                         void *ctx)
{
    return bfc_review_game_part(bot, start, 0, moves, n, seat, out, cap, fn, ctx);
}

int bfc_review_game(const bfc_game *start, const bfc_move *moves, size_t n,
                    const bfc_review_config *cfg, bfc_review_entry *out, size_t cap)
{
    bfc_review_config def;
    if (!cfg) {
        bfc_review_config_init(&def);
        cfg = &def;
    }
    if (!start || (!moves && n > 0) || (!out && cap > 0))
        return BFC_EINVAL;
    const bfc_rules *rules = bfc_game_rules(start);
    if (cfg->search.value != BFC_SEARCH_WIN || cfg->seat < -1 || cfg->seat >= rules->players)
        return BFC_EINVAL;
    int status = BFC_OK;
    bfc_search *bot = bfc_search_new(rules, &cfg->search, &status);
    if (!bot)
        return status == BFC_ENOMEM ? BFC_ENOMEM : BFC_EINVAL;
    const int rc = bfc_review_game_with(bot, start, moves, n, cfg->seat, out, cap, NULL, NULL);
    bfc_search_free(bot);
    return rc;
}

static void tally_add(bfc_review_tally *t, const bfc_review_entry *e)
{
    t->decisions++;
    if (e->grade < 5)
        t->grades[e->grade]++;
    t->win_lost += e->win_lost;
    t->points_lost += e->points_lost;
}

int bfc_review_summarize(const bfc_review_entry *entries, size_t n, int seat,
                         bfc_review_summary *out)
{
    if (!out || (!entries && n > 0) || seat < -1)
        return BFC_EINVAL;
    bfc_review_summary s;
    memset(&s, 0, sizeof s);
    uint32_t last_deal = 0;
    int any = 0;
    for (size_t i = 0; i < n; i++) {
        const bfc_review_entry *e = &entries[i];
        if (seat >= 0 && e->seat != seat)
            continue;
        /* the entries come in the game's order: a new deal number is a new deal */
        if (!any || e->deal != last_deal)
            s.deals++;
        any = 1;
        last_deal = e->deal;
        tally_add(&s.all, e);
        if (e->stage < BFC_STAGES)
            tally_add(&s.stage[e->stage], e);
    }
    *out = s;
    return BFC_OK;
}

/* ---- Text -------------------------------------------------------------- */

int bfc_review_format(const bfc_review_entry *e, unsigned flags, char *buf, size_t cap)
{
    if (!e || (!buf && cap > 0) || (flags & ~BFC_UNICODE))
        return BFC_EINVAL;
    char made[BFC_MOVE_TEXT_MAX + 16], best[BFC_MOVE_TEXT_MAX + 16];
    if (bfc__move_text(e->made, flags, made, sizeof made) < 0 ||
        bfc__move_text(e->best, flags, best, sizeof best) < 0)
        return BFC_EINVAL;
    rtext t = {buf, cap, 0};
    bfc__rt_put(&t, e->phase == BFC_PHASE_LAYAWAY || e->stage >= BFC_STAGE_TURN ? "skirmish " : "deal ");
    bfc__rt_num(&t, e->deal);
    bfc__rt_put(&t, ", player ");
    bfc__rt_num(&t, e->seat + 1);
    bfc__rt_put(&t, ", ");
    bfc__rt_put(&t, made);
    bfc__rt_put(&t, ": ");
    bfc__rt_put(&t, bfc_grade_name(e->grade));
    if (e->grade == BFC_GRADE_BEST) {
        if (e->made_win >= 0) {
            bfc__rt_put(&t, " (");
            bfc__rt_pct(&t, e->made_win);
            bfc__rt_put(&t, ")");
        } else if (e->has_points) {
            bfc__rt_put(&t, " (");
            bfc__rt_fixed(&t, e->made_points, 2);
            bfc__rt_put(&t, " points)");
        }
        if (e->close) {
            bfc__rt_put(&t, ", close: ");
            bfc__rt_put(&t, best);
            bfc__rt_put(&t, " (");
            bfc__rt_pct(&t, e->best_win);
            bfc__rt_put(&t, ") is no better within what the search can tell");
        }
        if (e->made != e->best && e->made_as == e->best) {
            bfc__rt_put(&t, ", the same as ");
            bfc__rt_put(&t, best);
        }
        return bfc__rt_end(&t);
    }
    if (e->close && !e->by_points && e->grade < BFC_GRADE_BLUNDER) {
        bfc__rt_put(&t, " (close to a ");
        bfc__rt_put(&t, bfc_grade_name(e->grade + 1));
        bfc__rt_put(&t, ")");
    }
    if (e->grade != BFC_GRADE_UNRATED && e->made_win >= 0 && e->best_win >= 0) {
        bfc__rt_put(&t, e->tries ? ", at least " : ", ");
        bfc__rt_pct(&t, e->win_lost);
        bfc__rt_put(&t, " of the chance of winning lost (");
        bfc__rt_pct(&t, e->made_win);
        if (e->tries) {
            bfc__rt_put(&t, " in ");
            bfc__rt_num(&t, e->tries);
            bfc__rt_put(&t, e->tries == 1 ? " try" : " tries");
        }
        bfc__rt_put(&t, " where ");
        bfc__rt_pct(&t, e->best_win);
        bfc__rt_put(&t, " was there)");
        if (e->has_points)
            bfc__rt_put(&t, " and ");
    } else if (e->has_points) {
        bfc__rt_put(&t, ", ");
    }
    if (e->has_points) {
        bfc__rt_fixed(&t, e->points_lost, 2);
        bfc__rt_put(&t, " points");
        if (e->by_points)
            bfc__rt_put(&t, e->close ? " lost (graded by points: the chance of winning could not tell)"
                                     : " lost (graded by points)");
    }
    bfc__rt_put(&t, "; best: ");
    bfc__rt_put(&t, best);
    return bfc__rt_end(&t);
}

static void tally_line(rtext *t, const bfc_review_tally *y, uint32_t deals)
{
    bfc__rt_num(t, (long long)y->decisions);
    bfc__rt_put(t, y->decisions == 1 ? " decision" : " decisions");
    static const char *const plural[4] = {"best", "inaccuracies", "mistakes", "blunders"};
    static const char *const single[4] = {"best", "inaccuracy", "mistake", "blunder"};
    for (int g = 0; g < 4; g++) {
        bfc__rt_put(t, g == 0 ? ": " : ", ");
        bfc__rt_num(t, y->grades[g]);
        bfc__rt_put(t, " ");
        bfc__rt_put(t, y->grades[g] == 1 ? single[g] : plural[g]);
    }
    if (y->grades[BFC_GRADE_UNRATED]) {
        bfc__rt_put(t, ", ");
        bfc__rt_num(t, y->grades[BFC_GRADE_UNRATED]);
        bfc__rt_put(t, " unrated");
    }
    const double d = deals ? (double)deals : 1.0;
    bfc__rt_put(t, "; lost per deal: ");
    bfc__rt_pct(t, y->win_lost / d);
    bfc__rt_put(t, " of the chance of winning");
    if (y->points_lost > 0) {
        bfc__rt_put(t, ", ");
        bfc__rt_fixed(t, y->points_lost / d, 2);
        bfc__rt_put(t, " points");
    }
    bfc__rt_put(t, "\n");
}

int bfc_review_summary_format(const bfc_review_summary *s, char *buf, size_t cap)
{
    if (!s || (!buf && cap > 0))
        return BFC_EINVAL;
    rtext t = {buf, cap, 0};
    bfc__rt_num(&t, s->deals);
    bfc__rt_put(&t, s->deals == 1 ? " deal, " : " deals, ");
    tally_line(&t, &s->all, s->deals);
    for (int k = 0; k < BFC_STAGES; k++) {
        if (!s->stage[k].decisions)
            continue;
        bfc__rt_put(&t, "  ");
        bfc__rt_put(&t, bfc_stage_name(k));
        bfc__rt_put(&t, ": ");
        tally_line(&t, &s->stage[k], s->deals);
    }
    return bfc__rt_end(&t);
}

/* ---- Records ----------------------------------------------------------- */

static int record_write(rtext *t, const bfc_game *start, const uint64_t *seed,
                        const bfc_move *moves, size_t n)
{
    bfc__rt_put(t, "bfc-record 1\nseed ");
    if (seed)
        bfc__rt_unum(t, *seed);
    else
        bfc__rt_put(t, "-");
    bfc__rt_put(t, "\n");
    /* the save, written straight into the buffer after what is there */
    const size_t room = t->len < t->cap ? t->cap - t->len : 0;
    const int len = bfc_game_save(start, room ? t->buf + t->len : NULL, room);
    if (len < 0)
        return len;
    t->len += (size_t)len;
    if (room && t->len >= t->cap) /* cut: bfc_game_save ended it with a NUL */
        t->buf[t->cap - 1] = 0;
    bfc__rt_put(t, "moves ");
    bfc__rt_num(t, (long long)n);
    bfc__rt_put(t, "\n");
    for (size_t k = 0; k < n; k++) {
        char mt[BFC_MOVE_TEXT_MAX];
        if (bfc_move_format(moves[k], mt, sizeof mt) < 0)
            return BFC_EILLEGAL;
        bfc__rt_put(t, mt);
        bfc__rt_put(t, "\n");
    }
    return BFC_OK;
}

int bfc_record_format(const bfc_game *start, const uint64_t *seed, const bfc_move *moves, size_t n,
                      char *buf, size_t cap)
{
    if (!start || (!moves && n > 0) || (!buf && cap > 0))
        return BFC_EINVAL;
    bfc_game *g = bfc_game_clone(start);
    if (!g)
        return BFC_ENOMEM;
    int rc = BFC_OK;
    for (size_t k = 0; k < n && rc == BFC_OK; k++)
        if (bfc_game_apply(g, moves[k], NULL, 0, NULL) != BFC_OK)
            rc = BFC_EILLEGAL;
    bfc_game_free(g);
    if (rc != BFC_OK)
        return rc;
    rtext t = {buf, cap, 0};
    rc = record_write(&t, start, seed, moves, n);
    if (rc != BFC_OK)
        return rc;
    if (t.len > 0x7FFFFFFF)
        return BFC_EINVAL;
    return bfc__rt_end(&t);
}

/* One line of text at *p: its start and length without the line end; *p
 * moves past it. 0 at the end of the text, -1 for a line not ended. */
static int next_line(const char **p, const char **s, size_t *len)
{
    if (!**p)
        return 0;
    const char *e = strchr(*p, '\n');
    if (!e)
        return -1;
    *s = *p;
    *len = (size_t)(e - *p);
    if (*len && (*p)[*len - 1] == '\r')
        (*len)--;
    *p = e + 1;
    return 1;
}

static int fail(bfc_record_error *err, size_t line, int status, const char *what)
{
    if (err) {
        err->line = line;
        err->status = status;
        err->what = what;
    }
    return status;
}

/* A decimal number of at most 20 digits up to max, the whole of s[0..len). */
static int parse_u64(const char *s, size_t len, uint64_t max, uint64_t *out)
{
    if (len == 0 || len > 20)
        return -1;
    uint64_t v = 0;
    for (size_t i = 0; i < len; i++) {
        if (s[i] < '0' || s[i] > '9')
            return -1;
        const uint64_t d = (uint64_t)(s[i] - '0');
        if (v > (max - d) / 10)
            return -1;
        v = v * 10 + d;
    }
    *out = v;
    return 0;
}

int bfc_record_parse(const char *text, bfc_game **start, uint64_t *seed, int *seeded,
                     bfc_move *moves, size_t cap, bfc_record_error *err)
{
    if (!text || !start || (!moves && cap > 0) || (!seed) != (!seeded))
        return fail(err, 0, BFC_EINVAL, "a NULL argument");
    const char *p = text, *s;
    size_t len, line = 1;
    int r = next_line(&p, &s, &len);
    if (r <= 0 || len < 11 || memcmp(s, "bfc-record ", 11) != 0)
        return fail(err, 1, BFC_EPARSE,
                    "not a game record: the first line is not \"bfc-record 1\"");
    uint64_t version;
    if (parse_u64(s + 11, len - 11, 1000000, &version) != 0)
        return fail(err, 1, BFC_EPARSE, "the record's version is not a number");
    if (version != BFC_RECORD_VERSION)
        return fail(err, 1, BFC_EVERSION, "a record of a version this library does not read");
    line++;
    if (next_line(&p, &s, &len) <= 0 || len < 5 || memcmp(s, "seed ", 5) != 0)
        return fail(err, line, BFC_EPARSE, "the second line is not \"seed N\" or \"seed -\"");
    uint64_t sd = 0;
    const int has_seed = !(len == 6 && s[5] == '-');
    if (has_seed && parse_u64(s + 5, len - 5, UINT64_MAX, &sd) != 0)
        return fail(err, line, BFC_EPARSE, "the seed is not a number from 0 to 2^64 - 1 or -");
    /* the save runs from here to the line "moves N" */
    const char *save = p;
    const size_t save_line = line + 1;
    const char *save_end = NULL;
    uint64_t nmoves = 0;
    for (;;) {
        line++;
        const char *at = p;
        r = next_line(&p, &s, &len);
        if (r == 0)
            return fail(err, line, BFC_EPARSE, "no \"moves N\" line after the start");
        if (r < 0)
            return fail(err, line, BFC_EPARSE, "the last line is not ended");
        if (len >= 6 && memcmp(s, "moves ", 6) == 0) {
            if (parse_u64(s + 6, len - 6, 100000000, &nmoves) != 0)
                return fail(err, line, BFC_EPARSE, "the number of moves is not a number");
            save_end = at;
            break;
        }
    }
    const size_t moves_line = line;
    /* the moves' text, checked before the start is loaded, and before a
       count is returned: a caller makes room for it, so it is never more
       than the text holds (issue 39: "moves 100000000" in 466 bytes) */
    const char *mp = p;
    for (uint64_t k = 0; k < nmoves; k++) {
        line++;
        r = next_line(&mp, &s, &len);
        if (r <= 0)
            return fail(err, line, BFC_EPARSE,
                        r == 0 ? "fewer moves than the \"moves\" line says"
                               : "the last line is not ended");
        char mt[64];
        bfc_move m;
        if (len >= sizeof mt || (memcpy(mt, s, len), mt[len] = 0, bfc_move_parse(mt, &m) != BFC_OK))
            return fail(err, line, BFC_EPARSE, "not a move");
    }
    if (next_line(&mp, &s, &len) != 0)
        return fail(err, line + 1, BFC_EPARSE, "more lines than the \"moves\" line says");
    if (nmoves > cap)
        return (int)nmoves;
    /* the start */
    const size_t slen = (size_t)(save_end - save);
    char *copy = malloc(slen + 1);
    if (!copy)
        return fail(err, 0, BFC_ENOMEM, "out of memory");
    memcpy(copy, save, slen);
    copy[slen] = 0;
    bfc_game *g = NULL;
    bfc_record_error in;
    const int lrc = bfc_game_load_report(&g, copy, &in);
    free(copy);
    /* the save's own line at fault, as a line of the record */
    if (lrc != BFC_OK && lrc != BFC_ENOMEM && in.line > 0)
        return fail(err, save_line + in.line - 1, BFC_ESTATE, in.what);
    if (lrc != BFC_OK)
        return fail(err, save_line, lrc == BFC_ENOMEM ? BFC_ENOMEM : BFC_ESTATE,
                    lrc == BFC_EVERSION
                        ? "the start is a save of a format this library does not read"
                        : "the start is not a saved game that loads");
    if (has_seed) { /* the seed must make that very start */
        int st;
        bfc_game *fresh = bfc_game_new(bfc_game_rules(g), sd, &st);
        int same = 0;
        if (fresh) {
            const int a = bfc_game_save(g, NULL, 0), b = bfc_game_save(fresh, NULL, 0);
            char *x = a > 0 ? malloc((size_t)a + 1) : NULL,
                 *y = b > 0 ? malloc((size_t)b + 1) : NULL;
            if (x && y && a == b) {
                bfc_game_save(g, x, (size_t)a + 1);
                bfc_game_save(fresh, y, (size_t)b + 1);
                same = memcmp(x, y, (size_t)a) == 0;
            }
            if ((a > 0 && !x) || (b > 0 && !y))
                st = BFC_ENOMEM;
            free(x);
            free(y);
            bfc_game_free(fresh);
        }
        if (!same) {
            bfc_game_free(g);
            if (!fresh || st == BFC_ENOMEM)
                return fail(err, 0, BFC_ENOMEM, "out of memory");
            return fail(err, 2, BFC_ESTATE, "the seed does not make the start written below it");
        }
    }
    /* the moves, each legal where it comes */
    bfc_game *w = bfc_game_clone(g);
    if (!w) {
        bfc_game_free(g);
        return fail(err, 0, BFC_ENOMEM, "out of memory");
    }
    bfc_move tmp;
    mp = p;
    line = moves_line;
    for (uint64_t k = 0; k < nmoves; k++) {
        line++;
        next_line(&mp, &s, &len);
        char mt[64];
        memcpy(mt, s, len);
        mt[len] = 0;
        bfc_move_parse(mt, &tmp);
        if (bfc_game_apply(w, tmp, NULL, 0, NULL) != BFC_OK) {
            const int over = bfc_game_over(w) == 1;
            bfc_game_free(w);
            bfc_game_free(g);
            return fail(err, line, BFC_EILLEGAL,
                        over ? "a move after the game is over" : "a move that is not legal there");
        }
    }
    bfc_game_free(w);
    /* all good: now the moves are written */
    mp = p;
    for (uint64_t k = 0; k < nmoves; k++) {
        next_line(&mp, &s, &len);
        char mt[64];
        memcpy(mt, s, len);
        mt[len] = 0;
        bfc_move_parse(mt, &moves[k]);
    }
    *start = g;
    if (seed) {
        *seed = has_seed ? sd : 0;
        *seeded = has_seed;
    }
    if (err) {
        err->line = 0;
        err->status = BFC_OK;
        err->what = NULL;
    }
    return (int)nmoves;
}
