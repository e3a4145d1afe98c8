/*
 * A fault injector for newsgen's crash tests, loaded with LD_PRELOAD (Tests/EndToEndTests/FaultEndToEndTests.swift).
 * It stands between newsgen and the C library's file calls and, deterministically, with no timing:
 *
 *   NEWSGEN_FAULT=kill-at-step:N   kills the process with SIGKILL (kill -9) just before its Nth step,
 *                                  a step being a rename (rename, renameat, renameat2) or an unlink:
 *                                  the moments at which a save or a publish changes what is on disk;
 *   NEWSGEN_FAULT=enospc-at-write:N answers the Nth write to a regular file with ENOSPC (a full disk),
 *                                  and every later write too, as a full disk does;
 *   NEWSGEN_FAULT=parser-crash-on:TEXT crashes with SIGSEGV, and NEWSGEN_FAULT=parser-hang-on:TEXT never returns, in
 *                                  libxml2's xmlCtxtReadMemory when the document holds TEXT: a stand-in for the next
 *                                  bug of a C parser, so that its containment (ADR 046) is tested where it matters;
 *   NEWSGEN_FAULT_NO_EXCHANGE=1    makes renameat2 fail with EINVAL, as on a file system that cannot exchange
 *                                  two names, so that newsgen's two-rename fallback is what gets killed;
 *   NEWSGEN_FAULT_TRACE=FILE       appends one line per step or write ("step rename <path>", "write <path>"),
 *                                  so a test can count them and see that the fault hit what it meant to.
 *
 * Unset, it changes nothing. Built by the test with `cc -shared -fPIC`.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static long kill_at_step = -1, enospc_at_write = -1;
static const char *parser_crash_on = NULL, *parser_hang_on = NULL;
static long steps = 0, writes = 0;
static int configured = 0;
static const char *trace_path = NULL;

static void configure(void) {
    if (configured) return;
    configured = 1;
    const char *fault = getenv("NEWSGEN_FAULT");
    if (fault) {
        if (strncmp(fault, "kill-at-step:", 13) == 0) kill_at_step = atol(fault + 13);
        if (strncmp(fault, "enospc-at-write:", 16) == 0) enospc_at_write = atol(fault + 16);
        if (strncmp(fault, "parser-crash-on:", 16) == 0) parser_crash_on = fault + 16;
        if (strncmp(fault, "parser-hang-on:", 15) == 0) parser_hang_on = fault + 15;
    }
    trace_path = getenv("NEWSGEN_FAULT_TRACE");
}

/* One line to the trace file, opened and closed each time so a kill loses nothing before it. */
static void trace(const char *kind, const char *what) {
    if (!trace_path) return;
    static int (*real_open)(const char *, int, ...) = NULL;
    if (!real_open) real_open = dlsym(RTLD_NEXT, "open");
    static ssize_t (*real_write)(int, const void *, size_t) = NULL;
    if (!real_write) real_write = dlsym(RTLD_NEXT, "write");
    int fd = real_open(trace_path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0) return;
    char line[4200];
    int length = snprintf(line, sizeof line, "%s %s\n", kind, what ? what : "?");
    if (length > 0) real_write(fd, line, (size_t)(length < (int)sizeof line ? length : (int)sizeof line - 1));
    close(fd);
}

/* Counts a step and dies before it when it is the chosen one. Atomic: the publish unlinks on several threads. */
static void step(const char *call, const char *path) {
    configure();
    long number = __atomic_add_fetch(&steps, 1, __ATOMIC_SEQ_CST);
    char what[4200];
    snprintf(what, sizeof what, "%s %s", call, path ? path : "?");
    trace("step", what);
    if (kill_at_step == number) raise(SIGKILL);
}

int rename(const char *from, const char *to) {
    static int (*real)(const char *, const char *) = NULL;
    if (!real) real = dlsym(RTLD_NEXT, "rename");
    step("rename", to);
    return real(from, to);
}

int renameat(int fromdir, const char *from, int todir, const char *to) {
    static int (*real)(int, const char *, int, const char *) = NULL;
    if (!real) real = dlsym(RTLD_NEXT, "renameat");
    step("renameat", to);
    return real(fromdir, from, todir, to);
}

int renameat2(int fromdir, const char *from, int todir, const char *to, unsigned int flags) {
    static int (*real)(int, const char *, int, const char *, unsigned int) = NULL;
    if (!real) real = dlsym(RTLD_NEXT, "renameat2");
    step("renameat2", to);
    const char *no_exchange = getenv("NEWSGEN_FAULT_NO_EXCHANGE");
    if (no_exchange && strcmp(no_exchange, "1") == 0) { errno = EINVAL; return -1; }
    if (!real) { errno = ENOSYS; return -1; }
    return real(fromdir, from, todir, to, flags);
}

int unlink(const char *path) {
    static int (*real)(const char *) = NULL;
    if (!real) real = dlsym(RTLD_NEXT, "unlink");
    step("unlink", path);
    return real(path);
}

/* Writes to regular files only: the terminal, pipes and sockets are not the disk. */
ssize_t write(int fd, const void *buffer, size_t count) {
    static ssize_t (*real)(int, const void *, size_t) = NULL;
    if (!real) real = dlsym(RTLD_NEXT, "write");
    configure();
    struct stat info;
    if (count > 0 && fstat(fd, &info) == 0 && S_ISREG(info.st_mode)) {
        long number = __atomic_add_fetch(&writes, 1, __ATOMIC_SEQ_CST);
        char link[64], path[4096];
        snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
        ssize_t length = readlink(link, path, sizeof path - 1);
        path[length > 0 ? length : 0] = 0;
        trace("write", path);
        if (enospc_at_write > 0 && number >= enospc_at_write) { errno = ENOSPC; return -1; }
    }
    return real(fd, buffer, count);
}

/* Crashes or never returns when the document about to be parsed holds the configured text. */
static void parser_fault(const char *buffer, int size) {
    configure();
    if (parser_crash_on && size > 0 && memmem(buffer, (size_t)size, parser_crash_on, strlen(parser_crash_on))) raise(SIGSEGV);
    if (parser_hang_on && size > 0 && memmem(buffer, (size_t)size, parser_hang_on, strlen(parser_hang_on))) {
        for (;;) pause();
    }
}

/* libxml2's entry points for every document newsgen parses: XML (feeds, OPML) and HTML (pages, content). */
typedef struct _xmlDoc *xmlDocPtr;
typedef struct _xmlParserCtxt *xmlParserCtxtPtr;
xmlDocPtr xmlCtxtReadMemory(xmlParserCtxtPtr context, const char *buffer, int size, const char *url,
                            const char *encoding, int options) {
    static xmlDocPtr (*real)(xmlParserCtxtPtr, const char *, int, const char *, const char *, int) = NULL;
    if (!real) real = dlsym(RTLD_NEXT, "xmlCtxtReadMemory");
    parser_fault(buffer, size);
    return real(context, buffer, size, url, encoding, options);
}

xmlDocPtr htmlReadMemory(const char *buffer, int size, const char *url, const char *encoding, int options) {
    static xmlDocPtr (*real)(const char *, int, const char *, const char *, int) = NULL;
    if (!real) real = dlsym(RTLD_NEXT, "htmlReadMemory");
    parser_fault(buffer, size);
    return real(buffer, size, url, encoding, options);
}
