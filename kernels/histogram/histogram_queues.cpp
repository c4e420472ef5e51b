// The atomics of one teach step grouped per counter copy, in the order they serialize: the queues
// the teach figure draws and its captions name (histogram.h, step_queues).
#include <algorithm>
#include <map>
#include <set>
#include <tuple>

#include "histogram.h"

namespace ws::histogram {

bool is_counter_buffer(const Trace& trace, int buffer) {
  if (buffer <= 0 || buffer >= static_cast<int>(trace.buffers.size())) return false;
  return trace.buffers[size_t(buffer)].space != MemSpace::Register;
}

int counter_copy(const Trace& trace, const TraceStep& step, const TraceEvent& e, int bins) {
  const TraceBuffer& b = trace.buffers[e.buffer];
  const int per_block = std::max(1, b.size / std::max(bins, 1));
  const int local = e.address / std::max(bins, 1);
  if (b.space == MemSpace::Shared)
    return (e.thread / std::max(step.block_dim, 1)) * per_block + local;
  return local;
}

namespace {

using Who = std::tuple<int, int, int>;  // (thread, buffer, address)

// The (thread, buffer, address) of the counter accesses of `kind` in `step`.
std::set<Who> counter_accesses(const Trace& trace, const TraceStep& step, EventKind kind) {
  std::set<Who> out;
  for (const TraceEvent& e : step.events)
    if (e.kind == kind && is_counter_buffer(trace, e.buffer))
      out.insert({e.thread, int(e.buffer), e.address});
  return out;
}

// The most threads of one warp in the queue: atomics of one warp instruction on one counter wait
// their turn one after another (the chain).
int warp_chain(const std::vector<int32_t>& threads, int block_dim, int warp_size) {
  const int bd = std::max(block_dim, 1);
  const int warps_per_block = (bd + warp_size - 1) / warp_size;
  std::map<int, int> per_warp;
  int chain = 0;
  for (int32_t t : threads)
    chain = std::max(chain, ++per_warp[(t / bd) * warps_per_block + (t % bd) / warp_size]);
  return chain;
}

}  // namespace

std::vector<CounterQueue> step_queues(const Trace& trace, int step, int bins) {
  std::vector<CounterQueue> queues;
  if (step < 0 || step >= static_cast<int>(trace.steps.size()) || bins < 1) return queues;
  const TraceStep& s = trace.steps[size_t(step)];
  bool any_atomic = false;
  for (const TraceEvent& e : s.events)
    any_atomic = any_atomic || (e.kind == EventKind::Atomic && is_counter_buffer(trace, e.buffer));
  // The injected race: the plain reads of a counter whose thread writes it back in the next step
  // (read value + amount) queue on it just the same, and lose each other's updates; and so do
  // their writes in the step after the reads.
  std::set<Who> written_next, read_before;
  if (!any_atomic && step + 1 < static_cast<int>(trace.steps.size()))
    written_next = counter_accesses(trace, trace.steps[size_t(step) + 1], EventKind::Write);
  if (!any_atomic && step > 0)
    read_before = counter_accesses(trace, trace.steps[size_t(step) - 1], EventKind::Read);
  // A thread that reads and writes a counter in one step (the sequential loop's plain increment)
  // races with nobody: neither its read nor its write queues.
  const std::set<Who> read_now = counter_accesses(trace, s, EventKind::Read),
                      written_now = counter_accesses(trace, s, EventKind::Write);
  std::map<std::tuple<int, int, int>, size_t> index;  // (buffer, copy, bin) -> queue
  for (const TraceEvent& e : s.events) {
    if (!is_counter_buffer(trace, e.buffer)) continue;
    const Who who{e.thread, int(e.buffer), e.address};
    const bool write_back =
        e.kind == EventKind::Write && read_before.count(who) && !read_now.count(who);
    const bool take =
        e.kind == EventKind::Atomic || write_back ||
        (e.kind == EventKind::Read && written_next.count(who) && !written_now.count(who));
    if (!take) continue;
    const int copy = counter_copy(trace, s, e, bins);
    const int bin = e.address % bins;
    auto it = index.find({int(e.buffer), copy, bin});
    if (it == index.end()) {
      it = index.emplace(std::make_tuple(int(e.buffer), copy, bin), queues.size()).first;
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
  for (CounterQueue& q : queues)
    if (!q.plain) q.chain = warp_chain(q.threads, s.block_dim, trace.warp_size);
  std::stable_sort(queues.begin(), queues.end(), [](const CounterQueue& a, const CounterQueue& b) {
    if (a.threads.size() != b.threads.size()) return a.threads.size() > b.threads.size();
    return std::tie(a.buffer, a.copy, a.bin) < std::tie(b.buffer, b.copy, b.bin);
  });
  return queues;
}

}  // namespace ws::histogram
