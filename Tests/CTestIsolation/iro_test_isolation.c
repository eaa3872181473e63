#include "iro_test_isolation.h"

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static char data_home[512];

// Before main: the tests' windows remember their size, move files to the trash, make
// thumbnails and whiteboards and set the desktop background in folders of this run's, never
// the user's.
__attribute__((constructor)) static void isolate(void) {
    const char *temporary = getenv("TMPDIR");
    if (!temporary || !*temporary) temporary = "/tmp";
    char config[512];
    snprintf(config, sizeof config, "%s/iro-tests-config-%d", temporary, (int)getpid());
    snprintf(data_home, sizeof data_home, "%s/iro-tests-data-%d", temporary, (int)getpid());
    setenv("XDG_CONFIG_HOME", config, 1);
    setenv("XDG_DATA_HOME", data_home, 1);
    // Thumbnails and whiteboards go to a cache of this run's too.
    char cache[512];
    snprintf(cache, sizeof cache, "%s/iro-tests-cache-%d", temporary, (int)getpid());
    setenv("XDG_CACHE_HOME", cache, 1);
    // Settings Iro changes (the desktop background) go to a key file under it, not dconf.
    setenv("GSETTINGS_BACKEND", "keyfile", 1);
}

const char *iro_test_data_home(void) { return data_home; }
