// The access patterns' table and their parameters' checks.
#include <string>
#include <vector>

#include "../common/error.h"
#include "../common/variant_table.h"
#include "access.h"

namespace ws::mem {

const std::vector<PatternInfo>& pattern_infos() {
  static const std::vector<PatternInfo> infos = {
      {Pattern::Row, "row", "Row (map): a[i]", "access.cu", "PMPP 6.1; lecture: map",
       "Consecutive lanes on consecutive elements: a warp's 128 bytes come in 4 sectors, one "
       "line, every byte used."},
      {Pattern::Column, "column", "Column walk: a[i * W + c]", "access.cu", "PMPP 6.1",
       "Walking a row-major matrix down a column puts every lane in another row: one sector per "
       "lane, an eighth of each used."},
      {Pattern::Strided, "strided", "Strided: a[i * stride]", "access.cu", "PMPP 6.1",
       "A stride of s spreads the warp over s times the memory: the sectors grow with the stride "
       "until each lane has one of its own."},
      {Pattern::Misaligned, "misaligned", "Misaligned: a[offset + i]", "access.cu", "PMPP 6.1",
       "A start off the line boundary costs one more sector and one more line, not a warp's "
       "worth: misalignment is cheap, scattering is not."},
      {Pattern::Gather, "gather", "Gather: a[idx[i]]", "access.cu", "lecture: gather",
       "Indices spread over memory give every lane a sector of its own: the index array decides "
       "the cost, not the code."},
      {Pattern::LocalGather, "local-gather", "Local gather: a[idx[i]], idx within a window",
       "access.cu", "lecture: gather",
       "A permutation inside the warp's own 128 bytes costs what a row costs: coalescing is "
       "about which sectors, not which order."},
      {Pattern::Scatter, "scatter", "Scatter: out[idx[i]] = a[i]", "access.cu", "lecture: scatter",
       "Scattered writes cost a sector per lane, as scattered reads do, and may collide."},
      {Pattern::Stencil, "stencil", "Stencil: a[i], a[i+1], a[i+2]", "access.cu",
       "lecture: stencil",
       "Three shifted reads are three instructions; the shifted ones straddle a sector and the "
       "caches serve the reuse between neighbours."},
      {Pattern::Transpose, "transpose", "Transpose: read a row, write a column", "access.cu",
       "lecture: transpose",
       "A naive transpose reads coalesced and writes with a stride of the matrix height: one of "
       "the two sides always walks a column."},
      {Pattern::CornerTurning, "corner-turning", "Corner turning: rows into shared, columns out",
       "access.cu", "PMPP 6.1 (Fig. 6.4)",
       "Load the tile by rows (coalesced) and use it by columns from shared memory, where a "
       "column costs bank ways, not sectors: pad the row to spread it over the banks."},
  };
  return infos;
}

const PatternInfo& info(Pattern p) {
  return find_variant_info(pattern_infos(), p, "access");
}

bool parse_pattern(const std::string& text, Pattern& out) {
  return parse_variant_text(pattern_infos(), text, out);
}

int threads_of(const AccessParams& p) {
  return p.warps * kWarpSize;
}

namespace {
void access_require_range(const char* option, int value, int lo, int hi) {
  WS_REQUIRE(value >= lo && value <= hi, std::string("--") + option + " " + std::to_string(value) +
                                             ": accepted " + std::to_string(lo) + ".." +
                                             std::to_string(hi));
}
}  // namespace

void validate(const AccessParams& p) {
  WS_REQUIRE(static_cast<int>(p.pattern) >= 1 && static_cast<int>(p.pattern) <= 10,
             "--pattern " + std::to_string(static_cast<int>(p.pattern)) + ": accepted " +
                 variant_id_list(pattern_infos()));
  access_require_range("stride", p.stride, 1, kMaxStride);
  access_require_range("offset", p.offset, 0, kMaxOffset);
  const int e = p.elem_bytes;
  WS_REQUIRE(e == 1 || e == 2 || e == 4 || e == 8 || e == 16,
             "--elem-bytes " + std::to_string(e) + ": accepted 1, 2, 4, 8, 16 (float4)");
  access_require_range("warps", p.warps, 1, kMaxWarps);
  access_require_range("width", p.width, p.pattern == Pattern::CornerTurning ? kCornerTile : 1,
                       kMaxWidth);
  access_require_range("window", p.window, 1, kMaxWidth);
  access_require_range("tile-pad", p.tile_pad, 0, 32);
}

}  // namespace ws::mem
