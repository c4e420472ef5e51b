// validate(Params, Graph) (bfs.h): the argument checks both engines and teach mode share, with
// messages that say what was wrong and what is accepted.
#include <cmath>
#include <sstream>
#include <string>

#include "../common/error.h"
#include "bfs.h"

namespace ws::bfs {

namespace {

std::string number(double x) {
  std::ostringstream s;
  s << x;
  return s.str();
}

}  // namespace

void validate(const Params& p, const Graph& g) {
  const int v = int(p.variant);
  if (v < 1 || v > 7)
    throw Error("BFS: unknown variant " + std::to_string(v) +
                "; variants 1..7 exist (push, pull, direction-opt, edge-centric, global-queue, "
                "block-queue, fast)");
  if (g.vertices <= 0)
    throw Error("BFS: the graph '" + g.name + "' has no vertices; load or generate one first");
  if (p.source < 0 || p.source >= g.vertices)
    throw Error("BFS source " + std::to_string(p.source) + " is not a vertex of '" + g.name +
                "': vertices are 0.." + std::to_string(g.vertices - 1));
  if (!(p.alpha > 0) || !std::isfinite(p.alpha))
    throw Error("BFS alpha " + number(p.alpha) +
                ": a finite number > 0 is accepted (direction-optimizing goes bottom-up when "
                "m_f > m_u / alpha; the default is 15)");
  if (!(p.beta > 0) || !std::isfinite(p.beta))
    throw Error("BFS beta " + number(p.beta) +
                ": a finite number > 0 is accepted (direction-optimizing goes back top-down when "
                "n_f < n / beta; the default is 18)");
  if (p.block_dim < 32 || p.block_dim > 1024 || p.block_dim % 32 != 0)
    throw Error("BFS block_dim " + std::to_string(p.block_dim) +
                ": a multiple of 32 from 32 to 1024 is accepted (whole warps)");
}

}  // namespace ws::bfs
