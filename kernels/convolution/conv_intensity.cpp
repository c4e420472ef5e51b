// Arithmetic intensity (PMPP 7.4-7.5): multiply-add pairs per byte of DRAM traffic, f32.
#include "../common/error.h"
#include "convolution.h"

namespace ws::conv {

namespace {

// Operations per byte when `outputs` outputs each do `taps` multiply-adds (2 operations) and the
// block loads `loads` 4-byte elements from DRAM.
double ratio(double outputs, double taps, double loads) {
  return outputs * taps * 2.0 / (loads * 4.0);
}

}  // namespace

Intensity arithmetic_intensity(Variant v, int out_tile, int radius, int dims) {
  if (out_tile < 1 || radius < 0 || radius > kMaxRadius || (dims != 1 && dims != 2))
    throw Error("arithmetic intensity needs an output tile of 1 or more, a radius of 0.." +
                std::to_string(kMaxRadius) + " and 1 or 2 dimensions");
  const double side = 2.0 * radius + 1.0;
  const double taps = dims == 2 ? side * side : side;
  const double outputs = dims == 2 ? double(out_tile) * out_tile : double(out_tile);
  const double in_side = double(out_tile) + 2.0 * radius;
  const double in_cells = dims == 2 ? in_side * in_side : in_side;
  Intensity r;
  switch (v) {
    case Variant::Basic:  // an input cell and a weight per multiply-add
      r.op_per_byte = r.bound = ratio(1, 1, 2);
      break;
    case Variant::ConstantMemory:  // the weights come from the constant cache
      r.op_per_byte = r.bound = ratio(1, 1, 1);
      break;
    case Variant::TiledInput:
    case Variant::Fast:  // the input tile with its halo, once
      r.op_per_byte = ratio(outputs, taps, in_cells);
      r.bound = ratio(1, taps, 1);
      break;
    case Variant::TiledOutput:  // the tile's interior once, the halo from the caches
      r.op_per_byte = r.bound = ratio(outputs, taps, outputs);
      break;
    default:
      throw Error("unknown convolution variant " + std::to_string(int(v)));
  }
  return r;
}

}  // namespace ws::conv
