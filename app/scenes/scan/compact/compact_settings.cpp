// The compaction mode's keys: predicate, threshold, type, block and the input (values, n, seed,
// distribution, image), read once for the command line, sessions and the panel.
#include "common/error.h"
#include "scenes/scan/scan_settings.h"

namespace ws::app {

namespace {

constexpr double kDefaultImageThreshold = 128;  // pixels are 0..255: keep the bright half

}  // namespace

InputLimits compact_input_limits() {
  InputLimits limits;
  limits.max_n = scan::kTeachMaxN;
  limits.images = true;
  limits.default_n = 32;
  return limits;
}

void parse_compact(CompactSettings& s, ParamReader& keys) {
  const InputLimits limits = compact_input_limits();
  compact::Params& p = s.params;
  if (const auto t = keys.text("predicate"))
    WS_REQUIRE(compact::parse_predicate(*t, p.predicate.kind),
               "--predicate: unknown predicate '" + *t + "' (greater, less, even, odd, nonzero)");
  const auto threshold = keys.number("threshold", -3.0e38, 3.0e38);
  if (threshold) p.predicate.threshold = *threshold;
  if (const auto type = type_param(keys)) p.type = *type;
  if (const auto block = keys.integer("block", 0, 1024)) p.block_dim = static_cast<int>(*block);
  const InputSource input = s.input.parsed(keys, p.type, limits);
  // An image newly given keeps its bright half unless a threshold came with it.
  if (!input.image_path.empty() && s.input.image_path.empty() && !threshold)
    p.predicate.threshold = kDefaultImageThreshold;
  s.input = input;
  const int64_t n = input.image_path.empty() ? input.count(p.type, limits) : scan::kTeachMaxN;
  compact::validate(p, n, true);  // block size and n
}

nlohmann::json compact_json(const CompactSettings& s) {
  nlohmann::json j = {{"predicate", compact::predicate_name(s.params.predicate.kind)},
                      {"threshold", s.params.predicate.threshold},
                      {"type", type_name(s.params.type)},
                      {"block", s.params.block_dim}};
  s.input.to_json(j, compact_input_limits());
  return j;
}

}  // namespace ws::app
