#include "bfs_bench.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <future>

#include "bfs/bfs.h"
#include "common/error.h"
#include "common/tr_noop.h"

namespace ws::bench {

namespace {

struct BenchGraph {
  std::string spec;   // as the scene names it
  std::string label;  // the row's size column
  bool grid = false;
};

struct Plan {
  Backend backend = Backend::Cpu;
  std::vector<bfs::Variant> variants;
  std::vector<BenchGraph> graphs;
  bool baseline = true;
  int repeats = 20;
  BfsBenchChoice choice;
  bool from_scene = false;  // the scene's graph (choice.graph) alone
};

std::string param_text(const nlohmann::json& params, const char* key) {
  if (!params.contains(key)) return "";
  const nlohmann::json& v = params[key];
  return v.is_string() ? v.get<std::string>() : v.dump();
}

bool yes_no(const nlohmann::json& params, const char* key, bool fallback) {
  const std::string t = param_text(params, key);
  if (t.empty()) return fallback;
  WS_REQUIRE(t == "yes" || t == "no" || t == "true" || t == "false",
             std::string("--set ") + key + ": expected yes or no, got '" + t + "'");
  return t == "yes" || t == "true";
}

Plan make_plan(const BfsBenchChoice& choice, const BenchRequest& request) {
  Plan plan;
  plan.backend = request.backend;
  plan.repeats = request.repeats;
  plan.choice = choice;
  const bool cuda = request.backend == Backend::Cuda;
  const nlohmann::json& params = request.params.is_object() ? request.params : nlohmann::json{};
  for (const auto& item : params.items())
    WS_REQUIRE(item.key() == "grid" || item.key() == "shipped" || item.key() == "baseline" ||
                   item.key() == "ef",
               "--set " + item.key() +
                   ": the BFS benchmark takes grid=WxH|none, shipped=yes|no, baseline=yes|no "
                   "and ef=EDGE_FACTOR");
  WS_REQUIRE(request.type.empty(),
             std::string("--type: the BFS benchmark has no element type (graphs: --sizes are "
                         "Kronecker scales)"));
  plan.variants = variants_from_list<bfs::Variant>(
      request.variants,
      [](const std::string& item, bfs::Variant& v) { return bfs::parse_variant(item, v); },
      "a BFS variant (1-7 or a name)");
  if (plan.variants.empty())
    for (const auto& i : bfs::variant_infos()) plan.variants.push_back(i.variant);
  plan.baseline = yes_no(params, "baseline", true);
  if (request.from_scene) {
    WS_REQUIRE(choice.graph != nullptr, std::string("bench: the scene has no graph"));
    plan.from_scene = true;
    plan.graphs.push_back({choice.named.spec, choice.named.label, false});
    return plan;
  }
  int ef = 16;
  if (params.contains("ef")) {
    const std::string t = param_text(params, "ef");
    char* end = nullptr;
    const long v = std::strtol(t.c_str(), &end, 10);
    WS_REQUIRE(!t.empty() && *end == '\0' && v >= 1 && v <= 64,
               "--set ef: expected an edge factor 1..64, got '" + t + "'");
    ef = int(v);
  }
  std::vector<int> scales;
  for (const std::string& t : request.sizes) {
    char* end = nullptr;
    const long k = std::strtol(t.c_str(), &end, 10);
    WS_REQUIRE(!t.empty() && *end == '\0' && k >= 1 && k <= 26,
               "--sizes: Kronecker scales 1..26 (2^SCALE vertices), got '" + t + "'");
    scales.push_back(int(k));
  }
  if (scales.empty()) scales = cuda ? std::vector<int>{16, 18, 20} : std::vector<int>{12, 14};
  for (int k : scales)
    plan.graphs.push_back({"gen:kron:" + std::to_string(k) + ":" + std::to_string(ef),
                           "kron " + std::to_string(k) + ":" + std::to_string(ef), false});
  std::string grid = param_text(params, "grid");
  if (grid.empty()) grid = cuda ? "4096x4096" : "256x256";
  if (grid != "none") plan.graphs.push_back({"gen:grid:" + grid, "grid " + grid, true});
  if (yes_no(params, "shipped", true))
    for (const BfsBenchGraph& g : choice.shipped) plan.graphs.push_back({g.spec, g.label, false});
  // Check the specs before any work: a bad grid size fails here, not after minutes of timing.
  for (const BenchGraph& g : plan.graphs)
    if (g.grid) {
      const std::string dims = g.spec.substr(std::string("gen:grid:").size());
      const size_t x = dims.find('x');
      WS_REQUIRE(x != std::string::npos && x > 0 &&
                     dims.find_first_not_of("0123456789x") == std::string::npos,
                 "--set grid: expected WxH (e.g. 4096x4096) or none, got '" + dims + "'");
    }
  return plan;
}

// The source of a benchmark graph: the corner of a grid (the longest search), else the vertex of
// the highest degree (in the giant component of a Kronecker graph, where vertex 0 may be isolated).
int32_t bench_source(const graph::Graph& g, bool grid) {
  if (grid) return 0;
  int32_t best = 0;
  for (int32_t v = 1; v < g.vertices; ++v)
    if (g.degree(v) > g.degree(best)) best = v;
  return best;
}

// Work past which a variant that touches every vertex (or edge) every level is not timed.
bool too_slow(bfs::Variant v, const graph::Graph& g, size_t levels, bool cuda, std::string& why) {
  double per_level = 0;
  if (v == bfs::Variant::Push || v == bfs::Variant::Pull) per_level = double(g.vertices);
  if (v == bfs::Variant::EdgeCentric) per_level = double(g.edges());
  const double work = per_level * double(levels);
  const double budget = cuda ? 4e10 : 3e8;
  if (work <= budget) return false;
  char text[160];
  std::snprintf(text, sizeof text, "skipped: %zu levels x %.3g %s per level is O(n D) work", levels,
                per_level, v == bfs::Variant::EdgeCentric ? "edges" : "vertices");
  why = text;
  return true;
}

BenchReport run_plan(const Plan& plan, std::ostream& progress) {
  BenchReport report;
  const std::string device = device_description(plan.backend);
  const bool cuda = plan.backend == Backend::Cuda;
  std::unique_ptr<bfs::Engine> engine = bfs::Engine::create(plan.backend);
  nlohmann::json rows_extra = nlohmann::json::array();
  for (const BenchGraph& bg : plan.graphs) {
    progress << bg.label << ": graph\n";
    const std::shared_ptr<const graph::Graph> loaded =
        plan.from_scene ? plan.choice.graph
                        : std::make_shared<const graph::Graph>(plan.choice.load(bg.spec));
    const graph::Graph& g = *loaded;
    const int32_t source =
        plan.from_scene ? std::min(plan.choice.source, g.vertices - 1) : bench_source(g, bg.grid);
    auto ref =
        std::async(std::launch::async, [&g, source] { return graph::bfs_reference(g, source); });
    engine->set_graph(g);
    const std::vector<int32_t> reference = ref.get();
    const int64_t traversed = bfs::traversed_edges(g, reference);
    int32_t depth = 0;
    for (int32_t l : reference) depth = std::max(depth, l);
    const size_t levels = size_t(depth) + 1;
    const std::string size = bg.label;
    auto add_row = [&](BenchRow row, const nlohmann::json& extra) {
      row.size = size;
      row.n = g.edges();
      row.per_second = row.ms > 0 ? double(traversed) / (row.ms * 1e-3) : 0;
      if (!row.verified && row.note.rfind("skipped", 0) != 0)
        report.failures.push_back(row.name + " on " + size + ": " +
                                  (row.note.empty() ? "no result" : row.note));
      nlohmann::json e = extra;
      e["graph"] = bg.spec;
      e["vertices"] = g.vertices;
      e["edges"] = g.edges();
      e["source"] = source;
      e["levels"] = levels;
      e["traversed_edges"] = traversed;
      e["gteps"] = row.per_second / 1e9;
      report.rows.push_back(row);
      rows_extra.push_back(e);
    };
    for (bfs::Variant v : plan.variants) {
      const bfs::VariantInfo& info = bfs::info(v);
      BenchRow row;
      row.name = std::to_string(int(v)) + " " + info.id;
      const nlohmann::json extra = {{"series", row.name}, {"variant", info.id}, {"library", false}};
      std::string why;
      if (too_slow(v, g, levels, cuda, why)) {
        row.note = why;
        add_row(row, extra);
        continue;
      }
      progress << "  " << row.name << "\n";
      bfs::Params p;
      p.variant = v;
      p.source = source;
      p.alpha = plan.choice.alpha;
      p.beta = plan.choice.beta;
      try {
        const bfs::Result r = engine->run(p);
        const std::string check = bfs::verify(g, source, r.level, r.parent);
        row.verified = check.empty() && r.level == reference;
        if (!row.verified) row.note = check.empty() ? "levels differ from the reference" : check;
        const double once = engine->time_ms(p, 1);
        const int repeats =
            std::max(1, std::min(plan.repeats, int(std::ceil(300.0 / std::max(once, 1e-3)))));
        row.ms = repeats > 1 ? engine->time_ms(p, repeats) : once;
      } catch (const Error& e) {
        row.note = e.what();
      }
      add_row(row, extra);
    }
    if (plan.baseline) {
      progress << "  CPU baseline\n";
      BenchRow row;
      const int repeats = std::max(1, std::min(plan.repeats, 5));
      const bfs::CpuBaseline base =
          bfs::time_cpu_baseline(g, source, repeats, 0, plan.choice.alpha, plan.choice.beta);
      row.name = "CPU baseline, " + std::to_string(base.threads) +
                 (base.threads == 1 ? " thread" : " threads");
      row.ms = base.ms;
      row.verified = base.result.level == reference;
      if (!row.verified) row.note = "levels differ from the reference";
      add_row(row, {{"series", "CPU baseline"},
                    {"variant", "cpu-baseline"},
                    {"library", true},
                    {"baseline", base.name}});
    }
  }
  report.title_words = {{TR_NOOP("BFS on {0}"), {device}}};
  report.notes_words = {
      {TR_NOOP("G/s = GTEPS as Graph500 counts them: the input edges of the traversed component "
               "(each undirected edge once) over the time of one search; median of up to {0} "
               "searches (rows slower than 300 ms fewer); sources: the highest-degree vertex, a "
               "grid's corner; Kronecker graphs: Graph500's R-MAT (A 0.57, B 0.19, C 0.19), "
               "symmetrized; every row's levels checked against a plain queue BFS"),
       {std::to_string(plan.repeats)}}};
  if (cuda)
    report.notes_words.push_back(
        {TR_NOOP("the CPU baseline row: the tuned direction-optimizing BFS on the host"), {}});
  set_english(report);
  report.table = bench_rows_table(report.rows, "");
  nlohmann::json rows = bench_rows_json(report.rows);
  for (size_t i = 0; i < rows.size(); ++i) rows[i].update(rows_extra[i]);
  report.json = {{"device", device}, {"gteps_counts", "Graph500 traversed edges"}, {"rows", rows}};
  return report;
}

}  // namespace

BenchJob bfs_bench_job(const BenchRequest& request, const BfsBenchChoice& choice) {
  const Plan plan = make_plan(choice, request);
  return [plan](std::ostream& progress) { return run_plan(plan, progress); };
}

}  // namespace ws::bench
