// The teach figure colours a vertex and an edge as the graph mode does (GraphView's colours, per
// theme), so a student who switches modes reads the same colour the same way: each vertex's disk
// in the colour of its state by the graph view's rule (levels from graph::bfs_reference), the
// source ringed in the source's colour, each edge group in its class's colour, and the key the
// graph mode draws.
#include <gtest/gtest.h>

#include <memory>
#include <regex>
#include <set>
#include <string>

#include "graph/graph.h"
#include "render/figure.h"
#include "scenes/bfs/bfs_scene.h"
#include "scenes/bfs/teach/bfs_teach_mode.h"
#include "views/graph/graph_view.h"

namespace ws::app {
namespace {

std::string rgb(gfx::Color c) {
  return "rgb(" + std::to_string(c.r) + "," + std::to_string(c.g) + "," + std::to_string(c.b) + ")";
}

// The colours (fill and stroke) of the shapes inside the SVG group `id` (`circles`: of its
// circles only, not its labels).
std::set<std::string> group_colours(const std::string& svg, const std::string& id,
                                    bool circles = false) {
  const size_t start = svg.find("<g id=\"" + id + "\">");
  EXPECT_NE(start, std::string::npos) << id;
  if (start == std::string::npos) return {};
  const size_t end = svg.find("</g>", start);
  const std::string body = svg.substr(start, end - start);
  std::set<std::string> out;
  const std::regex colour(std::string(circles ? "<circle [^>]*" : "") +
                          "(fill|stroke)=\"(rgb\\([0-9]+,[0-9]+,[0-9]+\\))\"");
  for (auto it = std::sregex_iterator(body.begin(), body.end(), colour);
       it != std::sregex_iterator(); ++it)
    out.insert((*it)[2]);
  return out;
}

std::string svg_of(const Scene& scene, gfx::Theme theme) {
  gfx::FigureOptions options;
  options.width = 1280;
  options.height = 720;
  return gfx::render_figure_svg([&](gfx::Canvas& c) { scene.draw(c, theme); }, options);
}

TEST(BfsTeachColours, VerticesAndEdgesHaveTheGraphModesColoursInBothThemes) {
  for (const gfx::Theme theme : {gfx::Theme::Light, gfx::Theme::Dark}) {
    for (const int32_t source : {0, 3}) {
      BfsScene scene;
      scene.params_from_json({{"mode", "teach"},
                              {"graph", "gen:pmpp"},
                              {"variant", "global-queue"},
                              {"source", std::to_string(source)}});
      static SceneContext context;
      scene.attach(context);
      const BfsTeachMode& mode = *scene.find_mode<BfsTeachMode>("teach");
      ASSERT_NE(mode.shown_run(), nullptr);
      const graph::Graph g = graph::generate("pmpp", 1);
      const std::vector<int32_t> level = graph::bfs_reference(g, source);
      const gfx::Palette& pal = gfx::palette(theme);
      std::set<VertexState> seen_states;
      for (int step = 0; step < scene.step_count(); ++step) {
        scene.seek(step);
        const std::string svg = svg_of(scene, theme);
        // Levels still being written in this step are not yet final: take the steps' depths,
        // and compare the disks the final levels decide (visited, source, frontier) and the
        // unvisited ones beyond the next level, which no step of this level changes.
        const int32_t depth = mode.shown_run()->step_depth.at(size_t(step));
        std::set<std::string> allowed = {rgb(pal.cell_border), rgb(pal.background)};
        std::set<std::string> required;
        for (int32_t v = 0; v < g.vertices; ++v) {
          const VertexState s = vertex_state(level[size_t(v)], v, depth, source);
          seen_states.insert(s);
          allowed.insert(rgb(GraphView::state_color(s, theme)));
          if (s != VertexState::Discovered) required.insert(rgb(GraphView::state_color(s, theme)));
        }
        // A vertex of the next level not found yet in this step is still unvisited.
        allowed.insert(rgb(GraphView::state_color(VertexState::Unvisited, theme)));
        const std::set<std::string> disks = group_colours(svg, "vertices", true);
        for (const std::string& c : disks)
          EXPECT_TRUE(allowed.count(c)) << "step " << step << ": a disk in " << c;
        for (const std::string& c : required)
          EXPECT_TRUE(disks.count(c)) << "step " << step << ": no disk in " << c;
        EXPECT_TRUE(disks.count(rgb(GraphView::state_color(VertexState::Source, theme))));
        EXPECT_EQ(group_colours(svg, "graph-edges"),
                  std::set<std::string>{rgb(GraphView::edge_color(EdgeClass::Plain, theme))});
        for (const std::string& c : group_colours(svg, "bfs-tree"))
          EXPECT_EQ(c, rgb(GraphView::edge_color(EdgeClass::Tree, theme)));
        for (const std::string& c : group_colours(svg, "examined-edges"))
          EXPECT_TRUE(c == rgb(GraphView::edge_color(EdgeClass::Examined, theme)) ||
                      c == rgb(GraphView::edge_color(EdgeClass::Useful, theme)))
              << c;
        // The key names the states and edges as the graph mode's does.
        for (const char* name : {"source", "frontier", "discovered", "visited", "unvisited",
                                 "examined this step", "discovered a vertex", "BFS tree"})
          EXPECT_NE(svg.find(std::string(">") + name + "<"), std::string::npos) << name;
      }
      EXPECT_EQ(seen_states.size(), 5u);  // every state shows in some step
    }
  }
}

}  // namespace
}  // namespace ws::app
