// Names of the graph formats (graph.h).
#include "graph.h"

namespace ws::graph {

const char* format_name(Format f) {
  switch (f) {
    case Format::Auto:
      return "auto";
    case Format::MatrixMarket:
      return "matrix-market";
    case Format::Snap:
      return "snap";
    case Format::EdgeList:
      return "edge-list";
    case Format::Metis:
      return "metis";
    case Format::Dimacs:
      return "dimacs";
  }
  return "?";
}

bool parse_format(const std::string& text, Format& out) {
  for (Format f : {Format::Auto, Format::MatrixMarket, Format::Snap, Format::EdgeList,
                   Format::Metis, Format::Dimacs})
    if (text == format_name(f)) {
      out = f;
      return true;
    }
  return false;
}

}  // namespace ws::graph
