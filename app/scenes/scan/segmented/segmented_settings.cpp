// The segmented scan mode's keys: segments, op, type, inclusive, exclusive, block, read once for
// the command line, sessions and the panel.
#include <cmath>

#include "common/error.h"
#include "scenes/scan/scan_settings.h"

namespace ws::app {

void parse_segmented(SegmentedSettings& s, ParamReader& keys) {
  segscan::Params& p = s.params;
  if (const auto op = op_param(keys)) p.op = *op;
  if (const auto type = type_param(keys)) p.type = *type;
  if (const auto inclusive =
          inclusive_param(keys, "--inclusive and --exclusive contradict each other"))
    p.inclusive = *inclusive;
  if (const auto block = keys.integer("block", 0, 1024)) p.block_dim = static_cast<int>(*block);
  if (const auto text = keys.text("segments")) s.segments = *text;
  segscan::Segments parsed;
  try {
    parsed = segscan::parse_segments(s.segments);
  } catch (const Error& e) {
    throw Error(std::string("--segments: ") + e.what());
  }
  WS_REQUIRE(!parsed.values.empty(), std::string("--segments: no values given"));
  for (double v : parsed.values) {
    if (p.type == ValueType::Int32)
      WS_REQUIRE(v == std::floor(v) && std::abs(v) <= 2147483647.0,
                 "--segments: " + std::to_string(v) + " is not an int32 (try --type float32)");
  }
  segscan::validate(p, static_cast<int64_t>(parsed.values.size()), true);
}

nlohmann::json segmented_json(const SegmentedSettings& s) {
  return {{"segments", s.segments},
          {"op", op_name(s.params.op)},
          {"type", type_name(s.params.type)},
          {"inclusive", s.params.inclusive},
          {"block", s.params.block_dim}};
}

}  // namespace ws::app
