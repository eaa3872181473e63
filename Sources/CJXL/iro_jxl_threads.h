// libjxl's thread pool (libjxl_threads), loaded beside libjxl; it has a library of its own.
#pragma once
#include <jxl/parallel_runner.h>

/// A pool of `threads` workers; NULL when libjxl_threads cannot be loaded.
void *iro_jxl_runner_create(int threads);
/// The function libjxl calls to run work on such a pool.
JxlParallelRunner iro_jxl_runner(void);
void iro_jxl_runner_destroy(void *runner);
