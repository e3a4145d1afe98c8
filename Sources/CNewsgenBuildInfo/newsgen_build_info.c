#include "newsgen_build_info.h"

/* `make dist` writes this header into a folder of its own and adds that folder with -Xcc -I; no other
   build has it. The flag is the same for every commit, so a new commit recompiles this file alone. */
#if __has_include("newsgen_dist_commit.h")
#include "newsgen_dist_commit.h"
#endif

#ifndef NEWSGEN_COMMIT
#define NEWSGEN_COMMIT ""
#endif
#ifndef NEWSGEN_FULL_COMMIT
#define NEWSGEN_FULL_COMMIT ""
#endif
#ifndef NEWSGEN_ORIGIN
#define NEWSGEN_ORIGIN ""
#endif

const char *newsgen_build_commit(void) { return NEWSGEN_COMMIT; }
const char *newsgen_build_full_commit(void) { return NEWSGEN_FULL_COMMIT; }
const char *newsgen_build_origin(void) { return NEWSGEN_ORIGIN; }
