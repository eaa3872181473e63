// A C library loaded the first time it is needed (dlopen), not when the process starts:
// the decoder helper carries librsvg, libheif, gexiv2, poppler and libtiff, and most
// helpers never see a file that needs one of them. Each wrapper lists the functions it
// calls; they keep the types their library's header declares.
#pragma once
#include <pthread.h>
#include <stddef.h>

typedef struct {
    const char *soname;
    /// The library's name in messages ("libtiff").
    const char *label;
    const char *const *names;
    size_t count;
    /// Where the functions go: `count` pointers, in `names`' order.
    void **slots;
    pthread_mutex_t lock;
    int tried;
    int loaded;
    char error[256];
} IroLazyLibrary;

/// Loads the library the first time (later calls give the first answer): 1 when it and every
/// function were found, else 0 with the reason in `library->error`.
int iro_lazy_load(IroLazyLibrary *library);

#define IRO_LAZY_FIELD(name) __typeof__(name) *name;
#define IRO_LAZY_NAME(name) #name,

/// Declares `api`, a struct with a pointer to each function FUNCTIONS(X) lists, typed as
/// declared, and `api_load()`, which loads SONAME once and fills it (1, or 0 with the
/// reason in `api_library.error`).
#define IRO_LAZY_LIBRARY(FUNCTIONS, SONAME, LABEL)                                                                       \
    static struct {                                                                                                      \
        FUNCTIONS(IRO_LAZY_FIELD)                                                                                        \
    } api;                                                                                                               \
    static const char *const api_names[] = {FUNCTIONS(IRO_LAZY_NAME)};                                                   \
    static IroLazyLibrary api_library = {SONAME, LABEL, api_names, sizeof api_names / sizeof *api_names,                 \
                                         (void **)&api, PTHREAD_MUTEX_INITIALIZER, 0, 0, ""};                            \
    static int api_load(void) { return iro_lazy_load(&api_library); }
