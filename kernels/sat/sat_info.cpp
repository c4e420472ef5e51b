// Names, parsing and validation for the summed-area-table API (sat.h).
#include <cmath>
#include <cstdlib>

#include "../common/error.h"
#include "../common/variant_table.h"
#include "sat.h"

namespace ws::sat {

const std::vector<VariantInfo>& variant_infos() {
  static const std::vector<VariantInfo> infos = {
      {Variant::RowColumn, "row-column", "Row scan, then column scan", "sat_row_column.cu",
       "One thread per row reads addresses a row apart: the row phase is uncoalesced, the column "
       "phase is not."},
      {Variant::Transpose, "transpose", "Scan, transpose through shared memory, scan",
       "sat_transpose.cu",
       "A transpose through a padded shared-memory tile turns the strided phase into a coalesced "
       "one."},
      {Variant::BlockScan, "block-scan", "Block scans on rows and columns", "sat_block_scan.cu",
       "The scan scene's block scans give every line log-depth steps instead of a serial loop."},
      {Variant::SinglePass, "single-pass", "Single pass, look-back in both directions",
       "sat_single_pass.cu",
       "Tiles look back to the left for their row carries and wait for the tile above: the "
       "image is read once and the table written once, but the waits cost latency."},
      {Variant::RegisterTiled, "register-tiled", "Register-cached tiles", "sat_register_tiled.cu",
       "Each warp keeps a wide tile's running sums in registers: one pass sums the tiles, a tiny "
       "pass scans those sums, a last pass writes every tile with its carries, in wide "
       "coalesced stores."},
  };
  return infos;
}

const VariantInfo& info(Variant v) {
  return find_variant_info(variant_infos(), v, "summed-area-table");
}

bool parse_variant(const std::string& text, Variant& out) {
  return parse_variant_text(variant_infos(), text, out);
}

const char* accum_name(Accum a) {
  switch (a) {
    case Accum::U8U32:
      return "u8";
    case Accum::F32F32:
      return "f32";
    case Accum::F32F64:
      return "f32-f64";
  }
  return "?";
}

bool parse_accum(const std::string& text, Accum& out) {
  if (text == "u8" || text == "u8-u32")
    out = Accum::U8U32;
  else if (text == "f32" || text == "f32-f32")
    out = Accum::F32F32;
  else if (text == "f32-f64")
    out = Accum::F32F64;
  else
    return false;
  return true;
}

int input_bytes(Accum a) {
  return a == Accum::U8U32 ? 1 : 4;
}
int output_bytes(Accum a) {
  return a == Accum::F32F64 ? 8 : 4;
}

void validate(const Plane& p, Accum a) {
  if (p.width < 1 || p.height < 1 || p.width > kMaxSide || p.height > kMaxSide)
    throw Error("the image is " + std::to_string(p.width) + " x " + std::to_string(p.height) +
                ": each side must be 1.." + std::to_string(kMaxSide));
  if (int64_t(p.values.size()) != p.pixels())
    throw Error("the image has " + std::to_string(p.values.size()) + " values for " +
                std::to_string(p.width) + " x " + std::to_string(p.height) + " pixels");
  for (size_t i = 0; i < p.values.size(); ++i) {
    const float v = p.values[i];
    if (!std::isfinite(v))
      throw Error("pixel " + std::to_string(i % p.width) + "," + std::to_string(i / p.width) +
                  " is not a finite number");
    if (a == Accum::U8U32 && (v < 0 || v > 255 || v != std::floor(v)))
      throw Error("pixel " + std::to_string(i % p.width) + "," + std::to_string(i / p.width) +
                  " is " + std::to_string(v) + ": u8 samples are integers 0..255");
  }
}

const char* filter_method_name(FilterMethod m) {
  switch (m) {
    case FilterMethod::Sat:
      return "sat";
    case FilterMethod::Direct:
      return "direct";
    case FilterMethod::Separable:
      return "separable";
    case FilterMethod::Fused:
      return "fused";
  }
  return "?";
}

bool parse_filter_method(const std::string& text, FilterMethod& out) {
  for (FilterMethod m :
       {FilterMethod::Sat, FilterMethod::Direct, FilterMethod::Separable, FilterMethod::Fused})
    if (text == filter_method_name(m)) {
      out = m;
      return true;
    }
  return false;
}

const char* teach_kernel_name(TeachKernel k) {
  return k == TeachKernel::FusedFilter ? "fused" : "table";
}

bool parse_teach_kernel(const std::string& text, TeachKernel& out) {
  for (TeachKernel k : {TeachKernel::Table, TeachKernel::FusedFilter})
    if (text == teach_kernel_name(k)) {
      out = k;
      return true;
    }
  return false;
}

int dof_radius(float depth, float focus, float aperture) {
  const float d = depth - focus;
  const float r = aperture * (d < 0 ? -d : d);
  return static_cast<int>(std::floor(r + 0.5f));
}

}  // namespace ws::sat
