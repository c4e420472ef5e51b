// The skeleton of an SpMV teach run (spmv.h's trace layout): the inputs rounded to the value
// type, the variant's layout, the trace's buffers and steps, and each launch's map from the
// kernels' names to them. No events: the twin (spmv_teach_twin.cpp) or the GPU records those.
#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <initializer_list>
#include <utility>

#include "../common/error.h"
#include "spmv_teach_cpu.h"

namespace ws::spmv {

namespace {

using body::SpmvBuffer;
using body::SpmvPhase;

double setup_round_to(ValueType type, double v) {
  return type == ValueType::Float32 ? double(float(v)) : v;
}

std::vector<double> setup_rounded(ValueType type, const std::vector<double>& values) {
  std::vector<double> out(values.size());
  for (size_t i = 0; i < values.size(); ++i) out[i] = setup_round_to(type, values[i]);
  return out;
}

template <class Int>
std::vector<double> setup_doubles(const std::vector<Int>& values) {
  return std::vector<double>(values.begin(), values.end());
}

int setup_grid(int64_t threads, int block_dim) {
  return std::max(1, int((threads + block_dim - 1) / block_dim));
}

class SetupBuilder {
 public:
  explicit SetupBuilder(SpmvTwin& twin) : twin_(twin), trace_(twin.run.trace) {}

  // Adds a global (or register) buffer and names it `kernel_name` in the given launch maps.
  void buffer(const char* name, std::vector<double> initial, bool is_index,
              std::initializer_list<std::pair<LaunchMap*, SpmvBuffer>> names,
              MemSpace space = MemSpace::Global) {
    TraceBuffer b;
    b.name = name;
    b.space = space;
    b.size = int32_t(initial.size());
    b.initial = std::move(initial);
    b.type = is_index ? ValueType::Int32 : trace_.type;
    b.elem_bytes = is_index ? 4 : trace_.elem_bytes;
    for (const auto& [map, kernel_name] : names)
      map->buffers[size_t(kernel_name)] = int16_t(trace_.buffers.size());
    trace_.buffers.push_back(std::move(b));
  }

  // Appends one step of `map`'s launch; the first step of `phase` becomes the phase's base.
  void step(LaunchMap& map, SpmvLaunch launch, SpmvPhase phase, int iteration, std::string label,
            const std::string& step_phase, const std::string& marker) {
    if (map.phases[size_t(phase)] == kNoStep)
      map.phases[size_t(phase)] = int32_t(trace_.steps.size());
    TraceStep s;
    s.label = std::move(label);
    s.phase = step_phase;
    s.code_marker = marker;
    s.grid_dim = map.grid_dim;
    s.block_dim = map.block_dim;
    trace_.steps.push_back(std::move(s));
    SpmvStepInfo info;
    info.launch = launch;
    info.iteration = iteration;
    twin_.run.steps.push_back(info);
  }

  // Loop steps "<label> k" for k = 0..count-1.
  void loop(LaunchMap& map, SpmvLaunch launch, SpmvPhase phase, int count, const std::string& label,
            const std::string& marker) {
    for (int k = 0; k < count; ++k)
      step(map, launch, phase, k, label + " " + std::to_string(k), "multiply", marker);
  }

  // coo and hybrid's COO part: one step per warp that holds a nonzero.
  void warps(LaunchMap& map, SpmvLaunch launch, int64_t nnz, const std::string& prefix,
             const std::string& marker) {
    const int bd = map.block_dim;
    const int per_block = (bd + body::kWarp - 1) / body::kWarp;
    const int count = nnz == 0 ? 0 : body::warp_of(nnz - 1, bd) + 1;
    for (int w = 0; w < count; ++w) {
      const int64_t first = int64_t(w / per_block) * bd + int64_t(w % per_block) * body::kWarp;
      const int64_t last =
          std::min<int64_t>({first + body::kWarp, int64_t(w / per_block + 1) * bd, nnz});
      step(map, launch, body::kAtomic, w,
           prefix + "warp " + std::to_string(w) + ": nonzeros " + std::to_string(first) + ".." +
               std::to_string(last - 1),
           "atomic", marker);
    }
    if (count == 0 && launch == SpmvLaunch::Main)
      step(map, launch, body::kAtomic, -1, "no nonzeros to add", "atomic", marker);
  }

