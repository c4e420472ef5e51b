#include "histogram_queues.h"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

#include "i18n/i18n.h"

namespace ws::app {

bool is_counter_buffer(const Trace& trace, int buffer) {
  if (buffer <= 0 || buffer >= static_cast<int>(trace.buffers.size())) return false;
  return trace.buffers[buffer].space != MemSpace::Register;
}

std::string counter_copy_name(const Trace& trace, int buffer, int copy, int bins) {
  const TraceBuffer& b = trace.buffers[size_t(buffer)];
  if (b.name == "hist") return "hist";
  if (b.name == "warp hist") {
    const int per_block = std::max(1, b.size / std::max(bins, 1));
    return trf("warp b{0} w{1}", copy / per_block, copy % per_block);
  }
  if (b.space == MemSpace::Shared) return trf("shared b{0}", copy);
  if (b.name == "private") return trf("private b{0}", copy);
  return b.name + " b" + std::to_string(copy);
}

int counter_copy(const Trace& trace, const TraceStep& step, const TraceEvent& e, int bins) {
  const TraceBuffer& b = trace.buffers[e.buffer];
  const int per_block = std::max(1, b.size / std::max(bins, 1));
  const int local = e.address / std::max(bins, 1);
  if (b.space == MemSpace::Shared)
    return (e.thread / std::max(step.block_dim, 1)) * per_block + local;
  return local;
}

std::vector<CounterQueue> step_queues(const Trace& trace, int step, int bins) {
  std::vector<CounterQueue> queues;
  if (step < 0 || step >= static_cast<int>(trace.steps.size()) || bins < 1) return queues;
  const TraceStep& s = trace.steps[step];
  std::map<std::tuple<int, int, int>, size_t> index;
  bool any_atomic = false;
  for (const TraceEvent& e : s.events)
    any_atomic = any_atomic || (e.kind == EventKind::Atomic && is_counter_buffer(trace, e.buffer));
  // The injected race: the plain reads of a counter whose thread writes it back in the next step
  // (read value + amount) queue on it just the same, and lose each other's updates.
  std::set<std::tuple<int, int, int>> written_next;
  if (!any_atomic && step + 1 < static_cast<int>(trace.steps.size()))
    for (const TraceEvent& e : trace.steps[size_t(step) + 1].events)
      if (e.kind == EventKind::Write && is_counter_buffer(trace, e.buffer))
        written_next.insert({e.thread, int(e.buffer), e.address});
  // ... and their writes in the step after the reads.
  std::set<std::tuple<int, int, int>> read_before;
  if (!any_atomic && step > 0)
    for (const TraceEvent& e : trace.steps[size_t(step) - 1].events)
      if (e.kind == EventKind::Read && is_counter_buffer(trace, e.buffer))
        read_before.insert({e.thread, int(e.buffer), e.address});
  // A thread that reads and writes a counter in one step (the sequential loop's plain increment)
  // races with nobody: neither its read nor its write queues.
  std::set<std::tuple<int, int, int>> read_now, written_now;
  for (const TraceEvent& e : s.events) {
    if (!is_counter_buffer(trace, e.buffer)) continue;
    if (e.kind == EventKind::Read) read_now.insert({e.thread, int(e.buffer), e.address});
    if (e.kind == EventKind::Write) written_now.insert({e.thread, int(e.buffer), e.address});
  }
  for (const TraceEvent& e : s.events) {
    if (!is_counter_buffer(trace, e.buffer)) continue;
    const std::tuple<int, int, int> who{e.thread, int(e.buffer), e.address};
    const bool write_back =
        e.kind == EventKind::Write && read_before.count(who) && !read_now.count(who);
    const bool take =
        e.kind == EventKind::Atomic || write_back ||
        (e.kind == EventKind::Read && written_next.count(who) && !written_now.count(who));
    if (!take) continue;
    const int copy = counter_copy(trace, s, e, bins);
    const int bin = e.address % bins;
    const auto key = std::make_tuple(int(e.buffer), copy, bin);
    auto it = index.find(key);
    if (it == index.end()) {
      it = index.emplace(key, queues.size()).first;
      CounterQueue q;
      q.buffer = e.buffer;
      q.copy = copy;
      q.bin = bin;
      q.plain = e.kind != EventKind::Atomic;
      q.writes = write_back;
      queues.push_back(q);
    }
    queues[it->second].threads.push_back(e.thread);
    queues[it->second].amounts.push_back(e.kind == EventKind::Atomic || write_back ? e.value : 1);
  }
  std::stable_sort(queues.begin(), queues.end(), [](const CounterQueue& a, const CounterQueue& b) {
    if (a.threads.size() != b.threads.size()) return a.threads.size() > b.threads.size();
    return std::tie(a.buffer, a.copy, a.bin) < std::tie(b.buffer, b.copy, b.bin);
  });
  return queues;
}

TraceContention trace_contention(const Trace& trace, int bins) {
  TraceContention c;
  c.atomics.assign(size_t(std::max(bins, 0)), 0);
  c.chain.assign(size_t(std::max(bins, 0)), 0);
  std::vector<int64_t> waits(c.atomics.size(), 0);
  for (size_t s = 0; s < trace.steps.size(); ++s) {
    const TraceStep& step = trace.steps[s];
    const int bd = std::max(step.block_dim, 1);
    const int warps_per_block = (bd + trace.warp_size - 1) / trace.warp_size;
    // (warp, buffer, copy, bin) -> atomics in this step's warp instruction.
    std::map<std::tuple<int, int, int, int>, int32_t> lanes;
    for (const TraceEvent& e : step.events) {
      if (e.kind != EventKind::Atomic || !is_counter_buffer(trace, e.buffer)) continue;
      const int bin = e.address % bins;
      const int warp = (e.thread / bd) * warps_per_block + (e.thread % bd) / trace.warp_size;
      ++lanes[std::make_tuple(warp, int(e.buffer), counter_copy(trace, step, e, bins), bin)];
      ++c.atomics[size_t(bin)];
      ++c.total_atomics;
    }
    int32_t longest = 0;
    for (const auto& [key, count] : lanes) {
      const int bin = std::get<3>(key);
      c.chain[size_t(bin)] = std::max(c.chain[size_t(bin)], count);
      waits[size_t(bin)] += count - 1;
      longest = std::max(longest, count);
    }
    c.step_chain.push_back(longest);
    c.longest_chain = std::max(c.longest_chain, longest);
  }
  int64_t most = 0;
  for (size_t b = 0; b < waits.size(); ++b)
    if (waits[b] > most) {
      most = waits[b];
      c.hottest_bin = static_cast<int>(b);
    }
  return c;
}

}  // namespace ws::app
