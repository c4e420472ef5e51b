// Lecture-mode captions of the summed-area-table scene's three modes (Scene::caption) and the
// variants the keys 1..9 choose (Scene::lecture_variants). Teach mode says, for each variant and
// each kind of step (its code marker and phase), what the step does and why the variant orders the
// work that way (coalescing, bank conflicts, log-depth scans, one pass), then the trace's facts;
// query mode spells out the four corners and D - B - C + A; filter mode what the box filter or the
// depth of field does with the table.
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "i18n/i18n.h"
#include "sat_filter_scene.h"
#include "sat_query_scene.h"
#include "sat_strings.h"
#include "sat_teach_scene.h"
#include "scene_kit/step_caption.h"

namespace ws::app {

namespace {

// Sentences follow each other with a space in English, with none in Chinese.
std::string join_sentences(const std::vector<std::string>& sentences) {
  const char* gap = i18n::language() == i18n::Language::Chinese ? "" : " ";
  std::string text;
  for (const std::string& s : sentences) {
    if (s.empty()) continue;
    text += (text.empty() ? "" : gap) + s;
  }
  return text;
}

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

std::string teach_why(sat::Variant v, const TraceStep& s) {
  std::string why;
  switch (v) {
    case sat::Variant::RowColumn:
      why = why_row_column(s);
      break;
    case sat::Variant::Transpose:
      why = why_transpose(s);
      break;
    case sat::Variant::BlockScan:
      why = why_block_scan(s);
      break;
    case sat::Variant::SinglePass:
      why = why_single_pass(s);
      break;
    case sat::Variant::RegisterTiled:
      break;
  }
  // A step the sentences above do not know (a kernel grew one): the variant's lesson.
  return why.empty() ? sat_text(sat::info(v).lesson) : why;
}

std::string shortest(double v) {
  char text[64];
  std::snprintf(text, sizeof text, "%.10g", v);
  return text;
}

std::string milliseconds(double ms) {
  char text[32];
  std::snprintf(text, sizeof text, "%.3f", ms);
  return text;
}

std::vector<std::string> all_variant_ids() {
  std::vector<std::string> ids;
  for (const sat::VariantInfo& v : sat::variant_infos()) ids.push_back(v.id);
  return ids;
}

}  // namespace

std::vector<std::string> SatTeachScene::lecture_variants() const {
  // Variant 5 has no step-by-step trace: teach mode refuses it.
  std::vector<std::string> ids;
  for (const sat::VariantInfo& v : sat::variant_infos())
    if (sat::has_teach_trace(v.variant)) ids.push_back(v.id);
  return ids;
}

std::string SatTeachScene::caption() const {
  if (!taught_) return error_;
  const sat::TeachRun& run = taught_->run;
  const int step = cursor_.step();
  if (step < 0 || step >= static_cast<int>(run.trace.steps.size())) return "";
  const TraceStep& s = run.trace.steps[size_t(step)];
  return compose_caption(
      s.label, teach_why(run.params.variant, s),
      step_facts(run.trace, taught_->traced.counters, step, &taught_->traced.snapshots));
}

std::vector<std::string> SatQueryScene::lecture_variants() const {
  return all_variant_ids();
}

std::string SatQueryScene::caption() const {
  if (table_.empty()) return error_;
  const SatQuery q = query();
  std::vector<std::string> sentences;
  sentences.push_back(
      trf("Four look-ups give the sum of the rectangle ({0}, {1}) to ({2}, {3}): D at its "
          "bottom-right corner, minus B above its top-right and C left of its bottom-left, plus A "
          "above-left, which B and C both took away.",
          q.x0, q.y0, q.x1, q.y1));
  char mean[32];
  std::snprintf(mean, sizeof mean, "%.6g", q.mean());
  sentences.push_back(
      trf("sum = D - B - C + A = {0} - {1} - {2} + {3} = {4} over {5}, mean {6}: "
          "a rectangle of any size costs the same four look-ups.",
          shortest(q.d), shortest(q.b), shortest(q.c), shortest(q.a), shortest(q.sum),
          sat_count(q.count, TR_NOOP("{0} pixel"), TR_NOOP("{0} pixels")), mean));
  if (q.d - q.b - q.c + q.a != q.sum)
    sentences.push_back(
        tr("The u32 table wrapped around 2^32, yet the difference did not: unsigned arithmetic "
           "is modulo 2^32, so the wrap cancels."));
  if (!q.matches())
    sentences.push_back(
        trf("Adding the pixels directly gives {0}: the difference is the float "
            "table's rounding.",
            shortest(q.direct)));
  const sat::Variant v = settings_->variant;
  sentences.push_back(input_.bytes ? trf("Variant {0} ({1}) built the table on {2}.", int(v),
                                         sat_text(sat::info(v).title), backend_name(backend()))
                                   : tr("The sequential CPU loop built the table (the typed "
                                        "values are not bytes)."));
  return join_sentences(sentences);
}

std::vector<std::string> SatFilterScene::lecture_variants() const {
  return all_variant_ids();
}

std::string SatFilterScene::caption() const {
  if (!engine_ || in_->input.pixels() == 0) return error_;
  const SatSettings& s = shown_;
  const sat::Variant v = s.variant;
  std::vector<std::string> sentences;
  const int r = s.filter.radius, side = 2 * r + 1;
  char focus[32];
  std::snprintf(focus, sizeof focus, "%.2f", s.filter.focus);
  const auto aperture = static_cast<long>(std::lround(s.filter.aperture));
  if (s.filter.depth_of_field) {
    sentences.push_back(trf(
        "Depth of field: each pixel's blur radius is aperture x |depth - focus| (aperture {1} px, "
        "sharp where the depth is {0}), so every pixel averages a window of its own size.",
        focus, aperture));
    sentences.push_back(
        s.method == sat::FilterMethod::Sat
            ? tr("Through the summed-area table every window still costs four look-ups whatever "
                 "its size; a separable filter cannot do this, it needs one radius for the whole "
                 "image.")
            : tr("The direct filter adds every pixel of each window: exact, but the cost grows "
                 "with the square of the radius, where the table needs four look-ups."));
  } else if (s.method == sat::FilterMethod::Sat) {
    sentences.push_back(trf(
        "Box filter of radius {0}: each output pixel is the mean of the {1}x{1} window around it, "
        "clamped at the border.",
        r, side));
    sentences.push_back(
        tr("Through the summed-area table that is four look-ups per pixel, D - B - C + A divided "
           "by the pixels in the window, whatever the radius."));
  } else if (s.method == sat::FilterMethod::Separable) {
    sentences.push_back(
        trf("Box filter of radius {0} by separable running sums: along each row, then each column, "
            "the window's sum gains one pixel and loses one per step.",
            r));
    sentences.push_back(
        tr("That too costs the same at any radius, but it takes two passes and one radius for the "
           "whole image, so it cannot do depth of field."));
  } else {
    sentences.push_back(
        trf("Box filter of radius {0} by direct sums: each output pixel adds all {1} pixels of its "
            "window.",
            r, int64_t(side) * side));
    sentences.push_back(
        tr("The cost grows with the square of the radius: the baseline that the table's four "
           "look-ups beat."));
  }
  if (s.compare && !compared_.empty())
    sentences.push_back(trf("Beside it, {0}: {1} samples differ.",
                            sat_method_label(s.compare_method), compare_differing_));
  if (s.method == sat::FilterMethod::Sat)
    sentences.push_back(
        trf("Variant {0} ({1}) built the table; table and filter took {2} ms on "
            "{3}.",
            int(v), sat_text(sat::info(v).title), milliseconds(run_ms_), backend_name(backend())));
  else
    sentences.push_back(
        trf("The filter took {0} ms on {1}.", milliseconds(run_ms_), backend_name(backend())));
  return join_sentences(sentences);
}

}  // namespace ws::app
