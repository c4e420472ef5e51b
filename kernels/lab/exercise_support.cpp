// The exercises' shared pieces: seeded inputs, the standard Job, the mismatch report.
#include "exercise_support.h"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "../common/error.h"
#include "../common/split_mix.h"

namespace ws::lab {

Inputs empty_inputs(const std::vector<ArgSpec>& signature) {
  Inputs args;
  for (const ArgSpec& spec : signature)
    args.push_back(Arg{spec.name, spec.type, spec.is_array, spec.writable, {}});
  return args;
}

Arg& input(Inputs& inputs, const std::string& name) {
  for (Arg& arg : inputs)
    if (arg.name == name) return arg;
  throw Error("the exercise has no argument '" + name + "'");
}

const Arg& input(const Inputs& inputs, const std::string& name) {
  return input(const_cast<Inputs&>(inputs), name);
}

void set_scalar(Inputs& inputs, const std::string& name, int64_t value) {
  input(inputs, name).values = {static_cast<double>(value)};
}

void set_zeros(Inputs& inputs, const std::string& name, int64_t count) {
  input(inputs, name).values.assign(static_cast<size_t>(count), 0.0);
}

Expected expected_for(const std::vector<ArgSpec>& signature, const std::string& output,
                      std::vector<double> values) {
  Expected expected(signature.size());
  for (size_t i = 0; i < signature.size(); ++i)
    if (signature[i].name == output) {
      expected[i] = std::move(values);
      return expected;
    }
  throw Error("the exercise has no argument '" + output + "'");
}

void set_reference_and_tolerance(Exercise& e, const std::string& output,
                                 ReferenceAndTolerance compute) {
  const std::vector<ArgSpec> signature = e.signature;
  e.reference = [signature, output, compute](const Size& size, const Inputs& in) {
    std::vector<double> values, tolerance;
    compute(size, in, values, tolerance);
    return expected_for(signature, output, std::move(values));
  };
  e.tolerance = [signature, output, compute](const Size& size, const Inputs& in) {
    std::vector<double> values, tolerance;
    compute(size, in, values, tolerance);
    return expected_for(signature, output, std::move(tolerance));
  };
}

std::vector<double> seeded_integers(int64_t n, uint64_t seed, uint64_t stream, int lo, int hi) {
  SplitMix64 rng{seed * 0x100000001B3ull + stream};
  std::vector<double> values(static_cast<size_t>(n));
  const uint64_t span = static_cast<uint64_t>(hi - lo + 1);
  for (double& v : values) v = lo + static_cast<int>(rng.next() % span);
  return values;
}

std::vector<double> seeded_floats(int64_t n, uint64_t seed, uint64_t stream) {
  SplitMix64 rng{seed * 0x100000001B3ull + stream};
  std::vector<double> values(static_cast<size_t>(n));
  for (double& v : values) v = 2.0 * static_cast<double>(rng.unit_float()) - 1.0;
  return values;
}

int blocks_for(int64_t n, int block) {
  return static_cast<int>((n + block - 1) / block);
}

Launch line_launch(const Size& size, const BlockRule& rule) {
  Launch launch;
  launch.block_x = block_x(size, rule);
  launch.grid_x = blocks_for(size.dims.at(0), launch.block_x);
  return launch;
}

Launch image_launch(const Size& size, const BlockRule& rule) {
  Launch launch;
  launch.block_x = block_x(size, rule);
  launch.block_y = block_y(size, rule);
  launch.grid_x = blocks_for(size.dims.at(0), launch.block_x);
  launch.grid_y = blocks_for(size.dims.at(1), launch.block_y);
  return launch;
}

Job standard_job(const Exercise& exercise, Backend backend, const std::string& source,
                 const Size& size, const Inputs& inputs) {
  Job job;
  job.backend = backend;
  job.source = source;
  job.kernel = exercise.kernel;
  job.args = inputs;
  job.launch = exercise.launch(size);
  job.traced = backend == Backend::Cpu || size.traced;
  // The access budget: 1024 accesses a thread (every solution needs far fewer), between 2^18
  // and the runtime's default 2^22, so a loop that never ends is stopped in a fraction of a
  // second at teaching sizes instead of after 4M events.
  job.budget =
      std::clamp<int64_t>(job.launch.threads() * int64_t{1024}, int64_t{1} << 18, int64_t{1} << 22);
  return job;
}

double float_sum_tolerance(int64_t terms, double abs_sum) {
  return static_cast<double>(terms + 1) * 0x1.0p-24 * abs_sum;
}

namespace {

// Buffer id of argument `arg`: array parameters are numbered in signature order, scalars skipped.
int buffer_of_arg(const Inputs& inputs, size_t arg) {
  int id = 0;
  for (size_t a = 0; a < arg; ++a) id += inputs[a].is_array ? 1 : 0;
  return id;
}

// The last Write/Atomic of (buffer, index): highest step, then highest thread, then seq.
const LabEvent* last_writer(const std::vector<LabEvent>& raw, int buffer, int64_t index) {
  const LabEvent* best = nullptr;
  for (const LabEvent& e : raw) {
    if ((e.kind != LabWrite && e.kind != LabAtomic) || e.buffer != buffer || e.index != index)
      continue;
    if (!best || e.step > best->step || (e.step == best->step && e.thread >= best->thread))
      best = &e;
  }
  return best;
}

std::string number(double v) {
  std::ostringstream out;
  out.precision(9);
  out << v;
  return out.str();
}

}  // namespace

std::vector<Diagnostic> compare_outputs(const Inputs& inputs, const Launch& launch,
                                        const Result& result, const Expected& expected,
                                        const Expected& tolerance) {
  constexpr size_t kNamed = 5;
  std::vector<Diagnostic> found;
  int64_t wrong = 0;
  const int per_block = launch.threads_per_block();
  for (size_t a = 0; a < expected.size() && a < inputs.size(); ++a) {
    const std::vector<double>& want = expected[a];
    if (want.empty()) continue;
    const Arg& arg = inputs[a];
    if (a >= result.outputs.size() || result.outputs[a].size() != want.size()) {
      Diagnostic d;
      d.kind = DiagKind::WrongAnswer;
      d.buffer = buffer_of_arg(inputs, a);
      d.message = "the run returned no values for " + arg.name;
      found.push_back(d);
      ++wrong;
      continue;
    }
    const std::vector<double>& got = result.outputs[a];
    const bool exact = a >= tolerance.size() || tolerance[a].empty();
    for (size_t i = 0; i < want.size(); ++i) {
      const double allowed = exact ? 0.0 : tolerance[a][i];
      if (std::fabs(got[i] - want[i]) <= allowed) continue;  // NaN fails: comparisons are false
      ++wrong;
      if (found.size() >= kNamed) continue;
      Diagnostic d;
      d.kind = DiagKind::WrongAnswer;
      d.buffer = buffer_of_arg(inputs, a);
      d.index = static_cast<int64_t>(i);
      std::string text = arg.name + "[" + std::to_string(i) + "]: expected " + number(want[i]) +
                         ", got " + number(got[i]);
      if (const LabEvent* w = last_writer(result.raw, d.buffer, d.index)) {
        d.thread = w->thread;
        d.block = per_block > 0 ? w->thread / per_block : -1;
        d.line = w->line;
        text += " (last written by thread " + std::to_string(w->thread) + " (block " +
                std::to_string(d.block) + ", thread " + std::to_string(w->thread % per_block) +
                ") at line " + std::to_string(w->line) + ")";
      } else if (!result.raw.empty()) {
        text += " (no thread wrote it)";
      }
      d.message = text;
      found.push_back(d);
    }
  }
  if (!found.empty() && wrong > 1)
    found.front().message += "; " + std::to_string(wrong) + " wrong elements in all";
  return found;
}

}  // namespace ws::lab
