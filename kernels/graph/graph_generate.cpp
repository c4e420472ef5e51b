// generate() (graph.h): parses a generator spec, checks its sizes against the limits (at most
// 2^31 stored directed edges, so memory stays bounded) and calls the family
// (graph_generate_simple.cpp, graph_generate_random.cpp).
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <string>
#include <vector>

#include "../common/error.h"
#include "graph_generate_families.h"

namespace ws::graph {

namespace {

constexpr const char* kAccepted =
    "accepted specs: grid:WxH, er:N:D, kron:SCALE:EF, path:N, star:N, tree:DEPTH, pmpp";
constexpr int64_t kMaxGeneratedEdges = int64_t{1} << 31;  // stored directed edges

[[noreturn]] void fail(const std::string& spec, const std::string& what) {
  throw Error("graph spec '" + spec + "': " + what + " (" + kAccepted + ")");
}

std::vector<std::string> split(const std::string& text, char sep) {
  std::vector<std::string> parts(1);
  for (char c : text) {
    if (c == sep)
      parts.emplace_back();
    else
      parts.back() += c;
  }
  return parts;
}

// A decimal integer in lo..hi (digits only: no sign, spaces or exponent).
int64_t integer(const std::string& spec, const std::string& text, const char* name, int64_t lo,
                int64_t hi) {
  const std::string range =
      std::string(name) + " must be " + std::to_string(lo) + ".." + std::to_string(hi);
  if (text.empty() || text.size() > 18) fail(spec, range + ", got '" + text + "'");
  int64_t value = 0;
  for (char c : text) {
    if (c < '0' || c > '9') fail(spec, range + ", got '" + text + "'");
    value = value * 10 + (c - '0');
  }
  if (value < lo || value > hi) fail(spec, range);
  return value;
}

// A non-negative decimal number ("16", "2.5").
double number(const std::string& spec, const std::string& text, const char* name) {
  bool digit = false, point = false, ok = !text.empty();
  for (char c : text) {
    if (c >= '0' && c <= '9')
      digit = true;
    else if (c == '.' && !point)
      point = true;
    else
      ok = false;
  }
  if (!ok || !digit || text.size() > 24)
    fail(spec, std::string(name) + " must be a non-negative number, got '" + text + "'");
  return std::strtod(text.c_str(), nullptr);
}

void expect_parts(const std::string& spec, const std::vector<std::string>& parts, size_t count,
                  const char* form) {
  if (parts.size() != count) fail(spec, std::string("expected ") + form);
}

}  // namespace

Graph generate(const std::string& spec, uint64_t seed) {
  const std::vector<std::string> parts = split(spec, ':');
  const std::string& family = parts[0];
  Graph g;
  if (family == "grid") {
    expect_parts(spec, parts, 2, "grid:WxH");
    const std::vector<std::string> size = split(parts[1], 'x');
    if (size.size() != 2) fail(spec, "expected grid:WxH, e.g. grid:64x48");
    constexpr int64_t kMax = int64_t{1} << 29;  // 4 edges per vertex
    const int64_t w = integer(spec, size[0], "W", 1, kMax),
                  h = integer(spec, size[1], "H", 1, kMax);
    if (w * h > kMax)
      fail(spec, "W*H must be at most " + std::to_string(kMax) + " (2^29) vertices");
    g = generate_grid(int32_t(w), int32_t(h));
  } else if (family == "er") {
    expect_parts(spec, parts, 3, "er:N:D (N vertices, average degree D)");
    const int64_t n = integer(spec, parts[1], "N", 1, kMaxVertices);
    const double d = number(spec, parts[2], "D");
    if (d > double(n - 1)) fail(spec, "D must be at most N-1 = " + std::to_string(n - 1));
    if (double(n) * d > double(kMaxGeneratedEdges))
      fail(spec, "N*D must be at most " + std::to_string(kMaxGeneratedEdges) + " (2^31) edges");
    const int64_t pairs = n * (n - 1) / 2;
    const int64_t m = std::min(pairs, int64_t(std::llround(double(n) * d / 2)));
    g = generate_erdos_renyi(int32_t(n), m, seed);
  } else if (family == "kron") {
    expect_parts(spec, parts, 3, "kron:SCALE:EF (2^SCALE vertices, EF*2^SCALE edges)");
    const int64_t scale = integer(spec, parts[1], "SCALE", 1, 26);
    const int64_t ef = integer(spec, parts[2], "EF", 1, 1024);
    if ((ef << scale) > kMaxGeneratedEdges / 2)
      fail(spec, "EF*2^SCALE must be at most " + std::to_string(kMaxGeneratedEdges / 2) +
                     " (2^30) edges");
    g = generate_kronecker(int32_t(scale), ef, seed);
  } else if (family == "path" || family == "star") {
    expect_parts(spec, parts, 2, family == "path" ? "path:N" : "star:N");
    const int64_t n = integer(spec, parts[1], "N", 1, kMaxGeneratedEdges / 2);
    g = family == "path" ? generate_path(int32_t(n)) : generate_star(int32_t(n));
  } else if (family == "tree") {
    expect_parts(spec, parts, 2, "tree:DEPTH (a complete binary tree)");
    g = generate_tree(int32_t(integer(spec, parts[1], "DEPTH", 0, 29)));
  } else if (family == "pmpp") {
    expect_parts(spec, parts, 1, "pmpp with no arguments");
    g = generate_pmpp();
  } else {
    fail(spec, "unknown generator '" + family + "'");
  }
  g.name = spec;
  return g;
}

}  // namespace ws::graph
