#ifndef NEWSGEN_BUILD_INFO_H
#define NEWSGEN_BUILD_INFO_H

/* The commit a release binary was built from: `make dist` writes it into newsgen_dist_commit.h (see the .c
   file); "" for any other build. Not a generated Swift file, so that no build leaves the tree changed (ADR 041). */
const char *newsgen_build_commit(void);

#endif