 private:
  SpmvTwin& twin_;
  Trace& trace_;
};

void setup_launch(LaunchMap& map, int64_t threads, int block_dim) {
  map.threads = threads;
  map.block_dim = block_dim;
  map.grid_dim = setup_grid(threads, block_dim);
}

int32_t setup_longest_row(const CsrMatrix& m) {
  int32_t longest = 0;
  for (int32_t r = 0; r < m.rows; ++r) longest = std::max(longest, m.row_length(r));
  return longest;
}

}  // namespace

SpmvTwin start_spmv_run(const SpmvTeachParams& params, const CsrMatrix& matrix,
                        const std::vector<double>& x) {
  SpmvTwin twin;
  SpmvTeachRun& run = twin.run;
  run.params = params;
  run.matrix = matrix;
  run.x = setup_rounded(params.type, x);
  Trace& t = run.trace;
  t.type = params.type;
  t.elem_bytes = value_bytes(params.type);
  t.op_label = "multiply-add";
  t.serial_ops = matrix.nnz();
  t.warp_size = body::kWarp;
  const double unwritten = std::numeric_limits<double>::quiet_NaN();
  const std::vector<double> y_unwritten(size_t(matrix.rows), unwritten);
  const int bd = params.block_dim;
  LaunchMap& m = twin.main;
  SetupBuilder b(twin);
  switch (params.variant) {
    case SpmvVariant::Coo: {
      run.coo = to_coo(matrix);
      setup_launch(m, run.coo.nnz(), bd);
      b.buffer("row", setup_doubles(run.coo.row), true, {{&m, body::kBufRow}});
      b.buffer("col", setup_doubles(run.coo.col), true, {{&m, body::kBufCol}});
      b.buffer("val", setup_rounded(t.type, run.coo.val), false, {{&m, body::kBufVal}});
      b.buffer("x", run.x, false, {{&m, body::kBufX}});
      b.buffer("y", std::vector<double>(size_t(matrix.rows), 0.0), false, {{&m, body::kBufY}});
      b.warps(m, SpmvLaunch::Main, run.coo.nnz(), "", "@coo-atomic");
      break;
    }
    case SpmvVariant::Csr:
    case SpmvVariant::CsrVector: {
      const bool vector = params.variant == SpmvVariant::CsrVector;
      const std::string id = vector ? "@csr-vector-" : "@csr-";
      setup_launch(m, int64_t(matrix.rows) * (vector ? body::kWarp : 1), bd);
      b.buffer("row_ptr", setup_doubles(matrix.row_ptr), true, {{&m, body::kBufRowPtr}});
      b.buffer("col", setup_doubles(matrix.col), true, {{&m, body::kBufCol}});
      b.buffer("val", setup_rounded(t.type, matrix.val), false, {{&m, body::kBufVal}});
      b.buffer("x", run.x, false, {{&m, body::kBufX}});
      b.buffer("y", y_unwritten, false, {{&m, body::kBufY}});
      b.step(m, SpmvLaunch::Main, body::kBounds, -1, "row bounds", "load", id + "bounds");
      const int32_t longest = setup_longest_row(matrix);
      if (vector) {
        b.buffer("sum", std::vector<double>(size_t(m.grid_dim) * size_t(m.block_dim), unwritten),
                 false, {{&m, body::kBufSum}}, MemSpace::Register);
        b.loop(m, SpmvLaunch::Main, body::kLoop, (longest + body::kWarp - 1) / body::kWarp,
               "stride", id + "multiply");
        for (int level = 0, offset = body::kWarp / 2; offset > 0; ++level, offset /= 2)
          b.step(m, SpmvLaunch::Main, body::kShuffle, level,
                 "shuffle offset " + std::to_string(offset), "shuffle", id + "shuffle");
      } else {
        b.loop(m, SpmvLaunch::Main, body::kLoop, longest, "nonzero", id + "multiply");
      }
      b.step(m, SpmvLaunch::Main, body::kWrite, -1, "write y", "write", id + "write");
      break;
    }
    case SpmvVariant::Ell: {
      run.ell = to_ell(matrix);
      setup_launch(m, matrix.rows, bd);
      b.buffer("col", setup_doubles(run.ell.col), true, {{&m, body::kBufCol}});
      b.buffer("val", setup_rounded(t.type, run.ell.val), false, {{&m, body::kBufVal}});
      b.buffer("x", run.x, false, {{&m, body::kBufX}});
      b.buffer("y", y_unwritten, false, {{&m, body::kBufY}});
      b.loop(m, SpmvLaunch::Main, body::kLoop, run.ell.width, "slot", "@ell-multiply");
      b.step(m, SpmvLaunch::Main, body::kWrite, -1, "write y", "write", "@ell-write");
      break;
    }
    case SpmvVariant::Hybrid: {
      run.hybrid = to_hybrid(matrix, params.hybrid_width, value_bytes(params.type));
      run.params.hybrid_width = run.hybrid.width;
      LaunchMap& c = twin.coo;
      setup_launch(m, matrix.rows, bd);
      setup_launch(c, run.hybrid.coo.nnz(), bd);
      b.buffer("ell_col", setup_doubles(run.hybrid.ell.col), true, {{&m, body::kBufCol}});
      b.buffer("ell_val", setup_rounded(t.type, run.hybrid.ell.val), false, {{&m, body::kBufVal}});
      b.buffer("coo_row", setup_doubles(run.hybrid.coo.row), true, {{&c, body::kBufRow}});
      b.buffer("coo_col", setup_doubles(run.hybrid.coo.col), true, {{&c, body::kBufCol}});
      b.buffer("coo_val", setup_rounded(t.type, run.hybrid.coo.val), false, {{&c, body::kBufVal}});
      b.buffer("x", run.x, false, {{&m, body::kBufX}, {&c, body::kBufX}});
      b.buffer("y", y_unwritten, false, {{&m, body::kBufY}, {&c, body::kBufY}});
      b.loop(m, SpmvLaunch::Main, body::kLoop, run.hybrid.width, "ELL slot",
             "@hybrid-ell-multiply");
      b.step(m, SpmvLaunch::Main, body::kWrite, -1, "ELL write y", "write", "@hybrid-ell-write");
      b.warps(c, SpmvLaunch::HybridCoo, run.hybrid.coo.nnz(), "COO ", "@hybrid-coo-atomic");
      break;
    }
    case SpmvVariant::Jds: {
      run.jds = to_jds(matrix);
      setup_launch(m, matrix.rows, bd);
      b.buffer("perm", setup_doubles(run.jds.perm), true, {{&m, body::kBufPerm}});
      b.buffer("iter_ptr", setup_doubles(run.jds.iter_ptr), true, {{&m, body::kBufIterPtr}});
      b.buffer("col", setup_doubles(run.jds.col), true, {{&m, body::kBufCol}});
      b.buffer("val", setup_rounded(t.type, run.jds.val), false, {{&m, body::kBufVal}});
      b.buffer("x", run.x, false, {{&m, body::kBufX}});
      b.buffer("y", y_unwritten, false, {{&m, body::kBufY}});
      b.loop(m, SpmvLaunch::Main, body::kLoop, run.jds.diagonals(), "diagonal", "@jds-multiply");
      b.step(m, SpmvLaunch::Main, body::kWrite, -1, "write y", "write", "@jds-write");
      break;
    }
    case SpmvVariant::Fast:
      throw Error("--variant: fast is taught by spmv_fast.h, not teach_spmv");
  }
  run.y = t.buffers[size_t(m.buffers[body::kBufY])].initial;
  return twin;
}

}  // namespace ws::spmv
