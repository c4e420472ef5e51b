// Loading a matrix file (matrix.h) through the graph loaders (kernels/graph: Matrix Market, edge
// lists, METIS, DIMACS), not a parser of its own: self-loops kept (the diagonal), duplicates kept
// and then summed by from_graph, symmetric files expanded by the loader, values in double
// precision (LoadOptions::double_weights). Work O(file + nnz).
#include <string>

#include "../graph/graph.h"
#include "matrix.h"

namespace ws::spmv {

graph::LoadOptions graph_load_options(const LoadMatrixOptions& options) {
  graph::LoadOptions o;
  o.format = options.format;
  o.symmetrize = options.symmetrize;
  o.remove_self_loops = false;
  o.remove_duplicates = false;
  o.renumber = options.renumber;
  o.double_weights = true;
  // A file that promises more entries than the matrix may hold is refused at its size line.
  o.max_edges = max_nonzeros();
  o.progress = options.progress;
  o.cancel = options.cancel;
  return o;
}

CsrMatrix load_matrix(const std::string& path, const LoadMatrixOptions& options) {
  return from_graph(graph::load_graph(path, graph_load_options(options)));
}

}  // namespace ws::spmv
