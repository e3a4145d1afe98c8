#ifndef NEWSGEN_BUILD_INFO_H
#define NEWSGEN_BUILD_INFO_H

/* What `make dist` knew about the source it built: it writes these into newsgen_dist_commit.h (see the .c
   file); "" for any other build. Not a generated Swift file, so that no build leaves the tree changed (ADR 041). */

/* The commit `newsgen --version` names: 12 characters, "+dirty" when tracked files differed from it. */
const char *newsgen_build_commit(void);
/* The same commit in full (40 characters), which a workflow can fetch (ADR 054). */
const char *newsgen_build_full_commit(void);
/* The https form of the clone's origin remote when it was an https or ssh one, without credentials
   (.ci/dist/source_origin.sh); "" otherwise. Where `newsgen init`'s workflow gets newsgen's source. */
const char *newsgen_build_origin(void);

#endif
