// Running a student's kernel in a process of its own (issue 29): the app never runs student code
// in its own process, so an endless loop or a wild pointer in it can never take the app down.
// run_isolated writes the Job into a fresh temporary folder, starts `<worker_exe> lab-worker DIR`
// (which runs ws::lab::run and writes DIR/result.bin), waits for it, kills its whole process group
// on a timeout or a cancel, and turns a crash or a timeout into a Diagnostic.
#pragma once

#include <functional>
#include <string>

#include "lab.h"

namespace ws::lab {

// The worker's files inside its folder.
inline constexpr const char* kWorkerJobFile = "job.bin";
inline constexpr const char* kWorkerResultFile = "result.bin";
inline constexpr const char* kWorkerLogFile = "log";  // the worker's stdout and stderr

// The Result of `job` as the worker computed it, or, when the worker did not finish:
//   - Timeout ("the kernel did not finish in 10 s: a loop that never ends?") after timeout_s
//     seconds (compiling included);
//   - Crash naming the signal (or the exit status) and the last lines of the worker's output;
//   - nothing but a cancelled Result (compiled = false, no diagnostics, compile_log "cancelled")
//     when `cancelled` returned true (it is polled every few milliseconds).
// A Timeout or Crash Result counts as compiled (the compiler reports its own errors). ws::Error
// when the folder cannot be made or the worker cannot be started (`worker_exe` is named).
Result run_isolated(const Job& job, const std::string& worker_exe, double timeout_s,
                    const std::function<bool()>& cancelled = {});

// `warpscope lab-worker DIR`: reads DIR/job.bin, runs it, writes DIR/result.bin. 0 when the
// result was written; an error the Job's run throws becomes a LaunchError in the result.
int run_worker(const std::string& dir);

// The executable that runs workers for this process: /proc/self/exe's target.
std::string self_executable();

}  // namespace ws::lab
