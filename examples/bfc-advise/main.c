/*
 * bfc-advise -- exact advice (bfc-advise.h). It uses the public header
 * include/bfc.h only; `bfc-advise --help` documents the options and the
 * JSON.
 */
#include <string.h>

#include "bfc-advise.h"
#include "outcheck.h"

const char tool_name[] = "bfc-advise";

/* "5H" (or "??" for a face-down card). */
static const char *card(bfc_card c, char *buf, size_t cap)
{
    if (c == BFC_CARD_HIDDEN || bfc_card_format(c, 0, buf, cap) < 0)
        snprintf(buf, cap, "??");
    return buf;
}

/* n cards: "5H 5C" as text, or ["5H","5C"] in JSON. */
static void print_cards(FILE *out, const bfc_card *c, size_t n, int json)
{
    char buf[BFC_CARD_TEXT_MAX + 1];
    if (json)
        putc('[', out);
    for (size_t i = 0; i < n; i++)
        fprintf(out, json ? "%s\"%s\"" : "%s%s", i ? (json ? "," : " ") : "",
                card(c[i], buf, sizeof buf));
    if (json)
        putc(']', out);
}

/* The crib model in a sentence, for the text. */
static const char *model_text(int model)
{
    return model == BFC_CRIB_PLAYED ? "the other player throws as a sensible player does"
                                    : "the rest of the crib thrown at random";
}

void advise_discard(FILE *out, const struct request *r)
{
    bfc_discard_option opt[MAX_OPTIONS];
    int n;
    if (r->have_scores) { /* valued in wins: the library takes an observation */
        bfc_observation obs;
        discard_observation(r, &obs);
        n = bfc_advise_discard_win(&obs, r->crib_model, opt, MAX_OPTIONS);
    } else {
        n = bfc_advise_discard(&r->rules, r->cards, r->ncards, r->role, r->crib_model, opt, MAX_OPTIONS);
    }
    if (n < 0 || n > MAX_OPTIONS)
        msg_die(EXIT_USAGE, "%s: %s", r->have_scores ? "bfc_advise_discard_win" : "bfc_advise_discard",
                bfc_strerror(n));
    const int own = r->role != BFC_ROLE_PONE;
    const char *model = crib_model_name(r->crib_model);
    if (r->json) {
        fprintf(out, "{\"game\":\"%s\",\"players\":%d,\"role\":\"%s\",\"crib_model\":\"%s\",\"hand\":",
                r->game->name, r->players, role_name(r->role), model);
        print_cards(out, r->cards, r->ncards, 1);
        if (r->have_scores)
            fprintf(out, ",\"scores\":[%d,%d]", r->scores[0], r->scores[1]);
        fputs(",\"options\":[", out);
        for (int i = 0; i < n; i++) {
            fprintf(out, "%s{\"discard\":", i ? "," : "");
            print_cards(out, opt[i].discard, opt[i].ndiscard, 1);
            fputs(",\"keep\":", out);
            print_cards(out, opt[i].keep, opt[i].nkeep, 1);
            fprintf(out, ",\"to_crib\":%s,\"hand_ev\":%.9f,\"crib_ev\":%.9f,\"total_ev\":%.9f",
                    opt[i].to_crib ? "true" : "false", opt[i].hand_ev, opt[i].crib_ev,
                    opt[i].total_ev);
            if (r->have_scores)
                fprintf(out, ",\"win\":%.9f", opt[i].win);
            putc('}', out);
        }
        fputs("]}\n", out);
        return;
    }
    fprintf(out, "%s, %d player%s%s; hand ", r->game->title, r->players,
            r->players == 1 ? "" : "s", r->teams ? " in teams" : "");
    print_cards(out, r->cards, r->ncards, 0);
    fprintf(out, "\n%s: total = hand %s crib\n",
            r->role == BFC_ROLE_DEALER    ? "you deal, the crib is yours"
            : r->role == BFC_ROLE_PARTNER ? "your partner deals, the crib is your side's"
                                          : "another side deals, the crib is not yours",
            own ? "+" : "-");
    fprintf(out, "crib model: %s (%s,\nevery starter alike; the pegging is not counted)\n", model,
            model_text(r->crib_model));
    if (r->have_scores)
        fprintf(out, "scores: you %d, the other player %d, to %d; win: the chance of winning the\n"
                     "game with that discard (the play and the other show as measured), best first\n",
                r->scores[0], r->scores[1], r->rules.target);
    fprintf(out, "\n  %-8s %-14s %8s %8s %9s%s\n", "discard", "keep", "hand_ev", "crib_ev",
            "total_ev", r->have_scores ? "      win" : "");
    for (int i = 0; i < n; i++) {
        char d[16], k[24], w[16] = "";
        bfc_cards_format(opt[i].discard, opt[i].ndiscard, 0, d, sizeof d);
        bfc_cards_format(opt[i].keep, opt[i].nkeep, 0, k, sizeof k);
        if (r->have_scores)
            snprintf(w, sizeof w, " %7.1f%%", 100.0 * opt[i].win);
        fprintf(out, "  %-8s %-14s %8.3f %8.3f %9.3f%s%s\n", d, k, opt[i].hand_ev, opt[i].crib_ev,
                opt[i].total_ev, w, opt[i].to_crib ? "" : "  (thrown out of the deal)");
    }
}

static void advise_formation(const struct request *r)
{
    uint64_t unseen = (UINT64_C(1) << 53) - 1; /* the 52 cards and the joker */
    int hidden = 0;
    for (size_t i = 0; i < 5; i++) {
        if (r->cards[i] == BFC_CARD_HIDDEN)
            hidden++;
        else
            unseen &= ~(UINT64_C(1) << r->cards[i]);
    }
    double ev = 0;
    const int rc = bfc_advise_formation(r->cards, unseen, 0, &ev);
    if (rc != BFC_OK)
        msg_die(EXIT_USAGE, "bfc_advise_formation: %s", bfc_strerror(rc));
    const int nunseen = 53 - 5 + hidden;
    if (r->json) {
        printf("{\"formation\":");
        print_cards(stdout, r->cards, 5, 1);
        printf(",\"hidden\":%d,\"unseen\":%d,\"ev\":%.9f}\n", hidden, nunseen, ev);
        return;
    }
    printf("formation ");
    print_cards(stdout, r->cards, 5, 0);
    printf("\nexpected battlefield score: %.3f\n", ev);
    printf("(the best lay-away, over every turn card among the %d unseen cards%s)\n", nunseen,
           hidden ? ",\nthe face-down slots dealt from them too" : "");
}

int main(int argc, char **argv)
{
    struct request r;
    if (outcheck_open() != 0)
        return EXIT_FAIL;
    parse_options(argc, argv, &r);
    int status = EXIT_OK;
    if (r.position)
        status = run_position(stdout, &r);
    else if (r.review)
        status = run_review(stdout, &r);
    else if (r.batch)
        status = run_batch(stdin, stdout, &r);
    else if (r.formation)
        advise_formation(&r);
    else
        advise_discard(stdout, &r);
    if (outcheck_close() != 0) /* every mode: a failed write is an error */
        return EXIT_FAIL;
    return status;
}
