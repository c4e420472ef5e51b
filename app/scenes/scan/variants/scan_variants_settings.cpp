// The scan mode's keys: variant, op, type, inclusive, exclusive, block, coarsening, mapping, race,
// values, n, seed, distribution, compare, view, record. The command line, sessions and the panels
// all go through parse_scan_variants, so every path reports the same errors.
#include "common/error.h"
#include "i18n/i18n.h"
#include "scan_variants_run.h"
#include "common/variant_table.h"

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

scan::Variant variant_named(const std::string& text, const char* key) {
  scan::Variant v;
  if (scan::parse_variant(text, v)) return v;
  throw Error(std::string("--") + key + ": unknown variant '" + text + "' (1-10 or " +
              variant_id_list(scan::variant_infos()) + ")");
}

}  // namespace

InputLimits scan_input_limits() {
  InputLimits limits;
  limits.max_n = scan::kTeachMaxN;
  return limits;
}

const char* scan_view_name(ScanView v) {
  for (const ViewName& n : kViews)
    if (n.view == v) return n.name;
  return "auto";
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

void parse_scan_variants(ScanVariantsSettings& s, ParamReader& keys) {
  scan::Params& p = s.params;
  if (const auto v = keys.text("variant")) {
    p.variant = variant_named(*v, "variant");
    // Conveniences when only the variant changes: kogge-stone-excl is exclusive, the race
    // belongs to kogge-stone.
    if (p.variant == scan::Variant::KoggeStoneExclusive && !keys.has("inclusive"))
      p.inclusive = false;
    if (p.variant != scan::Variant::KoggeStone && !keys.has("race")) p.race = false;
    if (!scan::info(p.variant).single_pass && !keys.has("record")) s.record = 0;
  }
  if (const auto op = op_param(keys)) p.op = *op;
  if (const auto type = type_param(keys)) p.type = *type;
  if (const auto inclusive =
          inclusive_param(keys, "--inclusive and --exclusive contradict each other: give one"))
    p.inclusive = *inclusive;
  if (const auto block = keys.integer("block", 0, 1024)) p.block_dim = static_cast<int>(*block);
  if (const auto c = keys.integer("coarsening", 1, 64)) p.coarsening = static_cast<int>(*c);
  if (const auto t = keys.text("mapping"))
    WS_REQUIRE(scan::parse_mapping(*t, p.mapping),
               "--mapping: unknown mapping '" + *t + "' (contiguous, divergent)");
  if (const auto race = keys.flag("race")) p.race = *race;
  s.input = s.input.parsed(keys, p.type, scan_input_limits());
  if (const auto t = keys.text("compare")) {
    if (t->empty() || *t == "none")
      s.compare.reset();
    else
      s.compare = variant_named(*t, "compare");
  }
  if (const auto t = keys.text("view")) {
    const ViewName* named = nullptr;
    for (const ViewName& n : kViews)
      if (*t == n.name) named = &n;
    WS_REQUIRE(named != nullptr, "--view: unknown view '" + *t +
                                     "' (auto, network, ranges, levels, timeline, trace, scaling)");
    s.view = named->view;
  }
  if (const auto record = keys.integer("record", 0, int64_t{1} << 28)) s.record = *record;
  WS_REQUIRE(s.record == 0 || scan::info(p.variant).single_pass,
             std::string("--record: only the single-pass variants (chained, decoupled-lookback) "
                         "have a block timeline to record, not ") +
                 scan::info(p.variant).id);
  // The input must suit the variant: checked now, so a bad edit changes nothing.
  scan::validate(p, s.input.count(p.type, scan_input_limits()), true);
}

nlohmann::json scan_variants_json(const ScanVariantsSettings& s) {
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

}  // namespace ws::app
