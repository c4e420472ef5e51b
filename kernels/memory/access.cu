// The access patterns (PMPP 6.1; the lecture chapter's map, gather, scatter, stencil, transpose),
// one small kernel each, as the teach view runs them: one block of `warps` x 32 threads, every
// read and write recorded (access.h: the trace). Work per thread: one element per instruction
// (stencil three reads, corner turning 32 / warps rows and columns); one step per phase.
//   row             a[t]                        4 sectors per warp (f32)
//   column          a[lane * W + warp]          a sector per lane
//   strided         a[t * stride]               min(32, 4 stride) sectors
//   misaligned      a[offset + t]               one sector more
//   gather          a[idx[t]]                   up to 32 sectors
//   local-gather    a[idx[t]], idx in a window  the row's sectors
//   scatter         out[idx[t]] = a[t]          up to 32 sectors written
//   stencil         a[t], a[t+1], a[t+2]        4 + 5 + 5 sectors
//   transpose       a[row * W + col] -> out[col * rows + row]
//   corner-turning  rows of a into a shared tile, columns of the tile out
#include <cuda_runtime.h>

#include <algorithm>
#include <vector>

#include "../common/cuda_check.cuh"
#include "../common/device_trace.cuh"
#include "../common/trace_recording.cuh"
#include "access_shape.h"

