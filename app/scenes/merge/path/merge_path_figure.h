// The merge path as a picture (PMPP 12.3-12.5, Green et al.'s "Merge Path"): A along the top, one
// column per element, B down the left, one row per element, and the path of the merged output as
// a staircase from the top-left corner to the bottom-right one, a step right for every element
// taken from A and a step down for every element taken from B (equal keys take A first). Output
// index k lies on the diagonal i + j = k; the co-rank of k is where the path crosses it. Cells
// where A[i] > B[j] are shaded: the path runs along the edge of the shaded region.
//
// A reusable piece: the path mode draws its threads' diagonals and the co-rank search on it, the
// sort mode each merge's path on demand.
#pragma once

#include <string>
#include <vector>

#include "common/binary_op.h"
#include "render/canvas.h"
#include "render/palette.h"
#include "scene_kit/hover_map.h"

namespace ws::app {

// A diagonal i + j = k and where the path crosses it, owned by a thread (-1: none); `found`:
// the crossing is drawn (false while the thread still searches for it).
struct MergePathCut {
  int k = 0, i = 0, j = 0;
  int thread = -1;
  bool found = true;
};

// A co-rank search's probe on diagonal k: the point (i, j) a pass starts at, the window it still
// searches (i from i_low, j from j_low), the cells it compares (A[i-1] with B[j], B[j-1] with
// A[i]) and where the pass moves it (i_after, j_after; the same point when the search is done).
struct MergePathProbe {
  int k = 0, i = 0, j = 0, i_low = 0, j_low = 0;
  int i_after = 0, j_after = 0;
  int thread = -1;
};

struct MergePathPicture {
  std::vector<double> a, b;
  ValueType type = ValueType::Int32;
  // The diagonals drawn, coloured by their thread; of the cuts found on one diagonal the first
  // is drawn (put a piece's start before the previous piece's end).
  std::vector<MergePathCut> cuts;
  std::vector<MergePathProbe> probes;  // the search passes shown, one per searching thread
  // The thread that writes each C[k] (empty: the path in one colour); -1 for an output not yet
  // written (the rest of the path is drawn muted).
  std::vector<int> writer;
  std::string caption;  // drawn above the grid
};

// Where the grid lies: point(i, j) is the corner between A[i-1] | A[i] and B[j-1] | B[j].
struct MergePathGeometry {
  gfx::Vec2 origin;  // point(0, 0)
  float cell = 0;
  int m = 0, n = 0;
  gfx::Vec2 point(int i, int j) const { return {origin.x + i * cell, origin.y + j * cell}; }
  gfx::Vec2 max() const { return point(m, n); }
};

// The path's moves: true for a step right (an element of A), false for a step down (of B); equal
// keys take A first, as the book's merge does.
std::vector<bool> merge_path_moves(const std::vector<double>& a, const std::vector<double>& b);
// The point the path passes on diagonal k (the co-rank of k as the stable merge defines it).
MergePathCut merge_path_crossing(const std::vector<double>& a, const std::vector<double>& b, int k);

// Lays the picture out in [min, max] and draws it; hover regions (cells, the A and B headers,
// the diagonals' points) go into `hover` when given. Returns the grid's geometry for overlays.
MergePathGeometry draw_merge_path(gfx::Canvas& c, gfx::Vec2 min, gfx::Vec2 max,
                                  const MergePathPicture& picture, const gfx::Palette& p,
                                  float font, HoverMap* hover);

}  // namespace ws::app
