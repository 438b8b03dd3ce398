/*
 * The frozen 0.3 baseline: the library's search bot as 0.3 released it
 * (src/search.c at main 38dd994), kept outside the library so that the
 * strength dial (issue 35) and later searches can be measured against 0.3's
 * easy, medium and hard after the library's own search has changed. For the
 * tools and the ladder only (bfc-sim --bots base03-easy, base03-medium,
 * base03-hard); not installed, not part of the library's API.
 *
 * It is that code with its exported names prefixed base03_ (bfc_search_move
 * is base03_move, ...), written against the public header only and using
 * its public value types (bfc_search_config, bfc_search_stat,
 * bfc_search_info): the same rules, config, seed and sequence of decisions
 * give the same moves as bfc_search did in 0.3 (tests/test_baseline.c pins
 * a checksum of its moves over fixed games at each level). It still calls
 * the library for the rules, the belief's determinization, the discard
 * advice and the chance-of-winning table: if one of those changes what it
 * returns, the baseline changes too, and the pinned checksum says so.
 *
 * Every function behaves as its bfc_search_* original documented in bfc.h
 * of 0.3; the levels are 0.3's: easy 40 iterations and 8 worlds, medium
 * 300 and 24, hard 2400 and 200 (BFC_LEVEL_*).
 */
#ifndef EXAMPLES_BASE03_H
#define EXAMPLES_BASE03_H

#include <stddef.h>
#include <stdint.h>

#include "bfc.h"

typedef struct base03 base03;

void base03_config_init(bfc_search_config *cfg);
int base03_config_level(bfc_search_config *cfg, int level);
base03 *base03_new(const bfc_rules *rules, const bfc_search_config *cfg, int *status);
void base03_free(base03 *bot);
int base03_seed(base03 *bot, uint64_t seed);
int base03_move(base03 *bot, const bfc_game *game, bfc_move *out);
int base03_analyze(base03 *bot, const bfc_game *game, bfc_search_stat *out, size_t cap);
int base03_begin(base03 *bot, const bfc_game *game);
int base03_step(base03 *bot, uint32_t work);
int base03_result(base03 *bot, bfc_search_stat *out, size_t cap);
int base03_end(base03 *bot);
int base03_last(const base03 *bot, bfc_search_info *out);
int base03_interrupt(base03 *bot);

#endif
