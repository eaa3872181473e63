// UI code imports GtkSupport alone and gets GObjectSupport (casts, signals, errors) with it.
@_exported import GObjectSupport
