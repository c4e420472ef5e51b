// The scan mode's one parameter parser: the command line, sessions and the panels all go through
// parse_scan_settings, so every path reports the same errors.
#include <algorithm>

#include "common/error.h"
#include "i18n/i18n.h"
#include "scan_variants_scene.h"
#include "scene_kit/json_params.h"

namespace ws::app {

namespace {

struct ViewName {
  ScanView view;
  const char* name;
};
// The names are parameter values; the panel shows them translated (tr_text).
constexpr ViewName kViews[] = {
    {ScanView::Auto, TR_NOOP("auto")},         {ScanView::Network, TR_NOOP("network")},
    {ScanView::Ranges, TR_NOOP("ranges")},     {ScanView::Levels, TR_NOOP("levels")},
    {ScanView::Timeline, TR_NOOP("timeline")}, {ScanView::Trace, TR_NOOP("trace")},
    {ScanView::Scaling, TR_NOOP("scaling")}};

std::string variant_ids() {
  std::string ids;
  for (const auto& i : scan::variant_infos()) ids += std::string(ids.empty() ? "" : ", ") + i.id;
  return ids;
}

scan::Variant parse_variant_key(const nlohmann::json& j, const char* key) {
  const std::string s = json_string(j, key);
  scan::Variant v;
  WS_REQUIRE(scan::parse_variant(s, v), std::string("--") + key + ": unknown variant '" + s +
                                            "' (1-10 or " + variant_ids() + ")");
  return v;
}

}  // namespace

const char* scan_view_name(ScanView v) {
  for (const ViewName& n : kViews)
    if (n.view == v) return n.name;
  return "auto";
}

bool parse_scan_view(const std::string& text, ScanView& out) {
  for (const ViewName& n : kViews) {
    if (text == n.name) {
      out = n.view;
      return true;
    }
  }
  return false;
}

ScanView resolve_scan_view(ScanView v, scan::Variant variant) {
  if (v != ScanView::Auto) return v;
  switch (variant) {
    case scan::Variant::Coarsened:
    case scan::Variant::Hierarchical:
      return ScanView::Levels;
    case scan::Variant::Chained:
    case scan::Variant::DecoupledLookback:
      return ScanView::Timeline;
    default:
      return ScanView::Network;
  }
}

InputLimits scan_input_limits() {
  InputLimits limits;
  limits.max_n = scan::kTeachMaxN;
  return limits;
}

ScanSettings parse_scan_settings(const nlohmann::json& j, const ScanSettings& base) {
  std::set<std::string> keys = input_keys(scan_input_limits());
  keys.insert({"variant", "op", "type", "inclusive", "exclusive", "block", "coarsening", "mapping",
               "race", "compare", "view", "record"});
  reject_unknown_keys(j, keys, "scan");
  ScanSettings s = base;
  scan::Params& p = s.params;
  if (j.contains("variant")) {
    p.variant = parse_variant_key(j, "variant");
    // Conveniences when only the variant changes: kogge-stone-excl is exclusive, the race
    // belongs to kogge-stone.
    if (p.variant == scan::Variant::KoggeStoneExclusive && !j.contains("inclusive"))
      p.inclusive = false;
    if (p.variant != scan::Variant::KoggeStone && !j.contains("race")) p.race = false;
    if (!scan::info(p.variant).single_pass && !j.contains("record")) s.record = 0;
  }
  if (const auto op = op_param(j)) p.op = *op;
  if (const auto type = type_param(j)) p.type = *type;
  WS_REQUIRE(!(j.contains("inclusive") && j.contains("exclusive")) ||
                 json_bool(j, "inclusive") != json_bool(j, "exclusive"),
             std::string("--inclusive and --exclusive contradict each other: give one"));
  if (j.contains("inclusive")) p.inclusive = json_bool(j, "inclusive");
  if (j.contains("exclusive")) p.inclusive = !json_bool(j, "exclusive");
  if (j.contains("block")) p.block_dim = static_cast<int>(json_int(j, "block", 0, 1024));
  if (j.contains("coarsening")) p.coarsening = static_cast<int>(json_int(j, "coarsening", 1, 64));
  if (j.contains("mapping")) {
    const std::string t = json_string(j, "mapping");
    WS_REQUIRE(scan::parse_mapping(t, p.mapping),
               "--mapping: unknown mapping '" + t + "' (contiguous, divergent)");
  }
  if (j.contains("race")) p.race = json_bool(j, "race");
  s.input = s.input.parsed(j, p.type, scan_input_limits());
  if (j.contains("compare")) {
    const std::string t = json_string(j, "compare");
    if (t.empty() || t == "none")
      s.compare.reset();
    else
      s.compare = parse_variant_key(j, "compare");
  }
  if (j.contains("view")) {
    const std::string t = json_string(j, "view");
    WS_REQUIRE(parse_scan_view(t, s.view),
               "--view: unknown view '" + t +
                   "' (auto, network, ranges, levels, timeline, trace, scaling)");
  }
  if (j.contains("record")) s.record = json_int(j, "record", 0, int64_t{1} << 28);
  WS_REQUIRE(s.record == 0 || scan::info(p.variant).single_pass,
             std::string("--record: only the single-pass variants (chained, decoupled-lookback) "
                         "have a block timeline to record, not ") +
                 scan::info(p.variant).id);
  // The input must suit the variant: checked now, so a bad edit changes nothing.
  const int64_t n = s.input.count(p.type, scan_input_limits());
  scan::validate(p, n, true);
  return s;
}

nlohmann::json scan_settings_to_json(const ScanSettings& s) {
  const scan::Params& p = s.params;
  nlohmann::json j = {{"variant", scan::info(p.variant).id},
                      {"op", op_name(p.op)},
                      {"type", type_name(p.type)},
                      {"inclusive", p.inclusive},
                      {"block", p.block_dim},
                      {"coarsening", p.coarsening},
                      {"mapping", scan::mapping_name(p.mapping)},
                      {"race", p.race},
                      {"compare", s.compare ? scan::info(*s.compare).id : ""},
                      {"view", scan_view_name(s.view)},
                      {"record", s.record}};
  s.input.to_json(j, scan_input_limits());
  return j;
}

scan::Params params_for_variant(const scan::Params& base, scan::Variant variant, int64_t n) {
  scan::Params p = base;
  p.variant = variant;
  if (variant == scan::Variant::KoggeStoneExclusive) p.inclusive = false;
  if (variant != scan::Variant::KoggeStone) p.race = false;
  try {
    scan::validate(p, n, true);
  } catch (const Error&) {
    p.block_dim = 0;  // the chosen block size does not suit this variant: let it choose
  }
  return p;
}

}  // namespace ws::app
