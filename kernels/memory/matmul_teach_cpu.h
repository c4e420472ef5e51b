// The CPU twins of the traced matrix-multiplication kernels and what they share: the request's
// checks, the launch geometry, the trace's buffers and steps (the layout is in matmul.h). A twin
// runs its kernel's schedule thread by thread and records exactly where the CUDA kernel calls its
// recorder, so both backends emit the same trace.
#pragma once

#include "../common/trace_model.h"
#include "matmul.h"

namespace ws::mem {

// TraceModel with vector loads: a float4 load is 4 Read events with vector_part 0..3 (one
// warp-level instruction for the counters). Every twin records through this class, whose events
// replace the base's (the base's recording calls are hidden, not virtual: use this type).
class MatmulTraceModel : public TraceModel {
 public:
  using TraceModel::TraceModel;
  void at(int step) {
    TraceModel::at(step);
    step_ = step;
  }
  double read(int thread, int buffer, int address, int vector_part = 0) {
    const double v = cell(thread, buffer, address);
    push(EventKind::Read, thread, buffer, address, v, vector_part);
    return v;
  }
  void write(int thread, int buffer, int address, double value) {
    cell(thread, buffer, address) = value;
    push(EventKind::Write, thread, buffer, address, value, 0);
  }
  double op(int thread, int buffer, int address, double result) {
    push(EventKind::Op, thread, buffer, address, result, 0);
    return result;
  }
  void skip(int thread, int buffer) { push(EventKind::Skip, thread, buffer, -1, 0.0, 0); }
  void finish() { distribute_events(events_, trace_); }

 private:
  void push(EventKind kind, int thread, int buffer, int address, double value, int part) {
    TraceEvent e;
    e.step = step_;
    e.thread = thread;
    e.address = address;
    e.buffer = int16_t(buffer);
    e.kind = kind;
    e.vector_part = uint8_t(part);
    e.value = value;
    events_.push_back(e);
  }
  int step_ = -1;
  std::vector<TraceEvent> events_;
};

// Buffer indices of every matmul trace (the naive variant has no Mds and Nds).
inline constexpr int kMatM = 0, kMatN = 1, kMatP = 2, kMatMds = 3, kMatNds = 4;

// Throws ws::Error naming the option for a request teach_matmul cannot run.
void check_matmul_teach_request(const MatmulTeachParams& params, const FloatMatrix& M,
                                const FloatMatrix& N);

// The blocking every twin and kernel reads: a block computes bm x bn outputs of P with
// block_x x block_y threads, tm x tn outputs each (naive, tiled: 1 x 1; coarsened: 1 x C with
// columns `tile` apart), k in chunks of bk.
struct MatmulBlocking {
  int bm = 1, bn = 1, bk = 1, tm = 1, tn = 1;
  int block_x = 1, block_y = 1;
  int threads() const { return block_x * block_y; }
};
MatmulBlocking matmul_teach_blocking(const MatmulTeachParams& params);

// The step a variant's events go to (matmul.h's layout): `phase` p and `part` c (coarsened).
int matmul_load_step(MatmulVariant v, int phase, int part, int coarse_factor);
int matmul_compute_step(MatmulVariant v, int phase, int part, int coarse_factor);
int matmul_store_step(const MatmulTeachRun& run);

// The code markers of each variant's steps (the comments in its .cu file).
struct MatmulMarkers {
  const char* load;
  const char* compute;
  const char* store;
};
MatmulMarkers matmul_markers(MatmulVariant v);

// A run with its params, sizes, inputs and geometry, and the trace's type set; then lay out its
// buffers and steps on a TraceModel of run.trace, record, and finish.
MatmulTeachRun start_matmul_run(const MatmulTeachParams& params, const FloatMatrix& M,
                                const FloatMatrix& N);
void lay_out_matmul(TraceModel& model, const MatmulTeachRun& run);
// Sorts the events into steps and copies P's final contents into run.output.
void finish_matmul_run(MatmulTraceModel& model, MatmulTeachRun& run);

MatmulTeachRun teach_matmul_cpu_naive(const MatmulTeachParams& p, const FloatMatrix& M,
                                      const FloatMatrix& N);
MatmulTeachRun teach_matmul_cpu_tiled(const MatmulTeachParams& p, const FloatMatrix& M,
                                      const FloatMatrix& N);  // variants 2 and 3
MatmulTeachRun teach_matmul_cpu_blocked(const MatmulTeachParams& p, const FloatMatrix& M,
                                        const FloatMatrix& N);  // variants 4, 5 (and 6 as 4)
// The traced CUDA kernels (CUDA builds; else matmul_teach_none.cpp throws).
MatmulTeachRun teach_matmul_cuda(const MatmulTeachParams& p, const FloatMatrix& M,
                                 const FloatMatrix& N);

}  // namespace ws::mem
