// The summed-area-table scene's kernel-made text: every variant title, lesson, step label (with
// {0} for its numbers), phase and buffer name that kernels/sat/ can produce, and the input labels
// of sat_input.cpp, listed here so the catalog has them; ws::kernel_text translates them where
// they are shown.
#include "sat_strings.h"

#include <iterator>

#include "i18n/i18n.h"

namespace ws::app {

namespace {

// kernels/sat/sat_info.cpp: the variants' titles and lessons.
// kernels/sat/sat_teach_*_cpu.cpp (and the CUDA kernels, which emit the same trace): step labels.
// sat_input.cpp: the input's label.
const char* const kKernelTexts[] = {
    TR_NOOP("Row scan, then column scan"),
    TR_NOOP("Scan, transpose through shared memory, scan"),
    TR_NOOP("Block scans on rows and columns"),
    TR_NOOP("Single pass, look-back in both directions"),
    TR_NOOP("Register-cached tiles"),
    TR_NOOP("One thread per row reads addresses a row apart: the row phase is uncoalesced, the "
            "column phase is not."),
    TR_NOOP("A transpose through a padded shared-memory tile turns the strided phase into a "
            "coalesced one."),
    TR_NOOP("The scan scene's block scans give every line log-depth steps instead of a serial "
            "loop."),
    TR_NOOP("Tiles look back to the left for their row carries and wait for the tile above: the "
            "image is read once and the table written once, but the waits cost latency."),
    TR_NOOP("Each warp keeps a wide tile's running sums in registers: one pass sums the tiles, a "
            "tiny pass scans those sums, a last pass writes every tile with its carries, in wide "
            "coalesced stores."),
    // Variant 1 (and 2's column phase).
    TR_NOOP("row phase: x = {0}"),
    TR_NOOP("column phase: y = {0}"),
    // Variant 2.
    TR_NOOP("transpose in: load {0} tiles into shared memory"),
    TR_NOOP("transpose in: store the tiles' columns as rows of tmp"),
    TR_NOOP("row phase (down tmp): x = {0}"),
    TR_NOOP("transpose back: load {0} tiles of tmp"),
    TR_NOOP("transpose back: store into sat (the row scans)"),
    // Variant 3.
    TR_NOOP("row phase: load each row into shared memory"),
    TR_NOOP("column phase: load each column into shared memory"),
    TR_NOOP("row phase: stride {0}"),
    TR_NOOP("column phase: stride {0}"),
    TR_NOOP("row phase: store the scanned rows"),
    TR_NOOP("column phase: store the scanned columns"),
    // Variant 4.
    TR_NOOP("take a tile index from the counter, load the {0} tiles"),
    TR_NOOP("scan each row of the tile"),
    TR_NOOP("publish row sums (flag 1), look back left, publish row prefixes (flag 2)"),
    TR_NOOP("add the row carries: the tile holds its row scans"),
    TR_NOOP("scan each column of the tile"),
    TR_NOOP("publish column sums (flag 1), look back up, publish column prefixes (flag 2)"),
    TR_NOOP("add the column carries, store into sat"),
    // Variant 5.
    TR_NOOP("tile sums: row {0}"),
    TR_NOOP("tile sums: store column sums, row sums, tile totals"),
    TR_NOOP("carries: each column down the tiles"),
    TR_NOOP("carries: each row across the tiles"),
    TR_NOOP("carries: corners, across the rows of tiles"),
    TR_NOOP("carries: corners, down the columns of tiles"),
    TR_NOOP("tile tables: the table row above each tile"),
    TR_NOOP("tile tables: row {0}"),
    // The fused box filter's teach run (sat.h, sat_teach_fused_filter_cpu.cpp).
    TR_NOOP("The box filter fused with its table"),
    TR_NOOP("No table is stored: the window's column sums V move down the image a row at a "
            "time, their prefix E across the width is one block scan a row, and each pixel is "
            "two look-ups in E."),
    TR_NOOP("strip sums: row {0} of each strip"),
    TR_NOOP("strip sums: store each strip's column sums"),
    TR_NOOP("start columns: each segment sums its strips"),
    TR_NOOP("start columns: the earlier segments' totals, then the running sums"),
    TR_NOOP("walk: V at each block's first row"),
    TR_NOOP("walk: V sums each block's first window (no launches 1 and 2)"),
    TR_NOOP("walk, iteration {0}: V moves down, E by a block scan"),
    TR_NOOP("walk, iteration {0}: E published, the pixels"),
    TR_NOOP("strip sums"),
    TR_NOOP("start columns"),
    TR_NOOP("walk"),
    TR_NOOP("image"),
    TR_NOOP("segment totals"),
    TR_NOOP("running sums"),
    TR_NOOP("output"),
    // Phases.
    TR_NOOP("row"),
    TR_NOOP("column"),
    TR_NOOP("transpose"),
    TR_NOOP("tile"),
    TR_NOOP("look-back"),
    TR_NOOP("tile sums"),
    TR_NOOP("carries"),
    TR_NOOP("tile tables"),
    // Buffers the figure draws as rows (in, sat, tmp and tile are the kernels' array names).
    TR_NOOP("XY rows"),
    TR_NOOP("XY columns"),
    TR_NOOP("tile counter"),
    TR_NOOP("row flags"),
    TR_NOOP("row sums"),
    TR_NOOP("row prefixes"),
    TR_NOOP("column flags"),
    TR_NOOP("column sums"),
    TR_NOOP("column prefixes"),
    TR_NOOP("tile totals"),
    TR_NOOP("column carries"),
    TR_NOOP("row carries"),
    TR_NOOP("corners"),
    TR_NOOP("lane column sums"),
    TR_NOOP("lane table values"),
    // Inputs.
    TR_NOOP("typed {0}"),
    TR_NOOP("random {0}, seed {1}"),
    TR_NOOP("{0} averaged to {1}"),
};

}  // namespace

std::string sat_variant_name(sat::Variant v) {
  switch (v) {
    case sat::Variant::RowColumn:
      return tr("row-column");
    case sat::Variant::Transpose:
      return tr("transpose");
    case sat::Variant::BlockScan:
      return tr("block-scan");
    case sat::Variant::SinglePass:
      return tr("single-pass");
    case sat::Variant::RegisterTiled:
      return tr("register-tiled");
  }
  return sat::info(v).id;
}

const std::vector<const char*>& sat_kernel_text_keys() {
  static const std::vector<const char*> keys(std::begin(kKernelTexts), std::end(kKernelTexts));
  return keys;
}

const char* sat_method_label(sat::FilterMethod m) {
  switch (m) {
    case sat::FilterMethod::Sat:
      return tr("SAT (incl. table)");
    case sat::FilterMethod::Separable:
      return tr("separable running sums");
    case sat::FilterMethod::Direct:
      return tr("direct window sums");
    case sat::FilterMethod::Fused:
      return tr("two table rows (fused)");
  }
  return "";
}

}  // namespace ws::app
