#include "reduce_scene.h"

#include "common/variant_table.h"
#include "common/error.h"
#include "segmented/reduce_segmented_mode.h"

namespace ws::app {

InputLimits reduce_input_limits() {
  InputLimits limits;
  limits.max_n = reduce::kTeachMaxN;
  limits.images = true;
  return limits;
}

ReduceScene::ReduceScene() : ModalScene("reduce", TR_NOOP("Parallel reduction")) {
  add_mode({"teach",
            TR_NOOP("teach"),
            std::make_unique<ReduceTeachMode>(),
            SceneCapabilities().with_image().with_bench(),
            {},
            // Keys 1..9: variants 1-7 and the book's two global-memory kernels (reduce-global is
            // in the panel).
            [](const ReduceSettings&) {
              std::vector<std::string> ids = variant_ids(reduce::variant_infos());
              ids.resize(9);
              return ids;
            },
            [](const ReduceSettings& s, const std::string& marker) {
              return KernelSource{reduce::source_file(s.params.variant),
                                  reduce::info(s.params.variant).id, marker, ""};
            }});
  // The lecture's segment reduce: one total per segment of --segments.
  add_mode({"segmented",
            TR_NOOP("segmented"),
            std::make_unique<ReduceSegmentedMode>(),
            SceneCapabilities(),
            {}});
}

const Taught<ReduceRun>& ReduceScene::primary() const {
  const Taught<ReduceRun>* run = find_mode<ReduceTeachMode>("teach")->taught(0);
  WS_REQUIRE(run != nullptr, std::string("reduce: no run before attach"));
  return *run;
}

const Taught<ReduceRun>* ReduceScene::comparison() const {
  return find_mode<ReduceTeachMode>("teach")->taught(1);
}

void ReduceScene::parse(ReduceSettings& s, ParamReader& keys, std::string& /*mode*/) const {
  reduce::Params& p = s.params;
  if (const auto v = keys.text("variant")) {
    WS_REQUIRE(reduce::parse_variant(*v, p.variant),
               "--variant: unknown variant '" + *v + "' (1-10 or " +
                   variant_id_list(reduce::variant_infos()) + ")");
  }
  if (const auto f = keys.text("finish"))
    WS_REQUIRE(reduce::parse_finish(*f, p.finish),
               "--finish: unknown finish '" + *f + "' (two-pass, atomic, last-block)");
  // The book's global-memory kernels finish in two passes only: choosing one without a finish
  // takes that (a finish given with it stands, and the run refuses another).
  else if (keys.has("variant") && reduce::is_global_variant(p.variant))
    p.finish = reduce::Finish::TwoPass;
  if (const auto op = op_param(keys)) p.op = *op;
  if (const auto type = type_param(keys)) p.type = *type;
  if (const auto block = keys.integer("block", 0, 1024)) p.block_dim = static_cast<int>(*block);
  if (const auto c = keys.integer("coarsening", 4, 1024)) p.coarsening = static_cast<int>(*c);
  s.source = s.source.parsed(keys, p.type, reduce_input_limits());
  if (const auto c = keys.text("compare")) {
    if (c->empty() || *c == "none") {
      s.compare.reset();
    } else {
      reduce::Variant v;
      WS_REQUIRE(reduce::parse_variant(*c, v), "--compare: unknown variant '" + *c + "'");
      s.compare = v;
    }
  }
  if (const auto segments = keys.text("segments")) {
    parse_reduce_segments(*segments);  // throws, naming --segments
    s.segments = *segments;
  }
  // Throws when the block size does not suit the variant.
  reduce::resolve_block_dim(p, s.source.count(p.type, reduce_input_limits()));
}

nlohmann::json ReduceScene::to_json(const ReduceSettings& s, const std::string& /*mode*/) const {
  const reduce::Params& p = s.params;
  nlohmann::json j = {{"variant", reduce::info(p.variant).id},
                      {"finish", reduce::finish_name(p.finish)},
                      {"op", op_name(p.op)},
                      {"type", type_name(p.type)},
                      {"block", p.block_dim},
                      {"coarsening", p.coarsening},
                      {"compare", s.compare ? reduce::info(*s.compare).id : ""},
                      {"segments", s.segments}};
  s.source.to_json(j, reduce_input_limits());
  return j;
}

}  // namespace ws::app
