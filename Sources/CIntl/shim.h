// glibc's gettext (libintl.h) and setlocale, which Swift's Glibc module leaves out.
#include <libintl.h>
#include <locale.h>
