#ifndef NEWSGEN_BUILD_INFO_H
#define NEWSGEN_BUILD_INFO_H

/* The commit a release binary was built from: `make dist` passes it as -Xcc -DNEWSGEN_COMMIT="\"…\"";
   "" for any other build. A C define rather than a generated Swift file, so that no build leaves the
   tree changed (ADR 041). */
const char *newsgen_build_commit(void);

#endif
