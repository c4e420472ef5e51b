// The kernel lab's jobs and results as binary files: what `warpscope lab-worker DIR` reads
// (DIR/job.bin) and writes (DIR/result.bin). Versioned; a truncated, foreign or newer file is a
// ws::Error naming the file.
#pragma once

#include <string>

#include "lab.h"

namespace ws::lab {

void write_job(const std::string& path, const Job& job);
Job read_job(const std::string& path);

void write_result(const std::string& path, const Result& result);  // the Trace too
Result read_result(const std::string& path);

}  // namespace ws::lab
