// The CPU convolutions the engine and the references share: rows y0..y1-1 of one plane, in the
// variants' float order (direct), and the two passes of the separable path (variant 5 for rank-1
// filters: rows into a float plane, then columns of it). Ghost cells of Zero are skipped.
#pragma once

#include <cstdint>

#include "convolution.h"

namespace ws::conv {

// How each multiply-add rounds: Separate (a product, then a sum: variants 1-4 and the traced
// kernels, under EXACT_FLOAT) or Fused (one fmaf: variant 5's full-size kernels, __fmaf_rn).
enum class Rounding : uint8_t { Separate, Fused };

// out[y w + x] for y0 <= y < y1: sum over filter rows j, then columns i, of F[j][i] N[..], float.
void convolve_rows(const float* in, int w, int h, const Filter& f, Boundary b, int y0, int y1,
                   float* out, Rounding rounding = Rounding::Separate);
// The separable path: rows[y w + x] = sum_i row[i] N[y][x - rx + i] for y0 <= y < y1, then
// out[y w + x] = sum_j column[j] rows[y - ry + j][x] for y0 <= y < y1 (rows must hold every row
// the column pass reads).
void row_pass(const float* in, int w, int h, const std::vector<float>& row, Boundary b, int y0,
              int y1, float* rows, Rounding rounding = Rounding::Separate);
void column_pass(const float* rows, int w, int h, const std::vector<float>& column, Boundary b,
                 int y0, int y1, float* out, Rounding rounding = Rounding::Separate);
// Variant 5 on the CPU, whole plane: separable when separate() finds a split, else direct; fused
// multiply-adds, as the CUDA kernels round.
std::vector<float> convolve_fast_cpu(const Plane& in, const Filter& f, Boundary b);

}  // namespace ws::conv