namespace ws::mem {

namespace {

enum AccessArray : int { kA = kBufA, kIdx = kBufIdx, kOut = kBufOut, kTile = kBufTile };

// @variant row
template <class Rec>
__global__ void access_row(const float* a, float* out, AccessShape, Rec rec) {
  const int t = threadIdx.x;
  rec.begin(kAccessStepPhase);
  const float v = rec.read(kA, t, a[t]);  // @row-access
  rec.begin(kStorePhase);
  out[t] = rec.write(kOut, t, v);  // @row-store
}
// @end

// @variant column
template <class Rec>
__global__ void access_column(const float* a, float* out, AccessShape s, Rec rec) {
  const int t = threadIdx.x;
  const int64_t i = int64_t(t % 32) * s.width + (t / 32) % s.width;  // lane's row, warp's column
  rec.begin(kAccessStepPhase);
  const float v = rec.read(kA, i, a[i]);  // @column-access
  rec.begin(kStorePhase);
  out[t] = rec.write(kOut, t, v);  // @column-store
}
// @end

// @variant strided
template <class Rec>
__global__ void access_strided(const float* a, float* out, AccessShape s, Rec rec) {
  const int t = threadIdx.x;
  const int64_t i = int64_t(t) * s.stride;
  rec.begin(kAccessStepPhase);
  const float v = rec.read(kA, i, a[i]);  // @strided-access
  rec.begin(kStorePhase);
  out[t] = rec.write(kOut, t, v);  // @strided-store
}
// @end

// @variant misaligned
template <class Rec>
__global__ void access_misaligned(const float* a, float* out, AccessShape s, Rec rec) {
  const int t = threadIdx.x;
  const int64_t i = int64_t(s.offset) + t;
  rec.begin(kAccessStepPhase);
  const float v = rec.read(kA, i, a[i]);  // @misaligned-access
  rec.begin(kStorePhase);
  out[t] = rec.write(kOut, t, v);  // @misaligned-store
}
// @end

// @variant gather
template <class Rec>
__global__ void access_gather(const float* a, const int* idx, float* out, AccessShape, Rec rec) {
  const int t = threadIdx.x;
  rec.begin(kIndexPhase);
  const int i = rec.read(kIdx, t, idx[t]);  // @gather-index
  rec.begin(kAccessStepPhase);
  const float v = rec.read(kA, i, a[i]);  // @gather-access
  rec.begin(kStorePhase);
  out[t] = rec.write(kOut, t, v);  // @gather-store
}
// @end

// @variant local-gather
template <class Rec>
__global__ void access_local_gather(const float* a, const int* idx, float* out, AccessShape,
                                    Rec rec) {
  const int t = threadIdx.x;
  rec.begin(kIndexPhase);
  const int i = rec.read(kIdx, t, idx[t]);  // @local-gather-index (idx stays in t's window)
  rec.begin(kAccessStepPhase);
  const float v = rec.read(kA, i, a[i]);  // @local-gather-access
  rec.begin(kStorePhase);
  out[t] = rec.write(kOut, t, v);  // @local-gather-store
}
// @end

// @variant scatter
template <class Rec>
__global__ void access_scatter(const float* a, const int* idx, float* out, AccessShape, Rec rec) {
  const int t = threadIdx.x;
  rec.begin(kIndexPhase);
  const int i = rec.read(kIdx, t, idx[t]);  // @scatter-index
  rec.begin(kLoadPhase);
  const float v = rec.read(kA, t, a[t]);  // @scatter-load
  rec.begin(kAccessStepPhase);
  out[i] = rec.write(kOut, i, v);  // @scatter-access
}
// @end

// @variant stencil
template <class Rec>
__global__ void access_stencil(const float* a, float* out, AccessShape, Rec rec) {
  const int t = threadIdx.x;
  rec.begin(kAccessStepPhase);
  const float left = rec.read(kA, t, a[t]);  // @stencil-access
  const float centre = rec.read(kA, t + 1, a[t + 1]);
  const float right = rec.read(kA, t + 2, a[t + 2]);
  rec.begin(kStorePhase);
  out[t] = rec.write(kOut, t, __fadd_rn(__fadd_rn(left, centre), right));  // @stencil-store
}
// @end

// @variant transpose
template <class Rec>
__global__ void access_transpose(const float* a, float* out, AccessShape s, Rec rec) {
  const int t = threadIdx.x;  // element (t / W, t % W)
  const int64_t to = int64_t(t % s.width) * s.rows + t / s.width;
  rec.begin(kAccessStepPhase);
  const float v = rec.read(kA, t, a[t]);  // @transpose-access
  out[to] = rec.write(kOut, to, v);
}
// @end

// @variant corner-turning
template <class Rec>
__global__ void access_corner(const float* a, float* out, AccessShape s, Rec rec) {
  extern __shared__ float tile[];  // 32 rows of `pitch` floats
  const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  rec.begin(kLoadPhase);
  for (int r = warp; r < 32; r += s.warps) {  // rows of a: coalesced
    const int64_t from = int64_t(r) * s.width + lane;
    tile[r * s.pitch + lane] =
        rec.write(kTile, r * s.pitch + lane, rec.read(kA, from, a[from]));  // @corner-turning-load
  }
  __syncthreads();
  for (int c = warp; c < 32; c += s.warps) {  // columns of the tile: bank ways
    rec.begin(kAccessStepPhase);
    const float v =
        rec.read(kTile, lane * s.pitch + c, tile[lane * s.pitch + c]);  // @corner-turning-access
    rec.begin(kStorePhase);
    out[c * 32 + lane] = rec.write(kOut, c * 32 + lane, v);  // @corner-turning-store
  }
}
// @end

}  // namespace

AccessRun access_cuda(const AccessParams& p) {
  AccessRun run = access_twin(p);  // the structure; its events are replaced by the kernel's
  const AccessShape s = access_shape(p);
  const Trace& t = run.trace;
  const std::vector<double>& a_init = t.buffers[kBufA].initial;
  std::vector<float> a_host(a_init.begin(), a_init.end());
  DeviceBuffer<float> a(a_host.size()), out(static_cast<size_t>(t.buffers[kBufOut].size));
  DeviceBuffer<int> idx(std::max<size_t>(1, run.idx.size()));
  a.upload(a_host.data(), a_host.size());
  if (!run.idx.empty()) idx.upload(run.idx.data(), run.idx.size());
  TraceRecording<DeviceTrace> recording(t, a.bytes() + out.bytes() + idx.bytes(),
                                        "a teach-mode access-pattern trace");
  DeviceTrace rec = recording.recorder();
  for (int b = 0; b < 4; ++b) rec.buffers[b] = static_cast<int16_t>(b);
  for (int phase = kIndexPhase; phase <= kStorePhase; ++phase) {
    const int step = step_of_phase(p.pattern, phase);
    if (step >= 0) rec.phases[phase] = step;
  }
  const int n = s.threads;
  switch (p.pattern) {
    case Pattern::Row:
      access_row<<<1, n>>>(a.data(), out.data(), s, rec);
      break;
    case Pattern::Column:
      access_column<<<1, n>>>(a.data(), out.data(), s, rec);
      break;
    case Pattern::Strided:
      access_strided<<<1, n>>>(a.data(), out.data(), s, rec);
      break;
    case Pattern::Misaligned:
      access_misaligned<<<1, n>>>(a.data(), out.data(), s, rec);
      break;
    case Pattern::LocalGather:
      access_local_gather<<<1, n>>>(a.data(), idx.data(), out.data(), s, rec);
      break;
    case Pattern::Gather:
      access_gather<<<1, n>>>(a.data(), idx.data(), out.data(), s, rec);
      break;
    case Pattern::Scatter:
      access_scatter<<<1, n>>>(a.data(), idx.data(), out.data(), s, rec);
      break;
    case Pattern::Stencil:
      access_stencil<<<1, n>>>(a.data(), out.data(), s, rec);
      break;
    case Pattern::Transpose:
      access_transpose<<<1, n>>>(a.data(), out.data(), s, rec);
      break;
    case Pattern::CornerTurning:
      access_corner<<<1, n, tile_size(p) * sizeof(float)>>>(a.data(), out.data(), s, rec);
      break;
  }
  WS_CUDA_CHECK_LAUNCH();
  recording.download(run.trace);
  return run;
}

}  // namespace ws::mem
