// Loader fuzz targets, one per format (Matrix Market, SNAP, edge list, .wel, METIS, DIMACS,
// coordinates): a seeded mutation fuzzer (bit flips, byte changes, truncations, inserted digits,
// signs and huge numbers, duplicated, deleted and swapped lines, binary garbage, stray blanks)
// over valid seed texts, with random load options. Every input must either give a graph that
// passes graph::validate or throw ws::Error with a message naming the input; any other
// exception fails the test, and a crash or a leak fails the ASan tier of scripts/test.sh.
//
// Brief by default (a fixed number of inputs per target, about 0.5 s for all). For a longer run:
//   WS_FUZZ_SECONDS=N build/tests/kernels/test_graph_cpu --gtest_filter='GraphLoadFuzz*'
// runs each target for N seconds; WS_FUZZ_SEED=S starts from another seed (a failure prints the
// seed, the case number and the input).
//
// Inputs holding a whole number from 10^7 to 2^31 - 1 are skipped: a valid header (or an edge
// list without renumbering) with such a vertex count really describes a graph of gigabytes,
// which is not what a fuzzer should allocate (the inserted numbers stay invalid or below 10^6,
// but digits inserted next to each other can reach that range).
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "common/error.h"
#include "graph/graph.h"
#include "graph/graph_load.h"

namespace ws::graph {
namespace {

struct Target {
  const char* format;
  std::string name;  // the file name given to the parser (its extension picks the format)
  std::vector<std::string> seeds;
  Format option = Format::Auto;
};

std::vector<Target> targets() {
  return {
      {"matrix-market",
       "fuzz.mtx",
       {"%%MatrixMarket matrix coordinate pattern general\n% comment\n4 4 5\n1 2\n2 3\n3 1\n4 "
        "4\n1 3\n",
        "%%MatrixMarket matrix coordinate real symmetric\n3 3 3\n2 1 0.5\n3 1 1.5e0\n3 3 2\n",
        "%%MatrixMarket matrix coordinate integer skew-symmetric\n3 3 2\n2 1 -4\n3 2 7\n"}},
      {"snap",
       "fuzz.txt",
       {"# Directed graph: test\n# Nodes: 4 Edges: 4\n# FromNodeId\tToNodeId\n10\t20\n20\t30\n10 "
        "30\n  40   10  \n"}},
      {"edge-list", "fuzz.el", {"0 1\n1 2\n2 0\n3 4\n4 4\n", "0,1\n1,2\n"}},
      {"weighted-edge-list", "fuzz.wel", {"0 1 2.5\n1 2 0.25\n0 2 -1\n2 2 1e3\n"}},
      {"metis",
       "fuzz.graph",
       {"% a METIS graph\n5 4\n2 3\n1 3\n% between\n1 2 4\n3\n\n",
        "3 2 11\n9 2 5\n9 1 5 3 7\n9 2 7\n", "3 2 111\n4 9 2 5\n4 9 1 5 3 7\n4 9 2 7\n"}},
      {"dimacs",
       "fuzz.gr",
       {"c 9th DIMACS\np sp 3 4\nc arcs\na 1 2 7\na 2 3 8\na 3 1 9\na 1 3 1\n"}},
      {"dimacs-edge", "fuzz.col", {"c clique style\np edge 3 2\ne 1 2\ne 3 2\n"}, Format::Dimacs},
  };
}

// Coordinates for a 5-vertex graph in each accepted layout.
const std::vector<std::string> kCoordinateSeeds = {
    "# x y\n0.5 1\n-2 3e2\n4\t-5.25\n1 1\n2 2\n",
    "1\n2\n3\n4\n5\n10\n20\n30\n40\n50\n",
    "%%MatrixMarket matrix array real general\n5 2\n1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n",
    "c coordinates\np aux sp co 5\nv 1 10 20\nv 2 11 21\nv 3 12 22\nv 4 13 23\nv 5 14 24\n",
};

const std::vector<std::string> kNumbers = {"-1",
                                           "-0",
                                           "+7",
                                           "0",
                                           "2147483647999",
                                           "2147483648",
                                           "4294967296",
                                           "-2147483648",
                                           "9223372036854775807",
                                           "99999999999999999999999",
                                           "1e400",
                                           "-1e400",
                                           "nan",
                                           "inf",
                                           "1e-400",
                                           "0x1f",
                                           "1.5",
                                           "999999",
                                           "12345",
                                           "3.",
                                           ".5",
                                           "1e5",
                                           "--3"};

class Mutator {
 public:
  explicit Mutator(uint64_t seed) : rng_(seed) {}
  size_t below(size_t n) { return n == 0 ? 0 : size_t(rng_() % n); }

