// LoadOptions::double_weights: every weighted format keeps its weights in double precision in
// Graph::weights64 (the SpMV scene's matrix values), mirrored like the float ones; without it the
// loaders fill the float weights as before and leave weights64 empty.
#include <gtest/gtest.h>

#include "graph_load_test_support.h"

namespace ws::graph::test {
namespace {

LoadOptions double_opts(Format f) {
  LoadOptions o = opts(f);
  o.double_weights = true;
  return o;
}

const double kFine = 0.30000000000000004;  // 0.1 + 0.2: no float holds it

TEST(GraphLoadDouble, MatrixMarketSymmetricMirrorsDoubles) {
  const std::string text =
      "%%MatrixMarket matrix coordinate real symmetric\n3 3 2\n2 1 0.30000000000000004\n3 3 "
      "-2\n";
  const Graph g = parse_graph(text, "d.mtx", double_opts(Format::MatrixMarket));
  EXPECT_NO_THROW(validate(g));
  EXPECT_TRUE(g.weights.empty());
  ASSERT_EQ(g.weights64.size(), g.columns.size());
  // 0 -> 1 and 1 -> 0 carry 0.1 + 0.2; the self-loop 2 -> 2 was removed (default options).
  EXPECT_EQ(g.weights64, (std::vector<double>{kFine, kFine}));
  const Graph f = parse_graph(text, "d.mtx", opts(Format::MatrixMarket));
  EXPECT_TRUE(f.weights64.empty());
  EXPECT_EQ(f.weights, (std::vector<float>{float(kFine), float(kFine)}));
}

TEST(GraphLoadDouble, EdgeListMetisAndDimacsKeepDoubles) {
  const Graph wel =
      parse_graph("0 1 0.30000000000000004\n", "w.wel", double_opts(Format::EdgeList));
  EXPECT_EQ(wel.weights64, (std::vector<double>{kFine}));
  const Graph metis = parse_graph("2 1 1\n2 0.30000000000000004\n1 0.30000000000000004\n",
                                  "m.graph", double_opts(Format::Metis));
  EXPECT_EQ(metis.weights64, (std::vector<double>{kFine, kFine}));
  const Graph dimacs =
      parse_graph("p sp 2 1\na 1 2 0.30000000000000004\n", "d.gr", double_opts(Format::Dimacs));
  EXPECT_EQ(dimacs.weights64, (std::vector<double>{kFine}));
  EXPECT_TRUE(dimacs.weights.empty());
}

TEST(GraphLoadDouble, KeptDuplicatesKeepTheirOwnWeights) {
  LoadOptions o = double_opts(Format::MatrixMarket);
  o.remove_duplicates = false;
  const Graph g = parse_graph(
      "%%MatrixMarket matrix coordinate real general\n2 2 3\n1 2 0.5\n2 1 7\n1 2 0.25\n", "k.mtx",
      o);
  EXPECT_EQ(g.columns, (std::vector<int32_t>{1, 1, 0}));
  EXPECT_EQ(g.weights64, (std::vector<double>{0.5, 0.25, 7}));  // ties in file order
}

TEST(GraphLoadDouble, ValidateChecksTheDoubleWeights) {
  Graph g = parse_graph("0 1 2.5\n", "v.wel", double_opts(Format::EdgeList));
  g.weights64.push_back(1.0);
  EXPECT_NE(error_of([&] { validate(g); }).find("double weights"), std::string::npos);
}

}  // namespace
}  // namespace ws::graph::test
