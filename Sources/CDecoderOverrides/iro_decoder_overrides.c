// gdk-pixbuf's XPM and XBM loaders copy what they are fed to a temporary file
// (g_file_open_tmp), read it back, then delete it (g_unlink). The decoder helper may create
// no file, so it exports its own versions of the two, which the loaders' calls reach first:
// the "temporary file" is a memfd, which leaves nothing to delete.
#define _GNU_SOURCE
#include "iro_decoder_overrides.h"

#include <errno.h>
#include <glib.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#define MEMORY_PREFIX "/iro-decoder/memory/"

void iro_decoder_overrides_link(void) {}

gint g_file_open_tmp(const gchar *tmpl, gchar **name_used, GError **error) {
    int fd = memfd_create(tmpl ? tmpl : "iro-temporary", MFD_CLOEXEC);
    if (fd < 0) {
        int code = errno;
        g_set_error(error, G_FILE_ERROR, g_file_error_from_errno(code), "no temporary memory: %s", g_strerror(code));
        return -1;
    }
    if (name_used) *name_used = g_strdup_printf(MEMORY_PREFIX "%d", fd);
    return fd;
}

int g_unlink(const gchar *filename) {
    if (filename && strncmp(filename, MEMORY_PREFIX, strlen(MEMORY_PREFIX)) == 0) return 0;
    errno = EPERM;  // nothing else is the helper's to delete
    return -1;
}
