#include "iro_jxl_threads.h"

#include "iro_lazy_library.h"
#include <jxl/thread_parallel_runner.h>

#define IRO_JXL_THREAD_FUNCTIONS(X)                                                                                      \
    X(JxlThreadParallelRunner)                                                                                           \
    X(JxlThreadParallelRunnerCreate)                                                                                     \
    X(JxlThreadParallelRunnerDestroy)

IRO_LAZY_LIBRARY(IRO_JXL_THREAD_FUNCTIONS, "libjxl_threads.so.0.7", "libjxl_threads")

void *iro_jxl_runner_create(int threads) {
    if (!api_load()) return NULL;
    return api.JxlThreadParallelRunnerCreate(NULL, (size_t)threads);
}

JxlParallelRunner iro_jxl_runner(void) { return api.JxlThreadParallelRunner; }

void iro_jxl_runner_destroy(void *runner) { api.JxlThreadParallelRunnerDestroy(runner); }
