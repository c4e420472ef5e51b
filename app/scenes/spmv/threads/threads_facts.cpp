#include "threads_facts.h"

#include <algorithm>
#include <map>
#include <set>

#include "common/error.h"
#include "views/warp_access_list.h"

namespace ws::app {

namespace {

using spmv::SpmvLaunch;
using spmv::SpmvTeachRun;
using spmv::SpmvVariant;

SpmvLaunch threads_step_launch(const SpmvTeachRun& run, int step) {
  return size_t(step) < run.steps.size() ? run.steps[size_t(step)].launch : SpmvLaunch::Main;
}

}  // namespace

std::pair<int32_t, int32_t> slot_cell(const SpmvTeachRun& run, SpmvLaunch launch, int32_t slot) {
  const auto at = [](const auto& v, int32_t i) { return v.at(size_t(i)); };
  switch (run.params.variant) {
    case SpmvVariant::Coo:
      return {at(run.coo.row, slot), at(run.coo.col, slot)};
    case SpmvVariant::Ell:
      if (at(run.ell.padded, slot)) return {-1, -1};
      return {slot % std::max(1, run.ell.rows), at(run.ell.col, slot)};
    case SpmvVariant::Hybrid:
      if (launch == SpmvLaunch::HybridCoo)
        return {at(run.hybrid.coo.row, slot), at(run.hybrid.coo.col, slot)};
      if (at(run.hybrid.ell.padded, slot)) return {-1, -1};
      return {slot % std::max(1, run.hybrid.ell.rows), at(run.hybrid.ell.col, slot)};
    case SpmvVariant::Jds: {
      const std::vector<int32_t>& ptr = run.jds.iter_ptr;
      const auto k = std::upper_bound(ptr.begin(), ptr.end(), slot) - ptr.begin() - 1;
      const int32_t sorted_row = slot - ptr.at(size_t(k));
      return {at(run.jds.perm, sorted_row), at(run.jds.col, slot)};
    }
    default: {
      const std::vector<int32_t>& ptr = run.matrix.row_ptr;
      const auto r = std::upper_bound(ptr.begin(), ptr.end(), slot) - ptr.begin() - 1;
      return {int32_t(r), at(run.matrix.col, slot)};
    }
  }
}

SpmvArrayRole spmv_array_role(const std::string& name) {
  if (name == "col" || name == "ell_col" || name == "coo_col") return SpmvArrayRole::Col;
  if (name == "val" || name == "ell_val" || name == "coo_val") return SpmvArrayRole::Val;
  if (name == "x") return SpmvArrayRole::X;
  if (name == "y") return SpmvArrayRole::Y;
  return SpmvArrayRole::Other;
}

int32_t slot_owner(const SpmvTeachRun& run, SpmvLaunch launch, int32_t slot) {
  for (const spmv::SpmvThreadWork& t : run.threads)
    if (t.launch == launch && std::find(t.slots.begin(), t.slots.end(), slot) != t.slots.end())
      return t.thread;
  return -1;
}

ThreadsAnalysis analyse_threads(const SpmvTeachRun& run, const Counters& counters) {
  ThreadsAnalysis out;
  const Trace& trace = run.trace;
  const int warp = std::max(1, trace.warp_size);
  ThreadsSummary& sum = out.summary;
  sum.variant = run.params.variant;
  sum.steps = int64_t(trace.steps.size());
  sum.sectors = counters.global_requests;
  sum.lane_efficiency = counters.efficiency;
  sum.divergent_warps = counters.divergent_warps;
  sum.atomics = counters.atomics;
  sum.longest_atomic_chain = counters.longest_atomic_chain;
  for (size_t s = 0; s < trace.steps.size(); ++s) {
    const TraceStep& step = trace.steps[s];
    ThreadsStepFacts f;
    const SpmvLaunch launch = threads_step_launch(run, int(s));
    if (s < counters.per_step.size()) {
      const StepCounters& c = counters.per_step[s];
      f.active_warps = c.active_warps;
      f.divergent_warps = c.divergent_warps;
      f.atomics = c.atomics;
      f.max_atomic_chain = c.max_atomic_chain;
    }
    std::set<int32_t> busy, busy_warps;
    for (const TraceEvent& e : step.events) {
      if (e.kind == EventKind::Skip) continue;
      busy.insert(e.thread);
      busy_warps.insert(e.thread / warp);
      const std::string& name = trace.buffers.at(size_t(e.buffer)).name;
      if (e.kind != EventKind::Read || spmv_array_role(name) != SpmvArrayRole::Val) continue;
      CellRead r;
      r.step = int(s);
      r.thread = e.thread;
      r.launch = launch;
      r.slot = e.address;
      r.val_buffer = e.buffer;
      std::tie(r.row, r.col) = slot_cell(run, launch, e.address);
      if (r.row < 0) ++f.padding_reads;
      out.reads.push_back(r);
    }
    f.busy_lanes = int64_t(busy.size());
    // Lanes of the warps at work that have a row but nothing to do in this step: they finished
    // (or wait for) their row while a neighbour still works.
    for (const spmv::SpmvThreadWork& t : run.threads)
      if (t.launch == launch && t.row >= 0 && busy_warps.count(t.thread / warp) &&
          !busy.count(t.thread))
        ++f.finished_lanes;
    for (const WarpAccess& a : warp_access_list(trace, int(s))) {
      if (trace.buffers.at(size_t(a.buffer)).space != MemSpace::Global) continue;
      switch (spmv_array_role(trace.buffers.at(size_t(a.buffer)).name)) {
        case SpmvArrayRole::Col:
          f.sectors_col += a.sectors;
          break;
        case SpmvArrayRole::Val:
          f.sectors_val += a.sectors;
          break;
        case SpmvArrayRole::X:
          f.sectors_x += a.sectors;
          break;
        default:
          f.sectors_other += a.sectors;
          break;
      }
    }
    sum.sectors_col += f.sectors_col;
    sum.sectors_val += f.sectors_val;
    sum.sectors_x += f.sectors_x;
    sum.padding_reads += f.padding_reads;
    out.steps.push_back(f);
  }
  return out;
}

std::vector<ThreadsSummary> compare_threads_variants(const SpmvTeachRun& run) {
  std::vector<ThreadsSummary> out;
  for (int v = 1; v <= 6; ++v) {
    spmv::SpmvTeachParams p = run.params;
    p.variant = SpmvVariant(v);
    // csr-vector launches whole warps: the block rounded up to a multiple of 32.
    if (p.variant == SpmvVariant::CsrVector)
      p.block_dim = std::max(spmv::kSpmvWarpSize, (p.block_dim + spmv::kSpmvWarpSize - 1) /
                                                      spmv::kSpmvWarpSize * spmv::kSpmvWarpSize);
    try {
      const SpmvTeachRun other = spmv::teach_spmv_cpu(p, run.matrix, run.x);
      out.push_back(analyse_threads(other, compute_counters(other.trace)).summary);
    } catch (const Error& e) {
      ThreadsSummary failed;
      failed.variant = p.variant;
      failed.error = e.what();
      out.push_back(failed);
    }
  }
  return out;
}

}  // namespace ws::app
