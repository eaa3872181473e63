#!/usr/bin/env python3
"""Print the MIME types gdk-pixbuf can read, as one `;`-joined line ending in `;`.

Used by meson to fill MimeType= in the desktop entry, so the list Iro declares
always matches the loaders installed on the build machine (BEHAVIOUR A1).

Sources, in order of preference (`--source auto`):

  library  ask libgdk_pixbuf itself (gdk_pixbuf_get_formats) through ctypes.
           This is the only source that also sees the *built-in* loaders:
           Debian's gdk-pixbuf 2.42 compiles PNG and JPEG into the library,
           so they never appear in loaders.cache.
  loaders  run gdk-pixbuf-query-loaders, or else read the loaders.cache file
           (both located with pkg-config), and parse the loader entries.
           PNG and JPEG are then added, as gdk-pixbuf always provides them.

Types that do not describe an image document (inode/*, audio/*, video/*;
e.g. the WebP loader also claims audio/x-riff) are left out.
"""

import argparse
import ctypes
import ctypes.util
import os
import subprocess
import sys

# Formats gdk-pixbuf provides even when no loader module is listed for them.
ALWAYS_PRESENT = ("image/png", "image/jpeg")
EXCLUDED_PREFIXES = ("inode/", "audio/", "video/")
MULTIARCH_GUESSES = (
    "/usr/lib/x86_64-linux-gnu",
    "/usr/lib/aarch64-linux-gnu",
    "/usr/lib64",
    "/usr/lib",
)


def from_library():
    """MIME types of every enabled format, straight from libgdk_pixbuf."""
    name = ctypes.util.find_library("gdk_pixbuf-2.0") or "libgdk_pixbuf-2.0.so.0"
    pixbuf = ctypes.CDLL(name)
    glib = ctypes.CDLL(ctypes.util.find_library("glib-2.0") or "libglib-2.0.so.0")

    class GSList(ctypes.Structure):
        pass

    GSList._fields_ = [("data", ctypes.c_void_p), ("next", ctypes.POINTER(GSList))]

    pixbuf.gdk_pixbuf_get_formats.argtypes = []
    pixbuf.gdk_pixbuf_get_formats.restype = ctypes.POINTER(GSList)
    pixbuf.gdk_pixbuf_format_is_disabled.argtypes = [ctypes.c_void_p]
    pixbuf.gdk_pixbuf_format_is_disabled.restype = ctypes.c_int
    # Returns a newly allocated NULL-terminated gchar**; keep it as a raw
    # pointer so it can be handed back to g_strfreev.
    pixbuf.gdk_pixbuf_format_get_mime_types.argtypes = [ctypes.c_void_p]
    pixbuf.gdk_pixbuf_format_get_mime_types.restype = ctypes.c_void_p
    glib.g_strfreev.argtypes = [ctypes.c_void_p]
    glib.g_strfreev.restype = None
    glib.g_slist_free.argtypes = [ctypes.POINTER(GSList)]
    glib.g_slist_free.restype = None

    types = set()
    head = pixbuf.gdk_pixbuf_get_formats()
    node = head
    while node:
        fmt = node.contents.data
        if fmt and not pixbuf.gdk_pixbuf_format_is_disabled(fmt):
            raw = pixbuf.gdk_pixbuf_format_get_mime_types(fmt)
            if raw:
                strv = ctypes.cast(raw, ctypes.POINTER(ctypes.c_char_p))
                i = 0
                while strv[i] is not None:
                    types.add(strv[i].decode("utf-8"))
                    i += 1
                glib.g_strfreev(raw)
        node = node.contents.next
    if head:
        glib.g_slist_free(head)
    return types


def pkg_config_variable(variable):
    try:
        out = subprocess.run(
            ["pkg-config", "--variable=" + variable, "gdk-pixbuf-2.0"],
            check=True, capture_output=True, text=True,
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return None
    return out or None


def quoted_strings(line):
    """The "…"-quoted tokens of one loaders.cache line (C escapes kept raw)."""
    tokens = []
    i = 0
    while i < len(line):
        if line[i] != '"':
            i += 1
            continue
        i += 1
        chars = []
        while i < len(line) and line[i] != '"':
            if line[i] == "\\" and i + 1 < len(line):
                chars.append(line[i:i + 2])
                i += 2
            else:
                chars.append(line[i])
                i += 1
        tokens.append("".join(chars))
        i += 1  # closing quote
    return tokens


def parse_loaders_text(text):
    """MIME types from the text of loaders.cache / gdk-pixbuf-query-loaders.

    Each loader is a block of lines separated by a blank line:
        "/path/to/libpixbufloader-NAME.so"      module
        "name" flags "domain" "description" "license"
        "mime/one" "mime/two" ""                MIME types, "" ends the list
        "ext" ""                                extensions
        "magic" "mask" relevance                one line per signature
    """
    types = set()
    blocks, current = [], []
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith("#"):
            continue
        if not stripped:
            if current:
                blocks.append(current)
                current = []
            continue
        current.append(stripped)
    if current:
        blocks.append(current)
    for block in blocks:
        if len(block) < 3:
            continue
        for token in quoted_strings(block[2]):
            if token == "":
                break
            types.add(token)
    return types


def from_loaders():
    text = None
    query = pkg_config_variable("gdk_pixbuf_query_loaders")
    candidates = [query] if query else []
    candidates += [os.path.join(d, "gdk-pixbuf-2.0", "gdk-pixbuf-query-loaders")
                   for d in MULTIARCH_GUESSES]
    candidates.append("gdk-pixbuf-query-loaders")
    for program in candidates:
        try:
            text = subprocess.run([program], check=True, capture_output=True,
                                  text=True).stdout
            break
        except (OSError, subprocess.CalledProcessError):
            continue
    if text is None:
        cache = pkg_config_variable("gdk_pixbuf_cache_file")
        paths = [cache] if cache else []
        paths += [os.path.join(d, "gdk-pixbuf-2.0", "2.10.0", "loaders.cache")
                  for d in MULTIARCH_GUESSES]
        for path in paths:
            try:
                with open(path, encoding="utf-8", errors="replace") as f:
                    text = f.read()
                break
            except OSError:
                continue
    if text is None:
        raise RuntimeError("found neither gdk-pixbuf-query-loaders nor loaders.cache")
    types = parse_loaders_text(text)
    types.update(ALWAYS_PRESENT)
    return types


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", choices=("auto", "library", "loaders"),
                        default="auto")
    args = parser.parse_args()

    types = None
    if args.source in ("auto", "library"):
        try:
            types = from_library()
        except (OSError, AttributeError) as error:
            if args.source == "library":
                sys.exit("gdk-pixbuf-mime-types: library lookup failed: %s" % error)
            types = None
        # A library that reports no PNG is not a trustworthy answer.
        if types is not None and args.source == "auto" and "image/png" not in types:
            types = None
    if types is None:
        try:
            types = from_loaders()
        except RuntimeError as error:
            sys.exit("gdk-pixbuf-mime-types: %s" % error)

    kept = sorted(t for t in types
                  if "/" in t and not t.startswith(EXCLUDED_PREFIXES))
    if not kept:
        sys.exit("gdk-pixbuf-mime-types: no image MIME types found")
    print(";".join(kept) + ";")


if __name__ == "__main__":
    main()
