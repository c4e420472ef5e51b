// Bad input for every loader: each message names the file and the line, what was found and
// what was expected (issue "Graphs in": truncated lines, ids past the declared count, negative or
// non-numeric ids, a header promising 10^12 entries, empty and binary files, mixed formats).
#include <unistd.h>

#include "graph_load_test_support.h"

namespace ws::graph {
namespace {

using test::error_of;
using test::expect_parse_error;
using test::opts;

const char* kMmHead = "%%MatrixMarket matrix coordinate pattern general\n";

TEST(GraphLoadErrors, TruncatedLines) {
  expect_parse_error("0 1\n2\n3 4\n", "t.el", 2, {"found 1 field", "'u v'"});
  expect_parse_error("0 1 1.0\n2 3\n", "t.wel", 2, {"found 2 fields", "'u v w'"});
  expect_parse_error(std::string(kMmHead) + "3 3 2\n1 2\n3\n", "t.mtx", 4, {"'row column'"});
  expect_parse_error("%%MatrixMarket matrix coordinate real general\n3 3 1\n1 2\n", "r.mtx", 3,
                     {"'row column value'"});
  expect_parse_error("p sp 3 2\na 1 2 5\na 2 3\n", "t.gr", 3, {"found 3 fields", "'a u v weight'"});
  expect_parse_error("2 1 1\n2 5\n1\n", "t.graph", 3, {"without a weight"}, opts());
  // A size line cut short.
  expect_parse_error(std::string(kMmHead) + "3 3\n", "s.mtx", 2, {"'rows columns entries'"});
}

TEST(GraphLoadErrors, TruncatedFiles) {
  expect_parse_error(std::string(kMmHead) + "3 3 4\n1 2\n2 3\n", "f.mtx", 4,
                     {"2 of the 4 entries", "truncated"});
  expect_parse_error("4 3\n2\n1 3\n", "f.graph", 3, {"2 of the 4 vertex lines", "truncated"});
  expect_parse_error("p sp 3 3\na 1 2 1\n", "f.gr", 2, {"1 of the 3 arcs", "truncated"});
  expect_parse_error(std::string(kMmHead) + "% only comments\n", "h.mtx", 2,
                     {"before the size line"});
}

TEST(GraphLoadErrors, IdPastTheDeclaredCount) {
  expect_parse_error(std::string(kMmHead) + "3 3 2\n1 2\n1 4\n", "p.mtx", 4,
                     {"vertex id 4", "past the declared", "from 1 to 3"});
  expect_parse_error("3 1\n2\n1 4\n\n", "p.graph", 3, {"vertex id 4", "from 1 to 3"});
  expect_parse_error("p sp 2 1\na 1 3 1\n", "p.gr", 2, {"vertex id 3", "from 1 to 2"});
  // Zero in a 1-based file is not past the count but still out of range.
  expect_parse_error(std::string(kMmHead) + "3 3 1\n0 2\n", "z.mtx", 3, {"vertex id 0", "1-based"});
  // An id too large for any integer.
  expect_parse_error(std::string(kMmHead) + "3 3 1\n99999999999999999999 1\n", "big.mtx", 3,
                     {"past the declared"});
}

TEST(GraphLoadErrors, NegativeAndNonNumericIds) {
  expect_parse_error("0 1\n-1 2\n", "n.el", 2, {"negative vertex id '-1'"});
  expect_parse_error("# snap\n0 1\n1 x7\n", "n.txt", 3, {"'x7'", "vertex id"});
  expect_parse_error("0 1\n1.5 2\n", "f.el", 2, {"'1.5'", "whole number"});
  expect_parse_error(std::string(kMmHead) + "3 3 1\n-2 1\n", "n.mtx", 3, {"negative vertex id"});
  expect_parse_error("2 1\nfoo\n1\n", "n.graph", 2, {"'foo'", "not a number"});
  expect_parse_error("p sp 2 1\na 1 -2 1\n", "n.gr", 2, {"negative vertex id"});
  expect_parse_error("0 1 heavy\n", "w.wel", 1, {"'heavy'", "edge weight"});
  expect_parse_error("%%MatrixMarket matrix coordinate real general\n2 2 1\n1 2 nan\n", "w.mtx", 3,
                     {"'nan'", "finite number"});
}

TEST(GraphLoadErrors, HeadersPromisingTooMuch) {
  expect_parse_error(std::string(kMmHead) + "1000 1000 1000000000000\n1 2\n", "h.mtx", 2,
                     {"promises 1000000000000 entries", "at most"});
  expect_parse_error(std::string(kMmHead) + "1000000000000 1000000000000 1\n1 2\n", "v.mtx", 2,
                     {"1000000000000 vertices"});
  expect_parse_error("10 1000000000000\n", "h.graph", 1, {"promises 1000000000000 edges"});
  expect_parse_error("c\np sp 10 1000000000000\n", "h.gr", 2, {"promises 1000000000000 arcs"});
  // The limit is an option; edge lists without a header stop at the first edge past it.
  LoadOptions small;
  small.max_edges = 3;
  expect_parse_error(std::string(kMmHead) + "5 5 4\n", "l.mtx", 2, {"promises 4 entries"}, small);
  expect_parse_error("0 1\n1 2\n2 3\n3 4\n4 5\n", "l.el", 4, {"more than 3 edges"}, small);
}

// A 60-byte file may declare 2^31 - 1 vertices (a valid header): the loader refuses before the
// 32 GiB of row offsets, naming the sizes, on machines with less memory than that needs.
TEST(GraphLoadErrors, HeaderDeclaringMoreVerticesThanMemory) {
  const double memory = double(sysconf(_SC_PHYS_PAGES)) * double(sysconf(_SC_PAGESIZE));
  if (memory > 40e9) GTEST_SKIP() << "this machine could hold the graph";
  try {
    parse_graph(std::string(kMmHead) + "2147483647 2147483647 1\n1 2\n", "big.mtx", {});
    FAIL() << "expected ws::Error";
  } catch (const ws::Error& e) {
    const std::string m = e.what();
    EXPECT_NE(m.find("big.mtx"), std::string::npos) << m;
    EXPECT_NE(m.find("2147483647 vertices"), std::string::npos) << m;
    EXPECT_NE(m.find("memory"), std::string::npos) << m;
  }
}

TEST(GraphLoadErrors, EmptyAndCommentOnlyFiles) {
  expect_parse_error("", "e.mtx", 1, {"empty"});
  expect_parse_error("", "e.txt", 1, {"empty"});
  expect_parse_error("# nothing\n\n", "c.txt", 2, {"no edges"});
  expect_parse_error("% nothing\n", "c.graph", 1, {"no header"});
  expect_parse_error("c nothing\n", "c.gr", 1, {"no problem line"});
  test::TempDir dir;
  const std::string path = dir.write("empty.el", "");
  const std::string msg = error_of([&] { load_graph(path); });
  EXPECT_NE(msg.find(path + ", line 1:"), std::string::npos) << msg;
  EXPECT_NE(msg.find("empty"), std::string::npos) << msg;
}

TEST(GraphLoadErrors, BinaryFiles) {
  expect_parse_error(std::string("0 1\n1 2\n\0\0\x01\x02", 12), "b.el", 3, {"NUL byte", "binary"});
  std::string noise = "0 1\n";
  for (int i = 0; i < 400; ++i) noise += char(1 + (i * 7) % 30);
  expect_parse_error(noise, "b.txt", 2, {"binary"});
  expect_parse_error(std::string("\x1f\x8b\x08\x00rest", 8), "g.mtx", 1, {"gzip"});
  expect_parse_error(std::string("PK\x03\x04rest", 8), "z.txt", 1, {"zip"});
  // UTF-8 text in comments is text.
  Graph g = parse_graph("# caf\xc3\xa9 na\xc3\xafve\n0 1\n", "u.txt", {});
  EXPECT_EQ(g.edges(), 1);
}

TEST(GraphLoadErrors, MixedFormats) {
  // A banner of one format in a file named as another.
  expect_parse_error(std::string(kMmHead) + "2 2 1\n1 2\n", "m.gr", 1,
                     {"matrix-market", "mixed formats", "dimacs"});
  expect_parse_error("p sp 2 1\na 1 2 1\n", "m.mtx", 1, {"dimacs", "mixed formats"});
  expect_parse_error("# snap\n0 1\n", "m.graph", 1, {"snap", "mixed formats"});
  expect_parse_error(std::string(kMmHead) + "2 2 1\n1 2\n", "m.txt", 1, {"mixed formats"},
                     opts(Format::Metis));
  // Lines of another format further down.
  expect_parse_error("0 1\np sp 3 3\n", "x.el", 2, {"DIMACS 'p' line", "mixed formats"});
  expect_parse_error("0 1\n1 2\n%%MatrixMarket matrix coordinate pattern general\n", "y.txt", 3,
                     {"Matrix Market banner", "mixed formats"});
  expect_parse_error(std::string(kMmHead) + "3 3 2\n1 2\na 2 3 1\n", "z.mtx", 4,
                     {"DIMACS arc", "mixed formats"});
  expect_parse_error("p sp 3 2\na 1 2 1\n2 3\n", "w.gr", 3, {"'2 3'", "'a u v w'"});
  // A METIS file read as an edge list: the hint names METIS.
  expect_parse_error("4 3\n2 3 4\n1\n1\n1\n", "q.txt", 2, {"METIS"});
  // Mixed column counts inside one edge list.
  expect_parse_error("0 1 2.0\n1 2\n", "c.txt", 2, {"found 2 fields", "'u v w'"});
}

TEST(GraphLoadErrors, MatrixMarketKindsRefused) {
  expect_parse_error("%%MatrixMarket matrix array real general\n3 3\n1\n", "a.mtx", 1,
                     {"'array'", "'coordinate'"});
  expect_parse_error("%%MatrixMarket matrix coordinate complex general\n2 2 1\n1 2 1 0\n", "c.mtx",
                     1, {"'complex'", "'pattern', 'real' or 'integer'"});
  expect_parse_error("%%MatrixMarket matrix coordinate pattern hermitian\n2 2 0\n", "h.mtx", 1,
                     {"'hermitian'"});
  expect_parse_error("%%MatrixMarket vector coordinate pattern general\n", "v.mtx", 1,
                     {"'vector'"});
  expect_parse_error("%%MatrixMarket matrix coordinate\n", "w.mtx", 1, {"banner with 3 words"});
  expect_parse_error(std::string(kMmHead) + "3 4 0\n", "r.mtx", 2, {"3 x 4", "square"});
  expect_parse_error(std::string(kMmHead) + "2 2 1\n1 2\n2 1\n", "x.mtx", 4,
                     {"after the 1 entries", "line 2"});
  expect_parse_error("0 1\n", "nob.mtx", 1, {"'0 1'", "banner"});
}

TEST(GraphLoadErrors, MetisStructure) {
  expect_parse_error("3 1 2\n2\n1\n\n", "f.graph", 1, {"format code '2'", "0, 1 (edge weights)"});
  expect_parse_error("3 1 12\n", "f12.graph", 1, {"format code '12'"});
  expect_parse_error("3 1 0 2\n", "nc.graph", 1, {"ncon"});
  expect_parse_error("3\n", "h.graph", 1, {"found 1 fields", "'vertices edges [fmt [ncon]]'"});
  expect_parse_error("2 1\n2\n1\n1\n", "extra.graph", 4, {"after the 2 vertex lines"});
  expect_parse_error("3 2\n2\n1\n\n", "few.graph", 1,
                     {"promises 2 edges", "hold 2 entries", "expected 4"});
  expect_parse_error("2 1\n2 2\n1\n", "many.graph", 3, {"more neighbour entries"});
  expect_parse_error("3 2\n2 3\n3\n1\n", "asym.graph", 2,
                     {"vertex 1 lists neighbour 2", "(line 3) does not list 1"});
  expect_parse_error("3 2 10\n\n1 2\n", "vw.graph", 2, {"vertex size / weight", "vertex 1"});
}

TEST(GraphLoadErrors, DimacsStructure) {
  expect_parse_error("a 1 2 3\n", "a.gr", 1, {"before the problem line"});
  expect_parse_error("p sp 2 1\np sp 2 1\n", "p.gr", 2, {"second 'p' line"});
  expect_parse_error("p max 2 1\n", "m.gr", 1, {"'p sp vertices arcs'"});
  expect_parse_error("p sp 2 1\na 1 2 1\na 2 1 1\n", "x.gr", 3, {"more arcs than the 1"});
  expect_parse_error("p sp 2 1\nq 1 2\n", "q.gr", 2, {"'q 1 2'", "'c' comment"});
}

TEST(GraphLoadErrors, MissingFilesNameThePath) {
  const std::string msg = error_of([] { load_graph("/nonexistent/dir/g.mtx"); });
  EXPECT_NE(msg.find("/nonexistent/dir/g.mtx"), std::string::npos) << msg;
  EXPECT_NE(msg.find("cannot open"), std::string::npos) << msg;
}

TEST(GraphLoadErrors, UnknownContentAsksForTheFormat) {
  expect_parse_error("hello world this is not a graph\n", "note", 1, {"no known graph format"});
}

// Whatever the bytes, a loader throws ws::Error or returns a valid graph: never anything else.
TEST(GraphLoadErrors, RandomCorruptionsNeverCrash) {
  const std::vector<std::pair<std::string, std::string>> seeds = {
      {"k.mtx", "%%MatrixMarket matrix coordinate real symmetric\n4 4 3\n2 1 1.5\n3 2 2\n4 3 1\n"},
      {"k.graph", "4 3 1\n2 1\n1 1 3 2\n2 2 4 1\n3 1\n"},
      {"k.gr", "c x\np sp 4 3\na 1 2 1\na 2 3 2\na 3 4 1\n"},
      {"k.wel", "0 1 1\n1 2 2\n2 3 3\n"},
  };
  uint64_t state = 12345;
  auto next = [&] {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    return uint32_t(state >> 33);
  };
  const char alphabet[] = "0123456789 -.\n\tpac%#xe";
  int threw = 0, parsed = 0;
  for (const auto& [name, text] : seeds)
    for (int trial = 0; trial < 300; ++trial) {
      std::string t = text;
      const int edits = 1 + int(next() % 3);
      for (int k = 0; k < edits; ++k) {
        const size_t at = next() % t.size();
        switch (next() % 3) {
          case 0:
            t[at] = alphabet[next() % (sizeof(alphabet) - 1)];
            break;
          case 1:
            t.erase(at, 1 + next() % 4);
            break;
          default:
            t.insert(at, 1, alphabet[next() % (sizeof(alphabet) - 1)]);
        }
        if (t.empty()) t = "x";
      }
      try {
        Graph g = parse_graph(t, name, {});
        validate(g);
        ++parsed;
      } catch (const ws::Error& e) {
        EXPECT_NE(std::string(e.what()).find(name + ", line "), std::string::npos)
            << e.what() << "\nfor:\n"
            << t;
        ++threw;
      }
    }
  EXPECT_GT(threw, 0);
  EXPECT_GT(parsed, 0);
}

}  // namespace
}  // namespace ws::graph
