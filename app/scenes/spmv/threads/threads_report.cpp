#include "threads_report.h"

#include <cmath>
#include <limits>
#include <set>

namespace ws::app {

nlohmann::json threads_summary_json(const ThreadsSummary& s) {
  nlohmann::json out = {{"variant", spmv::spmv_info(s.variant).id}};
  if (!s.error.empty()) {
    out["error"] = s.error;
    return out;
  }
  out.update({{"steps", s.steps},
              {"sectors", s.sectors},
              {"sectors_col", s.sectors_col},
              {"sectors_val", s.sectors_val},
              {"sectors_x", s.sectors_x},
              {"lane_efficiency", s.lane_efficiency},
              {"divergent_warps", s.divergent_warps},
              {"atomics", s.atomics},
              {"longest_atomic_chain", s.longest_atomic_chain},
              {"padding_reads", s.padding_reads}});
  return out;
}

nlohmann::json threads_json(const spmv::SpmvTeachRun& run, const ThreadsAnalysis& analysis,
                            const std::vector<ThreadsSummary>& variants) {
  nlohmann::json threads = nlohmann::json::array();
  int64_t working = 0;
  for (const spmv::SpmvThreadWork& t : run.threads) {
    if (t.row < 0) continue;
    ++working;
    threads.push_back({{"thread", t.thread},
                       {"launch", t.launch == spmv::SpmvLaunch::Main ? "main" : "coo"},
                       {"row", t.row},
                       {"iterations", t.iterations},
                       {"slots", t.slots}});
  }
  std::set<int32_t> iterations;
  nlohmann::json steps = nlohmann::json::array();
  for (size_t s = 0; s < analysis.steps.size(); ++s) {
    const ThreadsStepFacts& f = analysis.steps[s];
    const spmv::SpmvStepInfo* info = s < run.steps.size() ? &run.steps[s] : nullptr;
    if (info && info->iteration >= 0 && info->launch == spmv::SpmvLaunch::Main)
      iterations.insert(info->iteration);
    steps.push_back({{"label", run.trace.steps[s].label},
                     {"iteration", info ? info->iteration : -1},
                     {"busy_lanes", f.busy_lanes},
                     {"finished_lanes", f.finished_lanes},
                     {"active_warps", f.active_warps},
                     {"divergent_warps", f.divergent_warps},
                     {"sectors_col", f.sectors_col},
                     {"sectors_val", f.sectors_val},
                     {"sectors_x", f.sectors_x},
                     {"sectors_other", f.sectors_other},
                     {"atomics", f.atomics},
                     {"max_atomic_chain", f.max_atomic_chain},
                     {"padding_reads", f.padding_reads}});
  }
  nlohmann::json atomics = nlohmann::json::array();
  for (const std::vector<int32_t>& order : run.atomic_order) atomics.push_back(order);
  nlohmann::json compared = nlohmann::json::array();
  for (const ThreadsSummary& s : variants) compared.push_back(threads_summary_json(s));
  return {{"variant", spmv::spmv_info(run.params.variant).id},
          {"block_dim", run.params.block_dim},
          {"hybrid_width", run.params.hybrid_width},
          {"working_threads", working},
          {"main_iterations", int64_t(iterations.size())},
          {"thread_work", threads},
          {"step_facts", steps},
          {"summary", threads_summary_json(analysis.summary)},
          {"atomic_order", atomics},
          {"variants", compared}};
}

bool threads_matches_reference(const spmv::SpmvTeachRun& run,
                               const std::vector<double>& reference) {
  const spmv::CsrMatrix& m = run.matrix;
  if (run.y.size() != reference.size() || int64_t(run.y.size()) != m.rows) return false;
  const double eps = run.params.type == ValueType::Float64 ? std::numeric_limits<double>::epsilon()
                                                           : std::numeric_limits<float>::epsilon();
  for (int32_t r = 0; r < m.rows; ++r) {
    double magnitude = 0;
    for (int32_t k = m.row_ptr[size_t(r)]; k < m.row_ptr[size_t(r) + 1]; ++k)
      magnitude += std::fabs(m.val[size_t(k)] * run.x.at(size_t(m.col[size_t(k)])));
    const double bound = (m.row_length(r) + 2) * eps * magnitude;
    if (!(std::fabs(run.y[size_t(r)] - reference[size_t(r)]) <= bound)) return false;
  }
  return true;
}

}  // namespace ws::app
