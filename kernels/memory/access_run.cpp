// The access patterns' dispatch and the per-instruction costs the view and the tests share.
#include <map>
#include <set>
#include <tuple>
#include <vector>

#include "../common/cuda_device.h"
#include "../common/error.h"
#include "access_shape.h"

namespace ws::mem {

AccessRun run_access(const AccessParams& p, Backend backend) {
  validate(p);
  if (backend == Backend::Cpu) return access_twin(p);
  WS_REQUIRE(cuda_device_available(),
             "the CUDA backend needs a CUDA device: " + cuda_device_description());
  return access_cuda(p);
}

AccessCost access_cost(const std::vector<int64_t>& byte_addresses, int elem_bytes) {
  WS_REQUIRE(elem_bytes >= 1, std::string("access_cost: elements of at least 1 byte"));
  std::set<int64_t> bytes, sectors, lines;
  for (int64_t start : byte_addresses) {
    for (int64_t b = start; b < start + elem_bytes; ++b) bytes.insert(b);
    for (int64_t s = start / kSectorBytes; s <= (start + elem_bytes - 1) / kSectorBytes; ++s)
      sectors.insert(s);
    for (int64_t l = start / kLineBytes; l <= (start + elem_bytes - 1) / kLineBytes; ++l)
      lines.insert(l);
  }
  AccessCost c;
  c.sectors = static_cast<int64_t>(sectors.size());
  c.lines = static_cast<int64_t>(lines.size());
  c.useful_bytes = static_cast<int64_t>(bytes.size());
  c.moved_bytes = c.sectors * kSectorBytes;
  c.efficiency = c.moved_bytes > 0 ? double(c.useful_bytes) / double(c.moved_bytes) : 1.0;
  c.sector_ids.assign(sectors.begin(), sectors.end());
  c.line_ids.assign(lines.begin(), lines.end());
  return c;
}

int64_t bank_ways(const std::vector<int64_t>& byte_addresses, int elem_bytes) {
  (void)elem_bytes;  // as the counters: an element's first word names its bank
  std::map<int64_t, std::set<int64_t>> words_per_bank;
  for (int64_t b : byte_addresses) {
    const int64_t word = b / kBankBytes;
    words_per_bank[word % kBankCount].insert(word);
  }
  int64_t ways = byte_addresses.empty() ? 0 : 1;
  for (const auto& entry : words_per_bank)
    ways = std::max<int64_t>(ways, static_cast<int64_t>(entry.second.size()));
  return ways;
}

std::vector<WarpInstruction> warp_instructions(const Trace& trace, int step) {
  WS_REQUIRE(step >= 0 && step < static_cast<int>(trace.steps.size()),
             "step " + std::to_string(step) + " out of range: the trace has " +
                 std::to_string(trace.steps.size()));
  const TraceStep& s = trace.steps[static_cast<size_t>(step)];
  const int warp_size = trace.warp_size;
  const int warps_per_block = (s.block_dim + warp_size - 1) / warp_size;
  std::map<std::tuple<int, int, int>, int> next;  // (thread, buffer, kind) -> ordinal
  std::map<std::tuple<int, int, int, int>, WarpInstruction> found;
  for (const TraceEvent& e : s.events) {
    if (e.kind == EventKind::Op) continue;
    const int kind = static_cast<int>(e.kind == EventKind::Skip ? EventKind::Read : e.kind);
    int& ordinal_next = next[{e.thread, e.buffer, kind}];
    if (e.kind == EventKind::Skip) {
      ++ordinal_next;
      continue;
    }
    const TraceBuffer& b = trace.buffers.at(static_cast<size_t>(e.buffer));
    if (b.space != MemSpace::Global && b.space != MemSpace::Shared) continue;
    const int ordinal = e.vector_part == 0 ? ordinal_next++ : ordinal_next - 1;
    const int in_block = e.thread % s.block_dim;
    const int warp = e.thread / s.block_dim * warps_per_block + in_block / warp_size;
    WarpInstruction& w = found[{warp, e.buffer, kind, ordinal}];
    w.warp = warp;
    w.buffer = e.buffer;
    w.kind = e.kind;
    w.ordinal = ordinal;
    const int bytes = b.elem_bytes > 0 ? b.elem_bytes : trace.elem_bytes;
    if (w.lanes.empty() || w.lanes.back() != in_block % warp_size)
      w.lanes.push_back(in_block % warp_size);
    w.byte_addresses.push_back(int64_t{e.address} * bytes);
  }
  std::vector<WarpInstruction> out;
  for (auto& [key, w] : found) {
    const TraceBuffer& b = trace.buffers.at(static_cast<size_t>(w.buffer));
    const int bytes = b.elem_bytes > 0 ? b.elem_bytes : trace.elem_bytes;
    if (b.space == MemSpace::Global)
      w.cost = access_cost(w.byte_addresses, bytes);
    else
      w.bank_ways = bank_ways(w.byte_addresses, bytes);
    out.push_back(std::move(w));
  }
  return out;
}

}  // namespace ws::mem
