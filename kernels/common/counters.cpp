#include "counters.h"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>
#include <unordered_map>

#include "error.h"
#include "trace_cluster.h"

namespace ws {

namespace {

constexpr int kSectorBytes = 32;
constexpr int kLineBytes = 128;
constexpr int kBankCount = 32;
constexpr int kBankBytes = 4;

// One warp-level memory instruction: the n-th access of its kind to a buffer by each lane (a
// lane's Skip of a read counts as one of its reads there, so a predicated-off lane does not shift
// its later reads into the warp's earlier instructions).
using WarpAccessKey = std::tuple<int64_t /*warp*/, int /*buffer*/, int /*kind*/, int /*ordinal*/>;

// Distinct `unit`-byte pieces of memory (32-byte sectors, 128-byte lines) a warp access touches.
int64_t units_touched(const std::vector<int32_t>& addresses, int elem_bytes, int unit) {
  std::set<int64_t> units;
  for (int32_t a : addresses) units.insert(int64_t{a} * elem_bytes / unit);
  return static_cast<int64_t>(units.size());
}

// Ways of a warp's shared access: the most distinct 4-byte words that fall in one bank (the same
// word read by several lanes is a broadcast and costs nothing extra).
int64_t bank_ways(const std::vector<int32_t>& addresses, int elem_bytes) {
  std::map<int, std::set<int64_t>> words_per_bank;
  for (int32_t a : addresses) {
    const int64_t word = int64_t{a} * elem_bytes / kBankBytes;
    words_per_bank[static_cast<int>(word % kBankCount)].insert(word);
  }
  int64_t ways = 0;
  for (const auto& [bank, words] : words_per_bank)
    ways = std::max<int64_t>(ways, static_cast<int64_t>(words.size()));
  return ways;
}

// The atomics of one step grouped by warp-level instruction: (warp, buffer, n-th atomic of each
// lane on that buffer) -> how many lanes hit each element (flat over a shared buffer's blocks).
using AtomicInstructions =
    std::map<std::tuple<int64_t, int, int>, std::map<int64_t /*flat*/, int64_t>>;

AtomicInstructions atomic_instructions(const Trace& trace, const TraceStep& step) {
  AtomicInstructions out;
  const int warp = trace.warp_size;
  const int warps_per_block = (step.block_dim + warp - 1) / warp;
  std::map<std::pair<int32_t, int>, int> ordinals;  // (thread, buffer) -> next ordinal
  for (const TraceEvent& e : step.events) {
    if (e.kind != EventKind::Atomic) continue;
    const TraceBuffer& buffer = trace.buffers.at(e.buffer);
    const int32_t block = e.thread / step.block_dim;
    int64_t flat = e.address;
    if (buffer.space == MemSpace::Shared) flat += int64_t{block} * buffer.size;
    const int64_t warp_key = int64_t{block} * warps_per_block + (e.thread % step.block_dim) / warp;
    const int ordinal = ordinals[{e.thread, e.buffer}]++;
    ++out[{warp_key, e.buffer, ordinal}][flat];
  }
  return out;
}

StepCounters count_step(const Trace& trace, const TraceStep& step,
                        std::map<std::pair<int, int64_t>, int64_t>& atomics_per_address) {
  StepCounters c;
  const int warp = trace.warp_size;
  const int warps_per_block = (step.block_dim + warp - 1) / warp;
  auto warp_of = [&](int32_t thread) {
    const int32_t block = thread / step.block_dim;
    return int64_t{block} * warps_per_block + (thread % step.block_dim) / warp;
  };
  auto lanes_in_warp = [&](int64_t warp_key) {
    const int w = static_cast<int>(warp_key % warps_per_block);
    return std::min(warp, step.block_dim - w * warp);
  };

  std::map<int64_t, int> active_lanes;
  std::map<int32_t, int64_t> ops_per_thread;
  std::map<WarpAccessKey, std::vector<int32_t>> warp_accesses;
  std::map<std::tuple<int32_t, int, int>, int> ordinals;  // (thread, buffer, kind) -> next ordinal
  int32_t last_thread = -1;
  for (const TraceEvent& e : step.events) {
    if (e.kind == EventKind::Skip) {  // the lane sits out this read: it keeps its place only
      ++ordinals[{e.thread, e.buffer, static_cast<int>(EventKind::Read)}];
      continue;
    }
    if (e.thread != last_thread) {
      ++active_lanes[warp_of(e.thread)];
      last_thread = e.thread;
    }
    // Another block's shared memory, through the cluster's SM-to-SM network: not this SM's banks.
    if (e.kind == kRemoteRead) continue;
    if (e.kind == EventKind::Op) {
      ++c.ops;
      ++ops_per_thread[e.thread];
      continue;
    }
    const TraceBuffer& buffer = trace.buffers.at(e.buffer);
    if (e.kind == EventKind::Atomic) {
      ++c.atomics;
      int64_t flat = e.address;
      if (buffer.space == MemSpace::Shared)
        flat += int64_t{e.thread / step.block_dim} * buffer.size;
      ++atomics_per_address[{e.buffer, flat}];
      continue;
    }
    if (buffer.space == MemSpace::Register) continue;  // shuffles move registers, not memory
    // The elements of one vector load are one warp-level instruction: they share an ordinal.
    int& next = ordinals[{e.thread, e.buffer, static_cast<int>(e.kind)}];
    const int ordinal = e.vector_part == 0 ? next++ : next - 1;
    warp_accesses[{warp_of(e.thread), e.buffer, static_cast<int>(e.kind), ordinal}].push_back(
        e.address);
  }

  // A warp issues the operator as many times as its busiest lane applies it (a coarsened thread
  // adds 4 values per step): each issue occupies all 32 lanes. Steps without ops count one pass.
  std::map<int64_t, int64_t> issues_per_warp;
  for (const auto& [thread, ops] : ops_per_thread) {
    int64_t& issues = issues_per_warp[warp_of(thread)];
    issues = std::max(issues, ops);
  }
  for (const auto& [warp_key, lanes] : active_lanes) {
    ++c.active_warps;
    c.active_threads += lanes;
    if (lanes < lanes_in_warp(warp_key)) ++c.divergent_warps;
    c.lanes_consumed += int64_t{warp} * std::max<int64_t>(1, issues_per_warp[warp_key]);
  }
  for (const auto& [key, addresses] : warp_accesses) {
    const TraceBuffer& buffer = trace.buffers.at(std::get<1>(key));
    const int bytes = buffer.elem_bytes > 0 ? buffer.elem_bytes : trace.elem_bytes;
    if (buffer.space == MemSpace::Global) {
      c.global_requests += units_touched(addresses, bytes, kSectorBytes);
      c.global_lines += units_touched(addresses, bytes, kLineBytes);
    } else if (buffer.space == MemSpace::Constant) {
      const std::set<int32_t> distinct(addresses.begin(), addresses.end());
      ++c.constant_reads;
      c.constant_serialization += static_cast<int64_t>(distinct.size()) - 1;
    } else {
      const int64_t ways = bank_ways(addresses, bytes);
      c.bank_conflicts += ways - 1;
      c.max_bank_ways = std::max(c.max_bank_ways, ways);
    }
  }
  for (const auto& [instruction, lanes] : atomic_instructions(trace, step)) {
    std::vector<int32_t> words;  // flat addresses: one block's, shifted alike (same banks' ways)
    for (const auto& [flat, count] : lanes) {
      c.max_atomic_chain = std::max(c.max_atomic_chain, count);
      words.push_back(static_cast<int32_t>(flat));
    }
    const TraceBuffer& buffer = trace.buffers.at(std::get<1>(instruction));
    if (buffer.space == MemSpace::Shared) {
      const int bytes = buffer.elem_bytes > 0 ? buffer.elem_bytes : trace.elem_bytes;
      c.atomic_bank_conflicts += bank_ways(words, bytes) - 1;
    }
  }
  c.barriers = step.barriers;
  return c;
}

}  // namespace

Counters compute_counters(const Trace& trace) {
  Counters total;
  std::map<std::pair<int, int64_t>, int64_t> atomics_per_address;
  for (const TraceStep& step : trace.steps) {
    StepCounters c = count_step(trace, step, atomics_per_address);
    total.ops += c.ops;
    total.lanes_consumed += c.lanes_consumed;
    total.divergent_warps += c.divergent_warps;
    total.global_requests += c.global_requests;
    total.global_lines += c.global_lines;
    total.bank_conflicts += c.bank_conflicts;
    total.max_bank_ways = std::max(total.max_bank_ways, c.max_bank_ways);
    total.atomics += c.atomics;
    total.barriers += c.barriers;
    total.longest_atomic_chain = std::max(total.longest_atomic_chain, c.max_atomic_chain);
    total.atomic_bank_conflicts += c.atomic_bank_conflicts;
    total.constant_reads += c.constant_reads;
    total.constant_serialization += c.constant_serialization;
    total.per_step.push_back(c);
  }
  for (const auto& [address, count] : atomics_per_address)
    total.max_atomics_per_address = std::max(total.max_atomics_per_address, count);
  total.steps = static_cast<int64_t>(trace.steps.size());
  total.useful_ops = trace.serial_ops;
  total.efficiency =
      total.lanes_consumed ? static_cast<double>(total.useful_ops) / total.lanes_consumed : 0.0;
  total.work_efficiency = total.ops ? static_cast<double>(total.useful_ops) / total.ops : 0.0;
  return total;
}

std::vector<AddressContention> atomic_contention(const Trace& trace, int buffer) {
  WS_REQUIRE(buffer >= 0 && buffer < static_cast<int>(trace.buffers.size()),
             "atomic_contention: the trace has no buffer " + std::to_string(buffer));
  const int64_t size = trace.buffers[size_t(buffer)].size;
  std::vector<AddressContention> out(size_t(std::max<int64_t>(size, 0)));
  if (size <= 0) return out;
  for (const TraceStep& step : trace.steps) {
    std::map<int64_t, int64_t> per_step;  // flat -> atomics in this step
    for (const auto& [instruction, lanes] : atomic_instructions(trace, step)) {
      if (std::get<1>(instruction) != buffer) continue;
      for (const auto& [flat, count] : lanes) {
        AddressContention& a = out[size_t(flat % size)];
        a.atomics += count;
        a.longest_chain = std::max(a.longest_chain, count);
        a.waits += count - 1;
        per_step[flat] += count;
      }
    }
    for (const auto& [flat, count] : per_step) {
      AddressContention& a = out[size_t(flat % size)];
      a.longest_queue = std::max(a.longest_queue, count);
    }
  }
  return out;
}

}  // namespace ws
