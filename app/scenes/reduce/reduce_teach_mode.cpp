#include "reduce_teach_mode.h"

#include <cstdio>

#include "reduce/float_orders.h"
#include "reduce/reduce_global.h"
#include "reduce/reduce_run.h"
#include "reduce_bench.h"

namespace ws::app {

void ReduceTeachMode::prepare() {
  input_.values =
      settings().source.make(settings().params.type, reduce_input_limits(), input_.label);
}

ReduceRun ReduceTeachMode::run(Backend backend, int which) const {
  ReduceRun r;
  r.params = settings().params;
  if (which == 1) {
    r.params.variant = *settings().compare;
    try {
      reduce::resolve_block_dim(r.params, static_cast<int64_t>(input_.values.size()));
    } catch (const Error&) {
      r.params.block_dim = 0;  // the block size does not suit the other variant: let it choose
    }
  }
  static_cast<reduce::TeachRun&>(r) = reduce::teach(backend, r.params, input_.values);
  r.reference = reduce::reduce_serial(r.params.op, r.params.type, input_.values);
  return r;
}

TwinComparison ReduceTeachMode::twin_comparison(int which) const {
  reduce::Params params = settings().params;
  if (which == 1) params.variant = *settings().compare;
  return [params](const Trace& twin, Trace& kernel, std::string* note) {
    return reduce::compare_with_twin(params, twin, kernel, note);
  };
}

void ReduceTeachMode::fill(RunJson& doc) const {
  const Taught<ReduceRun>& t = *taught();
  const ReduceRun& r = t.run;
  const std::vector<double>& input = input_.values;
  const bool matches =
      bench::matches_serial(r.params.op, r.params.type, input, r.result, r.reference);
  doc.input = input;
  doc.result = r.result;
  doc.reference = r.reference;
  doc.matches_reference = matches;
  char summary[256];
  std::snprintf(summary, sizeof summary, "%s %s %s of %zu values: %.9g, serial loop %.9g (%s)",
                reduce::info(r.params.variant).id, op_name(r.params.op), type_name(r.params.type),
                input.size(), r.result, r.reference, matches ? "matches" : "differs");
  doc.summary = summary;
  if (t.traced.twin.ran)
    doc.summary += t.traced.twin.matches()
                       ? "; the CPU twin's trace matches"
                       : "; differs from the CPU twin: " + t.traced.twin.difference;
  doc.extra["error_vs_serial"] = r.result - r.reference;
  doc.extra["global_lines"] = t.traced.counters.global_lines;
  if (reduce::is_global_variant(r.params.variant))
    doc.extra["book_requests"] = reduce::book_requests(r.trace, t.traced.counters);
  if (r.params.type == ValueType::Float32 && r.params.op == BinaryOp::Sum) {
    const auto lesson = reduce::float_order_lesson(input, 2 * r.trace.steps.front().block_dim,
                                                   settings().source.seed);
    nlohmann::json orders = nlohmann::json::array();
    for (const auto& s : lesson.sums)
      orders.push_back({{"order", s.order}, {"value", s.value}, {"error", s.error}});
    doc.extra["float_orders"] = {{"reference_double", lesson.reference}, {"sums", orders}};
  }
  if (const Taught<ReduceRun>* c = taught(1)) {
    doc.extra["compare"] = {{"variant", reduce::info(c->run.params.variant).id},
                            {"result", c->run.result},
                            {"counters", counters_json(c->traced.counters)}};
  }
}

BenchJob ReduceTeachMode::bench_job(const BenchRequest& request) const {
  bench::ReduceBenchChoice choice;  // the command line: the benchmark's fixed table
  if (request.from_scene) {         // fast mode: the scene's operator, type and input
    choice.op = settings().params.op;
    choice.type = settings().params.type;
    choice.input = {settings().source.distribution, settings().source.seed};
  }
  return bench::reduce_bench_job(request, choice);
}

}  // namespace ws::app
