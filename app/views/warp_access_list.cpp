#include "views/warp_access_list.h"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

namespace ws::app {

int buffer_elem_bytes(const Trace& trace, int buffer) {
  const int bytes = trace.buffers.at(size_t(buffer)).elem_bytes;
  return bytes > 0 ? bytes : trace.elem_bytes;
}

int shared_bank(int32_t address, int elem_bytes) {
  return static_cast<int>((int64_t{address} * elem_bytes / kMemBankBytes) % kMemBanks);
}

int64_t global_sector(int32_t address, int elem_bytes) {
  return int64_t{address} * elem_bytes / kMemSectorBytes;
}

std::vector<WarpAccess> warp_access_list(const Trace& trace, int step) {
  const TraceStep& s = trace.steps.at(size_t(step));
  const int warp_size = trace.warp_size;
  const int block_dim = std::max(1, s.block_dim);
  using Key = std::tuple<int32_t, int32_t, int, int, int>;  // block, warp, buffer, kind, ordinal
  std::map<Key, WarpAccess> grouped;
  std::map<std::tuple<int32_t, int, int>, int> ordinals;  // (thread, buffer, kind) -> next
  for (const TraceEvent& e : s.events) {
    if (e.kind == EventKind::Skip) {
      ++ordinals[{e.thread, e.buffer, static_cast<int>(EventKind::Read)}];
      continue;
    }
    if (e.kind != EventKind::Read && e.kind != EventKind::Write) continue;
    const MemSpace space = trace.buffers.at(size_t(e.buffer)).space;
    if (space != MemSpace::Global && space != MemSpace::Shared) continue;
    int& next = ordinals[{e.thread, e.buffer, static_cast<int>(e.kind)}];
    const int ordinal = e.vector_part == 0 ? next++ : next - 1;
    const int32_t block = e.thread / block_dim;
    const int32_t warp = (e.thread % block_dim) / warp_size;
    WarpAccess& a = grouped[{block, warp, e.buffer, static_cast<int>(e.kind), ordinal}];
    a.block = block;
    a.warp = warp;
    a.buffer = e.buffer;
    a.kind = e.kind;
    a.threads.push_back(e.thread);
    a.addresses.push_back(e.address);
  }
  std::vector<WarpAccess> out;
  out.reserve(grouped.size());
  for (auto& [key, a] : grouped) {
    const int bytes = buffer_elem_bytes(trace, a.buffer);
    if (trace.buffers.at(size_t(a.buffer)).space == MemSpace::Global) {
      std::set<int64_t> sectors, lines;
      for (int32_t address : a.addresses) {
        sectors.insert(int64_t{address} * bytes / kMemSectorBytes);
        lines.insert(int64_t{address} * bytes / kMemLineBytes);
      }
      a.sectors = static_cast<int64_t>(sectors.size());
      a.lines = static_cast<int64_t>(lines.size());
    } else {
      std::map<int, std::set<int64_t>> words_per_bank;
      for (int32_t address : a.addresses) {
        const int64_t word = int64_t{address} * bytes / kMemBankBytes;
        words_per_bank[static_cast<int>(word % kMemBanks)].insert(word);
      }
      for (const auto& [bank, words] : words_per_bank)
        a.ways = std::max<int64_t>(a.ways, static_cast<int64_t>(words.size()));
    }
    out.push_back(std::move(a));
  }
  return out;
}

}  // namespace ws::app
