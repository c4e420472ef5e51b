// The CPU twins of the traced transpose kernels and what they share: the request's checks, the
// trace's buffers and steps (the layout is in transpose.h), each step's code marker. A twin runs
// its kernel's schedule thread by thread and records exactly where the CUDA kernel calls its
// recorder, so both backends emit the same trace.
#pragma once

#include "../common/trace_model.h"
#include "transpose.h"

namespace ws::mem {

// Throws ws::Error for a request teach_transpose() cannot run (variant, sizes, tile, block rows).
void check_transpose_request(const TransposeTeachParams& params, int rows, int cols);

// Buffer indices of every transpose trace.
inline constexpr int kTransposeIn = 0, kTransposeOut = 1, kTransposeTile = 2;

// The code markers of a variant's steps (comments in its .cu file): naive variants have only
// `copy`; tiled ones `load` and `store`.
struct TransposeMarkers {
  const char* copy;
  const char* load;
  const char* store;
};
TransposeMarkers transpose_markers(TransposeVariant v);

// The twins: one for the naive variants (1, 2), one for the tiled ones (3..6).
TransposeRun teach_transpose_cpu_naive(const TransposeTeachParams& params, int rows, int cols);
TransposeRun teach_transpose_cpu_tiled(const TransposeTeachParams& params, int rows, int cols);
// The traced CUDA kernels (transpose_teach.cu; CUDA builds only, else transpose_teach_none.cpp):
// the twin's run with the GPU's events and output in place of the twin's.
TransposeRun teach_transpose_cuda(const TransposeTeachParams& params, int rows, int cols);

}  // namespace ws::mem
