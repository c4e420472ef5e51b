// The scan mode's runs: the variant and its comparison through the kit's teach pipeline (checked
// against the CPU twin on CUDA, the look-back's schedule left out), a run that fails drawn in its
// place, the recorded timeline, the scaling counts and the run document.
#include "scan_variants_mode.h"

#include <algorithm>

#include "common/error.h"
#include "common/inputs.h"
#include "scan/scan_run.h"

namespace ws::app {

namespace {

// The parameters of the run shown (which = 0) or of the comparison beside it (1).
scan::Params run_params(const ScanVariantsSettings& s, int which) {
  if (which == 0) return s.params;
  return scan::params_for_variant(s.params, *s.compare,
                                  s.input.count(s.params.type, scan_input_limits()));
}

}  // namespace

ScanTeach ScanVariantsMode::run(Backend backend, int which) const {
  const ScanVariantsSettings& s = settings().scan;
  ScanTeach r;
  r.params = run_params(s, which);
  r.input = s.input.make(s.params.type, scan_input_limits(), r.input_label);
  try {
    static_cast<scan::TeachRun&>(r) = scan::teach(backend, r.params, r.input);
  } catch (const std::exception& e) {  // e.g. a variant not built yet: said in its place
    throw Error(std::string(which == 0 ? "" : "compare ") + scan::info(r.params.variant).id + ": " +
                e.what());
  }
  try {
    r.ranges = scan::replay_ranges(r.trace);
  } catch (const std::exception& e) {
    r.ranges_error = e.what();
  }
  static_cast<scan::SerialCheck&>(r) = scan::check_against_serial(r.params, r.input, r.result);
  return r;
}

TwinComparison ScanVariantsMode::twin_comparison(int which) const {
  // The look-back's polls depend on the schedule: compare_with_twin leaves them out (its note).
  const scan::Params params = run_params(settings().scan, which);
  return [params](const Trace& twin, Trace& kernel, std::string* note) {
    return scan::compare_with_twin(params, twin, kernel, note);
  };
}

void ScanVariantsMode::reset() {
  seek(0);  // a new run starts at its first step
  state_.run_error.clear();
  try {
    TracedMode::reset();
  } catch (const std::exception& e) {
    state_.run_error = e.what();
  }
  // What the figure adds to the runs (after a failed run too): the recorded timeline, the scaling.
  const ScanVariantsSettings& s = settings().scan;
  state_.recorded.reset();
  if (s.record > 0) {
    try {
      std::vector<char> data(static_cast<size_t>(s.record) * 4);
      generate_typed(s.input.distribution, s.params.type, s.record, s.input.seed, data.data());
      scan::Params p = s.params;
      p.block_dim = 0;
      state_.recorded = scan::record_timeline(backend(), p, data.data(), s.record);
    } catch (const std::exception& e) {
      state_.run_error += std::string(state_.run_error.empty() ? "" : "\n") + "record at " +
                          std::to_string(s.record) + ": " + e.what();
    }
  }
  state_.scaling.reset();
  if (resolve_scan_view(s.view, s.params.variant) == ScanView::Scaling) scaling();
}

const ScalingData& ScanVariantsMode::scaling() {
  if (!state_.scaling) {
    std::vector<int64_t> sizes;
    for (int64_t n = 4; n <= 1024; n *= 2) sizes.push_back(n);
    state_.scaling = compute_scaling(settings().scan.params, sizes);
  }
  return *state_.scaling;
}

void ScanVariantsMode::draw(gfx::Canvas& canvas, gfx::Theme theme) const {
  draw_scan_variants(canvas, theme, settings().scan, taught(0), taught(1), state_, step(), hover());
}

std::string ScanVariantsMode::caption() const {
  return scan_variants_caption(settings().scan, taught(0), step());
}

void ScanVariantsMode::fill(RunJson& doc) const {
  const ScanRun* run = taught();
  WS_REQUIRE(run != nullptr,
             state_.run_error.empty() ? std::string("scan: no run") : state_.run_error);
  const ScanTeach& r = run->run;
  nlohmann::json wrong = nlohmann::json::array();
  for (size_t i = 0; i < r.wrong.size(); ++i)
    if (r.wrong[i]) wrong.push_back(i);
  doc.input = r.input;
  doc.result = r.result;
  doc.reference = r.reference;
  doc.matches_reference = r.wrong_count == 0;
  doc.summary = std::string(scan::info(r.params.variant).id) + ", " +
                std::to_string(r.input.size()) + " values, " +
                (r.wrong_count == 0 ? "matches the serial scan"
                                    : std::to_string(r.wrong_count) + " positions WRONG");
  nlohmann::json& out = doc.extra;
  out = {{"wrong_positions", wrong},
         {"rounded_positions", r.rounded_count},
         {"level_sizes", r.level_sizes}};
  if (!r.timeline.blocks.empty()) {
    nlohmann::json blocks = nlohmann::json::array();
    for (const auto& b : r.timeline.blocks)
      blocks.push_back({{"block", b.block},
                        {"t_start", b.t_start},
                        {"t_aggregate", b.t_aggregate},
                        {"t_prefix", b.t_prefix},
                        {"t_end", b.t_end},
                        {"lookback_depth", b.lookback_depth},
                        {"polls", b.polls}});
    out["timeline"] = {{"measured", r.timeline.measured}, {"blocks", blocks}};
  }
  if (state_.recorded) {
    const scan::Timeline& t = *state_.recorded;
    int64_t polls = 0, depth = 0, span = 0;
    for (const auto& b : t.blocks) {
      polls += b.polls;
      depth = std::max<int64_t>(depth, b.lookback_depth);
      span = std::max(span, b.t_end);
    }
    out["recorded_timeline"] = {{"n", settings().scan.record},
                                {"measured", t.measured},
                                {"blocks", t.blocks.size()},
                                {"polls", polls},
                                {"polls_dropped", t.polls_dropped},
                                {"max_lookback_depth", depth},
                                {"span", span}};
  }
  if (const ScanRun* c = taught(1)) {
    out["compare"] = {{"variant", scan::info(c->run.params.variant).id},
                      {"result", c->run.result},
                      {"matches_reference", c->run.wrong_count == 0},
                      {"counters", counters_json(c->traced.counters)}};
  }
}

}  // namespace ws::app
