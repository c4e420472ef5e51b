#include "bfs_report.h"

#include <cstdio>

#include "bfs_graph_loader.h"

namespace ws::app {

double gteps(int64_t traversed_edges, double ms) {
  return ms > 0 ? double(traversed_edges) / (ms * 1e-3) / 1e9 : 0;
}

std::string ms_text(double ms) {
  char text[32];
  std::snprintf(text, sizeof text, ms >= 100 ? "%.0f ms" : ms >= 1 ? "%.2f ms" : "%.3f ms", ms);
  return text;
}

nlohmann::json level_row_json(const bfs::LevelStats& l) {
  return {{"depth", l.depth},
          {"frontier", l.frontier},
          {"frontier_edges", l.frontier_edges},
          {"unvisited_edges", l.unvisited_edges},
          {"edges_examined", l.edges_examined},
          {"discovered", l.discovered},
          {"threads", l.threads},
          {"direction", bfs::direction_name(l.direction)},
          {"ms", l.ms}};
}

void fill_bfs_run(RunJson& doc, const BfsSettings& s, const graph::Graph& g,
                  const bfs::Result* result, const std::string& verify, bool matches_reference,
                  int level_shown) {
  const bool small = g.vertices <= kBfsJsonMaxVertices;
  doc.input = {{"graph", s.graph_label()}, {"name", g.name},
               {"vertices", g.vertices},   {"edges", g.edges()},
               {"symmetric", g.symmetric}, {"coordinates", g.has_coordinates()},
               {"source", s.source}};
  const bfs::VariantInfo& vi = bfs::info(s.variant);
  doc.extra["graph"] = s.graph_label();
  doc.extra["vertices"] = g.vertices;
  doc.extra["edges"] = g.edges();
  doc.extra["source"] = s.source;
  doc.extra["variant"] = {{"id", vi.id}, {"number", int(s.variant)}, {"title", vi.title}};
  doc.extra["level_shown"] = level_shown;
  if (small) {
    const std::vector<int32_t> ref = graph::bfs_reference(g, s.source);
    doc.reference = {{"level", ref}, {"from", "graph::bfs_reference (a plain queue BFS)"}};
  }
  std::string verdict = "no run";
  if (result) {
    nlohmann::json levels = nlohmann::json::array();
    for (const bfs::LevelStats& l : result->levels) levels.push_back(level_row_json(l));
    doc.result = {{"reached", result->reached}, {"traversed_edges", result->traversed_edges}};
    if (small) {
      doc.result["level"] = result->level;
      doc.result["parent"] = result->parent;
    }
    doc.matches_reference = matches_reference;
    const double rate = gteps(result->traversed_edges, result->ms);
    doc.extra["levels"] = std::move(levels);
    doc.extra["reached"] = result->reached;
    doc.extra["traversed_edges"] = result->traversed_edges;
    doc.extra["ms"] = result->ms;
    doc.extra["gteps"] = result->ms > 0 ? nlohmann::json(rate) : nlohmann::json();
    const bool passed = verify.empty() && matches_reference;
    doc.extra["verification"] = {{"passed", passed},
                                 {"graph500_checks", verify.empty() ? "passed" : verify},
                                 {"levels_equal_reference", matches_reference}};
    verdict = passed ? "verified" : "WRONG: " + (verify.empty() ? "levels differ" : verify);
    char line[256];
    std::snprintf(line, sizeof line, "%s from %d with %s: reached %lld in %zu levels, %s",
                  s.graph_label().c_str(), int(s.source), vi.id, (long long)result->reached,
                  result->levels.size(), verdict.c_str());
    doc.summary = line;
  } else {
    doc.summary = graph_summary(g, s.graph_label()) + " (no run)";
  }
}

}  // namespace ws::app
