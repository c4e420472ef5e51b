// The CPU twins of the fast summed-area-table launches: the CPU engine's compute_sat.
//
//   1 row-column, 2 transpose   every row scanned serially, then every column: the kernels' own
//                               order, so f32 tables match the GPU's.
//   3 block-scan, 4 single-pass the same serial rows-then-columns order; the kernels add in a tree
//                               or across tiles, so their f32 tables may differ by rounding
//                               (u32 and f64 tables are exact either way).
//   5 register-tiled            the kernels' arithmetic step by step (sat_register_tiled.cu):
//                               tile sums, carries, then each tile's rows with the warp's
//                               butterfly and Kogge-Stone scans replayed over 32 lanes, in tiles
//                               as high as the kernels' (register_tile_rows), so f32 tables match
//                               the GPU's bit for bit.
#include "sat_fast_cpu.h"

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "../common/error.h"
#include "sat_register_tiled_shape.h"

namespace ws::sat {

namespace {

template <class In, class Out>
void rows_then_columns(const In* in, Out* out, int w, int h) {
  for (int y = 0; y < h; ++y) {
    const In* src = in + size_t(y) * w;
    Out* dst = out + size_t(y) * w;
    Out run = Out(src[0]);
    dst[0] = run;
    for (int x = 1; x < w; ++x) dst[x] = run = Out(run + Out(src[x]));
  }
  for (int y = 1; y < h; ++y) {
    const Out* above = out + size_t(y - 1) * w;
    Out* dst = out + size_t(y) * w;
    for (int x = 0; x < w; ++x) dst[x] = Out(dst[x] + above[x]);
  }
}

constexpr int kLanes = kRegisterLanes;
constexpr int kLaneCols = kRegisterLaneCols;
constexpr int kCols = kRegisterTileCols;

// The warp's butterfly total (every lane ends with lane 0's value).
template <class T>
T butterfly_total(T (&v)[kLanes]) {
  for (int d = kLanes / 2; d >= 1; d /= 2) {
    T next[kLanes];
    for (int l = 0; l < kLanes; ++l) next[l] = T(v[l] + v[l ^ d]);
    std::copy(next, next + kLanes, v);
  }
  return v[0];
}
// The warp's Kogge-Stone inclusive scan, then the exclusive prefix of each lane.
template <class T>
void exclusive_scan_lanes(T (&v)[kLanes]) {
  for (int d = 1; d < kLanes; d *= 2) {
    T next[kLanes];
    for (int l = 0; l < kLanes; ++l) next[l] = l >= d ? T(v[l - d] + v[l]) : v[l];
    std::copy(next, next + kLanes, v);
  }
  for (int l = kLanes - 1; l >= 1; --l) v[l] = v[l - 1];
  v[0] = T(0);
}

template <class In, class Out>
void register_tiled(const In* in, Out* out, int w, int h) {
  const int tile_rows = register_tile_rows(sizeof(In), sizeof(Out), w, h);
  const int ntx = (w + kCols - 1) / kCols, nty = (h + tile_rows - 1) / tile_rows;
  auto sample = [&](int x, int y) { return x < w ? Out(in[size_t(y) * w + x]) : Out(0); };
  std::vector<Out> col_sums(size_t(nty) * w), row_sums(size_t(ntx) * h), totals(size_t(ntx) * nty);
  // Launch 1: tile sums.
  for (int ty = 0; ty < nty; ++ty) {
    const int y0 = ty * tile_rows, y1 = std::min(y0 + tile_rows, h);
    for (int tx = 0; tx < ntx; ++tx) {
      const int x0 = tx * kCols;
      std::vector<Out> c(kCols, Out(0));
      for (int y = y0; y < y1; ++y) {
        Out lanes[kLanes];
        for (int l = 0; l < kLanes; ++l) {
          Out v[kLaneCols];
          for (int k = 0; k < kLaneCols; ++k) {
            v[k] = sample(x0 + l * kLaneCols + k, y);
            c[l * kLaneCols + k] = Out(c[l * kLaneCols + k] + v[k]);
          }
          lanes[l] = Out(Out(Out(v[0] + v[1]) + v[2]) + v[3]);
        }
        row_sums[size_t(tx) * h + y] = butterfly_total(lanes);
      }
      Out lanes[kLanes];
      for (int l = 0; l < kLanes; ++l) {
        const Out* cl = &c[l * kLaneCols];
        lanes[l] = Out(Out(Out(cl[0] + cl[1]) + cl[2]) + cl[3]);
      }
      totals[size_t(ty) * ntx + tx] = butterfly_total(lanes);
      for (int k = 0; k < kCols && x0 + k < w; ++k) col_sums[size_t(ty) * w + x0 + k] = c[k];
    }
  }
  // Launch 2: carries (exclusive scans, serial).
  std::vector<Out> col_carry(col_sums.size()), row_carry(row_sums.size()), corners(totals.size());
  for (int x = 0; x < w; ++x) {
    Out run = Out(0);
    for (int ty = 0; ty < nty; ++ty) {
      col_carry[size_t(ty) * w + x] = run;
      run = Out(run + col_sums[size_t(ty) * w + x]);
    }
  }
  for (int y = 0; y < h; ++y) {
    Out run = Out(0);
    for (int tx = 0; tx < ntx; ++tx) {
      row_carry[size_t(tx) * h + y] = run;
      run = Out(run + row_sums[size_t(tx) * h + y]);
    }
  }
  for (int ty = 0; ty < nty; ++ty) {
    Out run = Out(0);
    for (int tx = 0; tx < ntx; ++tx) {
      corners[size_t(ty) * ntx + tx] = run;
      run = Out(run + totals[size_t(ty) * ntx + tx]);
    }
  }
  for (int tx = 0; tx < ntx; ++tx) {
    Out run = Out(0);
    for (int ty = 0; ty < nty; ++ty) {
      const Out v = corners[size_t(ty) * ntx + tx];
      corners[size_t(ty) * ntx + tx] = run;
      run = Out(run + v);
    }
  }
  // Launch 3: each tile's table.
  for (int ty = 0; ty < nty; ++ty) {
    const int y0 = ty * tile_rows, y1 = std::min(y0 + tile_rows, h);
    for (int tx = 0; tx < ntx; ++tx) {
      const int x0 = tx * kCols;
      Out c[kLanes][kLaneCols];
      Out lanes[kLanes];
      for (int l = 0; l < kLanes; ++l) {
        for (int k = 0; k < kLaneCols; ++k) {
          const int x = x0 + l * kLaneCols + k;
          c[l][k] = x < w ? col_carry[size_t(ty) * w + x] : Out(0);
        }
        for (int k = 1; k < kLaneCols; ++k) c[l][k] = Out(c[l][k - 1] + c[l][k]);
        lanes[l] = c[l][kLaneCols - 1];
      }
      exclusive_scan_lanes(lanes);
      for (int l = 0; l < kLanes; ++l) {
        const Out base = Out(corners[size_t(ty) * ntx + tx] + lanes[l]);
        for (int k = 0; k < kLaneCols; ++k) c[l][k] = Out(base + c[l][k]);
      }
      for (int y = y0; y < y1; ++y) {
        Out p[kLanes][kLaneCols];
        for (int l = 0; l < kLanes; ++l) {
          p[l][0] = sample(x0 + l * kLaneCols, y);
          for (int k = 1; k < kLaneCols; ++k)
            p[l][k] = Out(p[l][k - 1] + sample(x0 + l * kLaneCols + k, y));
          lanes[l] = p[l][kLaneCols - 1];
        }
        exclusive_scan_lanes(lanes);
        const Out carry = row_carry[size_t(tx) * h + y];
        Out* dst = out + size_t(y) * w;
        for (int l = 0; l < kLanes; ++l) {
          const Out left = Out(carry + lanes[l]);
          for (int k = 0; k < kLaneCols; ++k) {
            c[l][k] = Out(c[l][k] + Out(left + p[l][k]));
            const int x = x0 + l * kLaneCols + k;
            if (x < w) dst[x] = c[l][k];
          }
        }
      }
    }
  }
}

template <class In, class Out>
void run_typed(Variant v, const void* in, void* out, int w, int h) {
  const In* src = static_cast<const In*>(in);
  Out* dst = static_cast<Out*>(out);
  switch (v) {
    case Variant::RowColumn:
    case Variant::Transpose:
    case Variant::BlockScan:
    case Variant::SinglePass:
      return rows_then_columns(src, dst, w, h);
    case Variant::RegisterTiled:
      return register_tiled(src, dst, w, h);
  }
  throw Error("summed-area table: unknown variant " + std::to_string(int(v)));
}

}  // namespace

void sat_fast_cpu(Variant v, Accum a, const void* in, void* out, int w, int h) {
  if (w < 1 || h < 1 || w > kMaxSide || h > kMaxSide)
    throw Error("summed-area table: the image is " + std::to_string(w) + " x " + std::to_string(h) +
                "; sides of 1.." + std::to_string(kMaxSide) + " are accepted");
  switch (a) {
    case Accum::U8U32:
      return run_typed<uint8_t, uint32_t>(v, in, out, w, h);
    case Accum::F32F32:
      return run_typed<float, float>(v, in, out, w, h);
    case Accum::F32F64:
      return run_typed<float, double>(v, in, out, w, h);
  }
  throw Error("summed-area table: unknown accumulation type " + std::to_string(int(a)));
}

}  // namespace ws::sat