  std::string mutate(std::string text) {
    const int rounds = 1 + int(below(4));
    for (int r = 0; r < rounds; ++r) text = once(std::move(text));
    return text;
  }

 private:
  std::vector<std::string> lines(const std::string& text) {
    std::vector<std::string> out(1);
    for (char c : text) {
      out.back() += c;
      if (c == '\n') out.emplace_back();
    }
    return out;
  }
  static std::string join(const std::vector<std::string>& l) {
    std::string s;
    for (const auto& x : l) s += x;
    return s;
  }

  std::string once(std::string t) {
    const size_t at = below(t.size() + 1);
    switch (below(11)) {
      case 0:  // flip a bit
        if (!t.empty()) t[below(t.size())] ^= char(1 << below(8));
        break;
      case 1:  // any byte
        if (!t.empty()) t[below(t.size())] = char(below(256));
        break;
      case 2:  // truncate
        t.resize(below(t.size() + 1));
        break;
      case 3: {  // digits
        std::string d;
        for (size_t k = 0, n = 1 + below(3); k < n; ++k) d += char('0' + below(10));
        t.insert(at, d);
        break;
      }
      case 4:  // a sign, a point or an exponent
        t.insert(at, std::string(1, "-+.e"[below(4)]));
        break;
      case 5: {  // a number replacing a field or put beside one
        const std::string& n = kNumbers[below(kNumbers.size())];
        size_t b = at;
        while (b > 0 && t[b - 1] != ' ' && t[b - 1] != '\n' && t[b - 1] != '\t') --b;
        size_t e = at;
        while (e < t.size() && t[e] != ' ' && t[e] != '\n' && t[e] != '\t') ++e;
        t.replace(b, e - b, n);
        break;
      }
      case 6: {  // duplicate a line
        auto l = lines(t);
        const size_t i = below(l.size());
        l.insert(l.begin() + long(i), l[i]);
        t = join(l);
        break;
      }
      case 7: {  // delete a line
        auto l = lines(t);
        l.erase(l.begin() + long(below(l.size())));
        t = join(l);
        break;
      }
      case 8: {  // swap two lines
        auto l = lines(t);
        std::swap(l[below(l.size())], l[below(l.size())]);
        t = join(l);
        break;
      }
      case 9: {  // binary garbage
        std::string g;
        for (size_t k = 0, n = 1 + below(64); k < n; ++k) g += char(below(256));
        t.insert(at, g);
        break;
      }
      default:  // stray blanks, CR, commas, comment marks
        t.insert(at, std::string(1, " \t\r\n,#%"[below(7)]));
        break;
    }
    return t;
  }

