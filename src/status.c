/* Status messages, the library version and the sizes of its structs. */
#include <string.h>

#include "internal.h"

int bfc_version(void) { return BFC_VERSION_NUMBER; }

const char *bfc_version_string(void) { return BFC_VERSION_STRING; }

const char *bfc_strerror(int status)
{
    switch (status) {
    case BFC_OK: return "success";
    case BFC_EINVAL: return "invalid argument";
    case BFC_ECARD: return "not a card";
    case BFC_EDUP: return "duplicate card";
    case BFC_EJOKER: return "joker not allowed here";
    case BFC_ECOUNT: return "count above 31";
    case BFC_EPARSE: return "cannot parse";
    case BFC_ENOMEM: return "out of memory";
    case BFC_EILLEGAL: return "illegal move";
    case BFC_EVERSION: return "unknown format version";
    case BFC_ESTATE: return "inconsistent game state";
    case BFC_EHIDDEN: return "depends on hidden cards";
    case BFC_EINTR: return "search interrupted";
    default: return "unknown status";
    }
}

size_t bfc_struct_size(const char *name)
{
#define SIZE(t) {#t, sizeof(t)}
    static const struct {
        const char *name;
        size_t size;
    } sizes[] = {SIZE(bfc_rules),           SIZE(bfc_observation), SIZE(bfc_event),
                 SIZE(bfc_item),            SIZE(bfc_hand_score),  SIZE(bfc_battlefield),
                 SIZE(bfc_frontline),       SIZE(bfc_frontline_score), SIZE(bfc_peg_score),
                 SIZE(bfc_parse_error),     SIZE(bfc_board),       SIZE(bfc_hole),
                 SIZE(bfc_move_info),       SIZE(bfc_preset),      SIZE(bfc_sim_result),
                 SIZE(bfc_discard_option),  SIZE(bfc_search_config), SIZE(bfc_search_stat),
                 SIZE(bfc_search_info),
                 /* since issue 32 */
                 SIZE(bfc_review_entry),    SIZE(bfc_review_config), SIZE(bfc_review_tally),
                 SIZE(bfc_review_summary),  SIZE(bfc_record_error)};
#undef SIZE
    for (size_t i = 0; name && i < sizeof sizes / sizeof sizes[0]; i++)
        if (strcmp(name, sizes[i].name) == 0)
            return sizes[i].size;
    return 0;
}
