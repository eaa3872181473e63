// The test process's own configuration, data and settings folders, set before any code
// runs: GLib reads XDG_CONFIG_HOME and XDG_DATA_HOME once, on first use, which can be any
// test's first GIO call (content types read the MIME database under the data folder).
#pragma once

/// The data folder the tests use ($XDG_DATA_HOME), set at load time.
const char *iro_test_data_home(void);
