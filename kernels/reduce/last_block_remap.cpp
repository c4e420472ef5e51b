#include "last_block_remap.h"

#include "reduce_run.h"

namespace ws::reduce {

std::string remap_last_block(Trace& trace) {
  size_t first = trace.steps.size();
  for (size_t s = 0; s < trace.steps.size(); ++s)
    if (trace.steps[s].code_marker == "@ticket") first = s + 1;
  if (first == trace.steps.size()) return "no finishing steps after a '@ticket' step";

  int finishing_block = -1;
  for (size_t s = first; s < trace.steps.size(); ++s) {
    TraceStep& step = trace.steps[s];
    const int32_t last_base = (step.grid_dim - 1) * step.block_dim;
    for (TraceEvent& e : step.events) {
      const int block = e.thread / step.block_dim;
      if (finishing_block == -1) finishing_block = block;
      if (block != finishing_block)
        return "step " + std::to_string(s) + " (" + step.label + ") has events of blocks " +
               std::to_string(finishing_block) + " and " + std::to_string(block);
      if (trace.buffers.at(e.buffer).space == MemSpace::Register) {
        if (e.address / step.block_dim != finishing_block)
          return "step " + std::to_string(s) + " (" + step.label + "): thread " +
                 std::to_string(e.thread) + " of the finishing block names register " +
                 std::to_string(e.address) + " of another block";
        e.address = last_base + e.address % step.block_dim;
      }
      e.thread = last_base + e.thread % step.block_dim;
    }
  }
  return "";
}

std::string compare_with_twin(const Params& params, const Trace& twin, Trace& kernel,
                              std::string* note) {
  if (params.finish != Finish::LastBlock) return compare_traces(twin, kernel);
  // The CPU twin lets block grid-1 finish a last-block run; on the GPU any block may draw the
  // last ticket. Compare with that block renamed (the trace shown keeps the real one).
  if (note) *note = "the block that drew the last ticket is compared as the twin's last block";
  const std::string remap = remap_last_block(kernel);
  if (!remap.empty()) return "last-block remap: " + remap;
  return compare_traces(twin, kernel);
}

}  // namespace ws::reduce
