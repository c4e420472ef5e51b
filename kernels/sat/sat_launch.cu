// The dispatcher of the fast summed-area-table launches (sat_launch.h): checks the size once and
// hands the table to the variant's own launch (sat_row_column.cu ... sat_register_tiled.cu).
#include <string>

#include "../common/error.h"
#include "sat_launch.h"

namespace ws::sat {

namespace {

void check_size(int w, int h) {
  if (w < 1 || h < 1 || w > kMaxSide || h > kMaxSide)
    throw Error("summed-area table: the image is " + std::to_string(w) + " x " + std::to_string(h) +
                "; sides of 1.." + std::to_string(kMaxSide) + " are accepted");
}

[[noreturn]] void unknown_variant(Variant v) {
  throw Error("summed-area table: unknown variant " + std::to_string(int(v)) +
              " (1 row-column, 2 transpose, 3 block-scan, 4 single-pass, 5 register-tiled)");
}

}  // namespace

size_t sat_scratch_bytes(Variant v, Accum a, int w, int h) {
  check_size(w, h);
  switch (v) {
    case Variant::RowColumn:
      return row_column_scratch_bytes(a, w, h);
    case Variant::Transpose:
      return transpose_scratch_bytes(a, w, h);
    case Variant::BlockScan:
      return block_scan_scratch_bytes(a, w, h);
    case Variant::SinglePass:
      return single_pass_scratch_bytes(a, w, h);
    case Variant::RegisterTiled:
      return register_tiled_scratch_bytes(a, w, h);
  }
  unknown_variant(v);
}

void launch_sat(Variant v, Accum a, const void* in, void* out, int w, int h, void* scratch,
                cudaStream_t stream) {
  check_size(w, h);
  WS_REQUIRE(in != nullptr && out != nullptr,
             std::string("summed-area table: the image or the table is missing"));
  switch (v) {
    case Variant::RowColumn:
      return launch_row_column(a, in, out, w, h, scratch, stream);
    case Variant::Transpose:
      return launch_transpose(a, in, out, w, h, scratch, stream);
    case Variant::BlockScan:
      return launch_block_scan(a, in, out, w, h, scratch, stream);
    case Variant::SinglePass:
      return launch_single_pass(a, in, out, w, h, scratch, stream);
    case Variant::RegisterTiled:
      return launch_register_tiled(a, in, out, w, h, scratch, stream);
  }
  unknown_variant(v);
}

}  // namespace ws::sat
