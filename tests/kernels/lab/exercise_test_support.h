// Helpers for the exercise tests: the shipped assets/lab folder, a file's text, the line of a
// statement in a kernel source, and a run of one exercise file at one size on the CPU backend.
#pragma once

#include <gtest/gtest.h>

#include <string>

#include "exercise.h"
#include "../shipped_graphs_test_support.h"
#include "lab.h"

namespace ws::lab::etest {

// The shipped assets/ folder: the source tree's, or $WARPSCOPE_DATA_DIR/assets where that is set
// (an installed prefix's share/warpscope, as on the GPU machine).
inline std::string assets_dir() {
  return ws::test::shipped_graphs_dir() + "/..";
}

inline std::string exercise_source(const Exercise& e, const std::string& file) {
  return read_exercise_file(e, assets_dir(), file);
}

// The 1-based line of the only line of `source` containing `text`; 0 (and a test failure) when
// there is none or more than one.
inline int line_of(const std::string& source, const std::string& text) {
  int found = 0, line = 1;
  size_t start = 0;
  while (start <= source.size()) {
    size_t end = source.find('\n', start);
    if (end == std::string::npos) end = source.size();
    if (source.substr(start, end - start).find(text) != std::string::npos) {
      if (found) {
        ADD_FAILURE() << "'" << text << "' is on more than one line";
        return 0;
      }
      found = line;
    }
    start = end + 1;
    ++line;
  }
  if (!found) ADD_FAILURE() << "'" << text << "' is on no line";
  return found;
}

struct ExerciseRun {
  Size size;  // as run (size_for the CPU)
  Inputs inputs;
  Job job;
  Result result;
};

// Runs `source` (named `file`) for exercise `id` at the size called `size_name` (seed 7) on the
// CPU backend, with the block the source sets (size_for with the source).
inline ExerciseRun run_exercise_source(const std::string& id, const std::string& source,
                                       const std::string& file, const std::string& size_name,
                                       int64_t budget = 1 << 22) {
  const Exercise& e = find_exercise(id);
  ExerciseRun run;
  for (const Size& s : e.sizes)
    if (s.name == size_name) run.size = size_for(e, s, Backend::Cpu, source);
  EXPECT_FALSE(run.size.dims.empty()) << id << " has no size " << size_name;
  run.inputs = e.inputs(run.size, 7);
  run.job = e.make(Backend::Cpu, source, run.size, run.inputs);
  run.job.file_name = file;
  run.job.budget = budget;
  run.result = run_cpu(run.job);
  return run;
}

// Runs `file` of exercise `id` at the size called `size_name` (seed 7) on the CPU backend.
inline ExerciseRun run_exercise_file(const std::string& id, const std::string& file,
                                     const std::string& size_name, int64_t budget = 1 << 22) {
  return run_exercise_source(id, exercise_source(find_exercise(id), file), file, size_name, budget);
}

// The values of the argument called `name`.
inline const std::vector<double>& input_values(const Inputs& inputs, const std::string& name) {
  for (const Arg& arg : inputs)
    if (arg.name == name) return arg.values;
  static const std::vector<double> none;
  ADD_FAILURE() << "no argument " << name;
  return none;
}

// Diagnostics of one kind.
inline std::vector<Diagnostic> of_kind(const std::vector<Diagnostic>& all, DiagKind kind) {
  std::vector<Diagnostic> out;
  for (const Diagnostic& d : all)
    if (d.kind == kind) out.push_back(d);
  return out;
}

}  // namespace ws::lab::etest
