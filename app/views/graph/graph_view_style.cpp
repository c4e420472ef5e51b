// The graph view's colours: states that read on a projector and for colour-blind viewers (grey
// unvisited, muted blue visited, strong orange frontier, bright yellow-green discovered with a
// dark outline, red source with a ring), and edges whose emphasis follows the BFS (faint plain,
// tinted examined, dark tree, thick frontier-orange useful). One table per theme, used by the GL
// programs and the canvas alike.
#include <algorithm>
#include <cmath>

#include "i18n/i18n.h"
#include "views/graph/graph_view.h"
#include "views/graph/graph_view_impl.h"

namespace ws::app {

namespace {

GraphStyle make_style(gfx::Theme theme) {
  const bool dark = theme == gfx::Theme::Dark;
  const gfx::Palette& palette = gfx::palette(theme);
  GraphStyle s{};
  s.background = palette.background;
  s.label = palette.text;
  s.label_muted = palette.text_muted;
  using interop::kStateDiscovered, interop::kStateFrontier, interop::kStateSource,
      interop::kStateUnvisited, interop::kStateVisited;
  s.fill[kStateUnvisited] = dark ? gfx::Color{78, 80, 90} : gfx::Color{208, 208, 214};
  s.outline[kStateUnvisited] = dark ? gfx::Color{120, 122, 134} : gfx::Color{140, 140, 150};
  s.fill[kStateVisited] = dark ? gfx::Color{92, 132, 184} : gfx::Color{124, 160, 204};
  s.outline[kStateVisited] = dark ? gfx::Color{150, 185, 230} : gfx::Color{60, 96, 146};
  s.fill[kStateFrontier] = {240, 128, 0};
  s.outline[kStateFrontier] = dark ? gfx::Color{255, 196, 120} : gfx::Color{150, 66, 0};
  s.fill[kStateDiscovered] = {176, 232, 36};
  s.outline[kStateDiscovered] = {36, 64, 0};
  s.fill[kStateSource] = {214, 28, 44};
  s.outline[kStateSource] = dark ? gfx::Color{255, 120, 130} : gfx::Color{130, 0, 16};
  using interop::kEdgeExamined, interop::kEdgePlain, interop::kEdgeTree, interop::kEdgeUseful;
  s.edge[kEdgePlain] = dark ? gfx::Color{150, 152, 164, 150} : gfx::Color{110, 110, 122, 150};
  s.edge[kEdgeExamined] = dark ? gfx::Color{250, 176, 96, 190} : gfx::Color{236, 150, 60, 190};
  s.edge[kEdgeTree] = dark ? gfx::Color{225, 228, 240, 235} : gfx::Color{40, 40, 52, 235};
  s.edge[kEdgeUseful] = {240, 128, 0, 255};
  s.edge_width[kEdgePlain] = 1.0f;
  s.edge_width[kEdgeExamined] = 1.5f;
  s.edge_width[kEdgeTree] = 1.75f;
  s.edge_width[kEdgeUseful] = 3.5f;
  return s;
}

}  // namespace

const GraphStyle& graph_style(gfx::Theme theme) {
  static const GraphStyle light = make_style(gfx::Theme::Light);
  static const GraphStyle dark = make_style(gfx::Theme::Dark);
  return theme == gfx::Theme::Dark ? dark : light;
}

EdgeLook edge_look(const GraphStyle& style, int cls, float spacing_pixels) {
  const float density = std::clamp(spacing_pixels / 12.0f, 0.0f, 1.0f);  // 1: sparse
  static constexpr float kMinAlpha[interop::kEdgeClassCount] = {0.2f, 0.45f, 0.55f, 1.0f};
  static constexpr float kThin[interop::kEdgeClassCount] = {1.0f, 1.0f, 1.0f, 2.5f};
  EdgeLook look{style.edge[cls], style.edge_width[cls]};
  look.color.a = uint8_t(std::lround(look.color.a * std::max(density, kMinAlpha[cls])));
  look.width = kThin[cls] + (look.width - kThin[cls]) * density;
  return look;
}

gfx::Color GraphView::state_color(VertexState s) {
  return state_color(s, gfx::Theme::Light);
}

gfx::Color GraphView::state_color(VertexState s, gfx::Theme theme) {
  const int i = int(s);
  return i >= 0 && i < interop::kStateCount ? graph_style(theme).fill[i] : gfx::Color{};
}

gfx::Color GraphView::edge_color(EdgeClass c, gfx::Theme theme) {
  const int i = int(c);
  return i >= 0 && i < interop::kEdgeClassCount ? graph_style(theme).edge[i] : gfx::Color{};
}

const char* GraphView::state_name(VertexState s) {
  switch (s) {
    case VertexState::Unvisited:
      return TR_NOOP("unvisited");
    case VertexState::Visited:
      return TR_NOOP("visited");
    case VertexState::Frontier:
      return TR_NOOP("frontier");
    case VertexState::Discovered:
      return TR_NOOP("discovered");
    case VertexState::Source:
      return TR_NOOP("source");
  }
  return "?";
}

const char* GraphView::edge_class_name(EdgeClass c) {
  switch (c) {
    case EdgeClass::Plain:
      return "plain";
    case EdgeClass::Examined:
      return "examined";
    case EdgeClass::Tree:
      return "tree";
    case EdgeClass::Useful:
      return "useful";
  }
  return "?";
}

}  // namespace ws::app
