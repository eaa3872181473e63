// Linked into the decoder helper only: GLib calls that gdk-pixbuf's XPM and XBM loaders
// make, answered without the file system (see iro_decoder_overrides.c).
#pragma once

/// Keeps the overrides in the executable (nothing else refers to them).
void iro_decoder_overrides_link(void);
