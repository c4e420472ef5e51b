// Lecture-mode captions of the summed-area-table scene's teach mode (Mode::caption): for each
// variant and each kind of step (its code marker and phase), what the step does and why the
// variant orders the work that way (coalescing, bank conflicts, log-depth scans, one pass), then
// the trace's facts.
#include <string>
#include <vector>

#include "i18n/i18n.h"
#include "i18n/wording.h"
#include "sat_teach_mode.h"
#include "scene_kit/step_caption.h"

namespace ws::app {

namespace {

bool starts_with(const std::string& text, const char* prefix) {
  return text.rfind(prefix, 0) == 0;
}

// Why variant 1 does what it does in a step.
std::string why_row_column(const TraceStep& s) {
  if (s.code_marker == "@rc-row")
    return tr(
        "Thread y adds pixel x of row y to its running sum and writes it to sat. The threads of a "
        "warp read addresses a whole row apart, so every read is a memory transaction of its own: "
        "this row phase is not coalesced.");
  if (s.code_marker == "@rc-column")
    return tr(
        "Thread x adds row y of the row scans to its running sum down column x. Neighbouring "
        "threads now read neighbouring addresses, so a warp's reads coalesce into a few sectors: "
        "the same additions as the row phase, far less memory traffic.");
  return "";
}

std::string why_transpose(const TraceStep& s) {
  const bool back = starts_with(s.label, "transpose back");
  if (s.code_marker == "@tr-load")
    return back ? tr("The second transpose loads tiles of the scanned tmp in the same coalesced "
                     "way, to put the row scans back in image order.")
                : tr("The first transpose: each block copies a 32x32 tile of the image into "
                     "shared memory, consecutive threads reading consecutive pixels of a row, so "
                     "the loads coalesce.");
  if (s.code_marker == "@tr-store")
    return back ? tr("The tiles' columns go back as rows of sat: sat now holds the row scans in "
                     "image order, written coalesced and read from the padded tile without bank "
                     "conflicts.")
                : tr("Each thread writes a column of the tile as a row of tmp: the global writes "
                     "stay coalesced, and because the tile is padded to 33 columns a tile column "
                     "lies in 32 different banks, so reading it causes no bank conflicts.");
  if (s.code_marker == "@tr-row")
    return tr(
        "Thread y scans row y of the image by walking down column y of tmp: neighbouring threads "
        "read neighbouring addresses, so the phase that variant 1 left uncoalesced now "
        "coalesces. The two transposes are the price.");
  if (s.code_marker == "@tr-column")
    return tr(
        "The column phase as in variant 1: thread x adds row y of the row scans down column x, "
        "neighbouring threads reading neighbouring addresses, coalesced.");
  return "";
}

std::string why_block_scan(const TraceStep& s) {
  const bool rows = s.phase == "row";
  if (s.code_marker == "@bs-load")
    return rows ? tr("One block per row: thread t copies pixel t of its row into shared memory. "
                     "Consecutive threads read consecutive pixels, so the loads coalesce.")
                : tr("One block per column: thread t copies element t of its column into shared "
                     "memory. The addresses are a row apart, so these loads are not coalesced; "
                     "once in shared memory, the scan does not care.");
  if (s.code_marker == "@bs-scan")
    return rows ? tr("A Kogge-Stone step on every row at once: thread t adds the element one "
                     "stride to its left (reading before a barrier, writing after). After log2(n) "
                     "steps each element holds its prefix sum, instead of the n - 1 serial "
                     "additions of variant 1.")
                : tr("A Kogge-Stone step on every column at once: thread t adds the element one "
                     "stride above it (reading before a barrier, writing after). After log2(n) "
                     "steps each element holds its prefix sum, instead of the n - 1 serial "
                     "additions of variant 1.");
  if (s.code_marker == "@bs-store")
    return rows ? tr("The scanned rows go back to global memory, coalesced: sat now holds the row "
                     "scans, ready for the column phase.")
                : tr("The scanned columns go back into sat, a row apart again (not coalesced): "
                     "sat is now the summed-area table.");
  return "";
}

std::string why_single_pass(const TraceStep& s) {
  if (s.code_marker == "@sp-load")
    return tr(
        "Each block takes the next tile index from an atomic counter, so tiles start in row-major "
        "order and the tiles to the left and above are always already running (the look-back "
        "cannot deadlock); then it loads its tile: the image is read only once.");
  if (s.code_marker == "@sp-row-scan")
    return tr(
        "Each thread scans one row of its tile in shared memory: local row sums that still lack "
        "everything to the left of the tile.");
  if (s.code_marker == "@sp-row-lookback")
    return tr(
        "Look-back to the left: a tile publishes its row totals (flag 1), reads the tiles to its "
        "left, adding their totals until it finds published prefixes (flag 2), and publishes its "
        "own prefixes (flag 2). The carries arrive without a second pass over the image.");
  if (s.code_marker == "@sp-row-carry")
    return tr(
        "Adding the carry from the left to every row turns the tile's local scans into the "
        "image's row scans.");
  if (s.code_marker == "@sp-column-scan")
    return tr(
        "Each thread scans one column of its tile, now over the row scans: local column sums that "
        "still lack the tiles above.");
  if (s.code_marker == "@sp-column-lookback")
    return tr(
        "The same look-back upwards: column totals (flag 1), the tiles above, column prefixes "
        "(flag 2). A tile may have to wait for the tile above it: that wait is the latency this "
        "variant pays for its single pass.");
  if (s.code_marker == "@sp-store")
    return tr(
        "Adding the column carries gives the final values, and each tile writes them to sat "
        "once: one pass, the image read once and the table written once.");
  return "";
}

std::string why_register_tiled(const TraceStep& s) {
  if (s.code_marker == "@rt-sum-row")
    return tr(
        "Launch 1, a row of every tile at once: lane l adds its pixel to its column's running "
        "sum, kept in a register (the lane column sums row, a cell per lane: no memory "
        "traffic); a shuffle tree sums the row across the lanes. Neighbouring lanes read "
        "neighbouring pixels: coalesced. Here a lane owns one column; in the fast kernel, 4.");
  if (s.code_marker == "@rt-sum-store")
    return tr(
        "Each tile writes only its aggregates: a sum per column, a sum per row (lane r writes row "
        "r's: one coalesced store) and its total, a shuffle tree over the column sums. A T x T "
        "tile leaves 2T + 1 numbers, a small fraction of the image.");
  if (s.code_marker == "@rt-column-carry")
    return tr(
        "Launch 2 is tiny: thread x runs down column x of the column sums and writes, before each "
        "tile, the sum of the tiles above it (an exclusive scan): the column carries.");
  if (s.code_marker == "@rt-row-carry")
    return tr(
        "Thread y runs across row y of the row sums and writes, before each tile, the sum of that "
        "row in the tiles to its left: the row carries.");
  if (s.code_marker == "@rt-corner-rows")
    return tr(
        "The corners: the tile totals are scanned across each row of tiles (exclusive), then, in "
        "the next step, down each column of tiles.");
  if (s.code_marker == "@rt-corner-columns")
    return tr(
        "Down each column of tiles, in place: a tile's corner is now the sum of the whole image "
        "above and to the left of it. Every term of a tile's table is known, so the tiles of "
        "launch 3 are independent: no look-back, no waiting.");
  if (s.code_marker == "@rt-above")
    return tr(
        "Launch 3 reads the image a second time. Lane l scans the column carries across the lanes "
        "(Kogge-Stone shuffles) and adds the tile's corner: the table row just above the tile, "
        "where the lane's running column value starts, in a register (the lane table values "
        "row).");
  if (s.code_marker == "@rt-table-row")
    return tr(
        "Per row: a Kogge-Stone shuffle scan of the row's pixels across the lanes gives the "
        "prefix inside the tile, the row carry makes it the prefix from x = 0, and adding it to "
        "the lane's running column value gives the table: the register keeps it for the next "
        "row, and sat gets it once, coalesced.");
  return "";
}

// The fused box filter (sat_filter_fused_teach.cu): what each launch's step does, and what the
// teaching shape scales down.
std::string why_fused(const TraceStep& s) {
  if (s.code_marker == "@ff-strip-row")
    return tr(
        "Launch 1: the image is cut into strips at the rows where the walks will start (and every "
        "8th row here, every 128th in the fast kernel). A block per strip; each thread adds its 4 "
        "columns' pixels of this row into running column sums in registers (16 in the fast "
        "kernel). Neighbouring threads read neighbouring pixels: coalesced.");
  if (s.code_marker == "@ff-strip-store")
    return tr(
        "Each strip leaves one number per column, its column sum: a few rows of sums instead of a "
        "w x h table.");
  if (s.code_marker == "@ff-segment")
    return tr(
        "Launch 2 adds the strips down each column: lane x owns column x, and the strips are "
        "split between the warps (2 segments here, 32 in the fast kernel). Each segment adds its "
        "strips and publishes its total in shared memory; a barrier follows.");
  if (s.code_marker == "@ff-start-run")
    return tr(
        "Each segment adds the totals of the segments above it, then runs down its strips: the "
        "start columns are the column sums from row 0 through each start row, the only rows of "
        "the table the walks need (the fast kernel overwrites the strip sums in place).");
  if (s.code_marker == "@ff-walk-start")
    return tr(
        "Launch 3, the walk: a block owns a run of output rows (8 here) across the whole width; "
        "thread t owns 4 columns (8 in the fast kernel). Its V, the column sums over the first "
        "row's window, is two start columns subtracted: the rows through the window's bottom "
        "minus the rows above its top.");
  if (s.code_marker == "@ff-walk-direct")
    return tr(
        "Launch 3 alone: the window (2r + 1 rows) is no taller than a block's run of output rows "
        "(8 here), so no strips are needed. Each thread reads its 4 columns of the window's image "
        "rows, row after row, and adds them into V, the column sums over the first row's window; "
        "launches 1 and 2 do not run. The fast kernel does the same whenever 2r + 1 is at most "
        "1.4 times its blocks' rows (r <= 43 at 8192 x 8192): up to there, reading those rows "
        "was measured to cost less than launches 1 and 2.");
  if (s.code_marker == "@ff-walk-move")
    return tr(
        "Per output row V moves down with the window: it gains the entering image row at the "
        "bottom and loses the leaving row at the top (two byte adds per column, none once the "
        "window is clamped at an edge). Each thread adds up its columns of V, a shuffle scan "
        "across the threads (one warp here; the fast kernel's 8 to 32 warps add a second level "
        "and a barrier) gives the threads before it, and E, the prefix of V across the width, "
        "goes to shared memory. Two output rows an iteration.");
  if (s.code_marker == "@ff-walk-pixels")
    return tr(
        "After one barrier E is published. Each pixel's window sum is two look-ups, E(x1) - "
        "E(x0 - 1), divided by the clamped window's true pixel count and rounded half up: the "
        "same rule as every other box filter, so the same bits. Threads take pixels t, t + T, "
        "... so that neighbouring lanes read neighbouring E and write neighbouring bytes.");
  return "";
}

// Why step `s` of variant `v` does what it does, in the current language (the variant's lesson
// for a step the sentences do not know).
std::string why(sat::Variant v, const TraceStep& s) {
  std::string text;
  switch (v) {
    case sat::Variant::RowColumn:
      text = why_row_column(s);
      break;
    case sat::Variant::Transpose:
      text = why_transpose(s);
      break;
    case sat::Variant::BlockScan:
      text = why_block_scan(s);
      break;
    case sat::Variant::SinglePass:
      text = why_single_pass(s);
      break;
    case sat::Variant::RegisterTiled:
      text = why_register_tiled(s);
      break;
  }
  // A step the sentences above do not know (a kernel grew one): the variant's lesson.
  return text.empty() ? kernel_text(sat::info(v).lesson) : text;
}

}  // namespace

std::string SatTeachMode::caption() const {
  const Taught<sat::TeachRun>* t = taught();
  const TraceStep* s = shown_step();
  if (!t) return error();
  if (!s) return "";
  const bool fused = t->run.params.kernel == sat::TeachKernel::FusedFilter;
  std::string text = fused ? why_fused(*s) : why(t->run.params.variant, *s);
  if (fused && text.empty()) text = kernel_text(sat::kFusedTeachLesson);
  return compose_caption(
      s->label, text, step_facts(t->run.trace, t->traced.counters, step(), &t->traced.snapshots));
}

}  // namespace ws::app
