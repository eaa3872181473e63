#include "iro_lazy_library.h"

#include <dlfcn.h>
#include <stdio.h>

int iro_lazy_load(IroLazyLibrary *library) {
    pthread_mutex_lock(&library->lock);
    if (!library->tried) {
        library->tried = 1;
        void *handle = dlopen(library->soname, RTLD_NOW | RTLD_LOCAL);
        if (!handle) {
            snprintf(library->error, sizeof library->error, "%s is not installed (%s)", library->label, dlerror());
        } else {
            size_t found = 0;
            // A function pointer kept in a void * slot: POSIX's dlsym relies on the same.
            for (; found < library->count; found++) {
                library->slots[found] = dlsym(handle, library->names[found]);
                if (!library->slots[found]) {
                    snprintf(library->error, sizeof library->error, "%s lacks %s", library->label, library->names[found]);
                    break;
                }
            }
            library->loaded = found == library->count;
        }
    }
    int loaded = library->loaded;
    pthread_mutex_unlock(&library->lock);
    return loaded;
}
