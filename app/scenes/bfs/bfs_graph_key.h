// The key of the BFS graph drawing, one for both modes: the vertex states and the edge classes in
// GraphView's colours, so a colour means the same in graph mode and in teach mode.
#pragma once

#include <vector>

#include "render/palette.h"
#include "views/figure_parts.h"

namespace ws::app {

// Source, frontier, discovered, visited, unvisited; then the examined edges (`examined`: "examined
// this level" in graph mode, "examined this step" in teach mode, already translated), those that
// discovered a vertex, and the BFS tree; in the current language.
std::vector<Swatch> bfs_graph_key(gfx::Theme theme, const char* examined);

}  // namespace ws::app
