#include "newsgen_build_info.h"

#ifndef NEWSGEN_COMMIT
#define NEWSGEN_COMMIT ""
#endif

const char *newsgen_build_commit(void) { return NEWSGEN_COMMIT; }
