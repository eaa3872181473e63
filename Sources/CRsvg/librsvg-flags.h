// Nothing to import: this module only brings librsvg's compiler and linker flags (from
// pkg-config) to CSVG, which wraps the few calls Iro makes.
