/* Status messages and the library version. */
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
    default: return "unknown status";
    }
}