  std::mt19937_64 rng_;
};

LoadOptions random_options(Mutator& m, Format format) {
  LoadOptions o;
  o.format = format;
  o.symmetrize = m.below(3) == 0;
  o.remove_self_loops = m.below(2) == 0;
  o.remove_duplicates = m.below(2) == 0;
  o.renumber = m.below(4) != 0;
  return o;
}

// Whether `text` holds a run of digits worth 10^7 .. 2^31 - 1 (a legal but huge vertex count).
bool huge_count(const std::string& text) {
  for (size_t i = 0; i < text.size();) {
    if (text[i] < '0' || text[i] > '9') {
      ++i;
      continue;
    }
    int64_t value = 0;
    for (; i < text.size() && text[i] >= '0' && text[i] <= '9'; ++i)
      value = std::min<int64_t>(value * 10 + (text[i] - '0'), int64_t{1} << 40);
    if (value >= 10000000 && value < (int64_t{1} << 31)) return true;
  }
  return false;
}

// Seconds per target from WS_FUZZ_SECONDS (0: the brief run of `brief_cases` inputs).
double fuzz_seconds() {
  const char* s = std::getenv("WS_FUZZ_SECONDS");
  return s ? std::atof(s) : 0.0;
}

uint64_t fuzz_seed() {
  const char* s = std::getenv("WS_FUZZ_SEED");
  return s ? std::strtoull(s, nullptr, 10) : 20240514;
}

// Runs `one(text, case)` over mutated seeds until the brief count or the time is spent.
template <class One>
void fuzz(const std::string& target, const std::vector<std::string>& seeds, int brief_cases,
          One&& one) {
  const double seconds = fuzz_seconds();
  const uint64_t seed = fuzz_seed() ^ std::hash<std::string>()(target);
  Mutator m(seed);
  const auto start = std::chrono::steady_clock::now();
  int64_t cases = 0, accepted = 0;
  for (;; ++cases) {
    if (seconds > 0) {
      if ((cases & 63) == 0 &&
          std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() > seconds)
        break;
    } else if (cases >= brief_cases) {
      break;
    }
    const std::string text = m.mutate(seeds[m.below(seeds.size())]);
    if (huge_count(text)) continue;
    if (!one(text, m)) {
      ADD_FAILURE() << target << ": case " << cases << " (WS_FUZZ_SEED=" << fuzz_seed()
                    << "), input:\n"
                    << text;
      return;
    }
    ++accepted;
  }
  if (seconds > 0) std::printf("%s: %lld inputs\n", target.c_str(), (long long)cases);
}

constexpr int kBriefCases = 2000;

class GraphLoadFuzz : public ::testing::TestWithParam<size_t> {};

TEST_P(GraphLoadFuzz, GraphOrErrorNamingTheInput) {
  const Target t = targets()[GetParam()];
  // The seeds themselves load.
  for (const std::string& s : t.seeds) {
    LoadOptions o;
    o.format = t.option;
    EXPECT_NO_THROW(validate(parse_graph(s, t.name, o))) << t.format << ":\n" << s;
  }
  fuzz(t.format, t.seeds, kBriefCases, [&](const std::string& text, Mutator& m) {
    const LoadOptions o = random_options(m, t.option);
    try {
      const Graph g = parse_graph(text, t.name, o);
      try {
        validate(g);
      } catch (const Error& e) {
        ADD_FAILURE() << "a loaded graph fails validate: " << e.what();
        return false;
      }
      if (g.name != t.name) {
        ADD_FAILURE() << "the graph is named '" << g.name << "', not '" << t.name << "'";
        return false;
      }
    } catch (const Error& e) {
      const std::string msg = e.what();
      if (msg.empty() || msg.find(t.name) == std::string::npos) {
        ADD_FAILURE() << "the message does not name '" << t.name << "': " << msg;
        return false;
      }
    } catch (const std::exception& e) {
      ADD_FAILURE() << "not a ws::Error: " << e.what();
      return false;
    }
    return true;
  });
}

INSTANTIATE_TEST_SUITE_P(Formats, GraphLoadFuzz, ::testing::Range<size_t>(0, 7),
                         [](const ::testing::TestParamInfo<size_t>& info) {
                           std::string n = targets()[info.param].format;
                           for (char& c : n)
                             if (c == '-') c = '_';
                           return n;
                         });

TEST(GraphLoadFuzzCoordinates, CoordinatesOrErrorNamingTheInput) {
  const std::string name = "fuzz.xy";
  const Graph base = parse_graph("0 1\n1 2\n2 3\n3 4\n", "five.el", {});
  ASSERT_EQ(base.vertices, 5);
  for (const std::string& s : kCoordinateSeeds) {
    Graph g = base;
    LineReader in = LineReader::from_text(s, name);
    EXPECT_NO_THROW(read_coordinates(in, g)) << s;
    EXPECT_EQ(g.x.size(), 5u) << s;
  }
  fuzz("coordinates", kCoordinateSeeds, kBriefCases, [&](const std::string& text, Mutator&) {
    Graph g = base;
    try {
      LineReader in = LineReader::from_text(text, name);
      read_coordinates(in, g);
      if (g.x.size() != 5 || g.y.size() != 5) {
        ADD_FAILURE() << "coordinates for " << g.x.size() << " x " << g.y.size()
                      << " vertices of 5";
        return false;
      }
      validate(g);
    } catch (const Error& e) {
      const std::string msg = e.what();
      if (msg.find(name) == std::string::npos) {
        ADD_FAILURE() << "the message does not name '" << name << "': " << msg;
        return false;
      }
    } catch (const std::exception& e) {
      ADD_FAILURE() << "not a ws::Error: " << e.what();
      return false;
    }
    return true;
  });
}

}  // namespace
}  // namespace ws::graph
