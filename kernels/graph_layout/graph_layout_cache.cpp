// layout() and its cache. A layout is found, in order: the graph's own coordinates (no layout),
// the in-memory cache (this process), the disk cache (a previous run), and only then computed and
// stored in both. Disk files: "WSLAYOUT", version, vertex count, key, then x[] and y[] as float32
// (little-endian, as the machines that run warpscope are). Any file that does not read back
// exactly (truncated, wrong size, bad magic, another key) is ignored and rewritten; a directory
// that cannot be written is skipped without a word, the layout is still returned.
#include "graph_layout_cache.h"

#include <unistd.h>

#include <atomic>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>

#include "graph_layout_parts.h"

namespace ws::graph_layout {

namespace detail {

namespace {

constexpr char kMagic[8] = {'W', 'S', 'L', 'A', 'Y', 'O', 'U', 'T'};
constexpr uint32_t kVersion = 1;
constexpr size_t kHeaderBytes = sizeof(kMagic) + 4 + 4 + 8;
constexpr size_t kMemoryBudgetFloats = size_t(1) << 26;  // 256 MiB of layouts kept in memory

class Hasher {
 public:
  void add(uint64_t word) {
    h_ = (h_ ^ word) * 0x100000001B3ull;
    h_ ^= h_ >> 29;
  }
  void add_double(double d) {
    uint64_t bits;
    std::memcpy(&bits, &d, sizeof bits);
    add(bits);
  }
  uint64_t value() const {  // SplitMix64's finalizer
    uint64_t z = h_;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }

 private:
  uint64_t h_ = 0xCBF29CE484222325ull;
};

struct MemoryCache {
  std::mutex mutex;
  std::map<uint64_t, Positions> layouts;
  size_t floats = 0;
};

MemoryCache& memory_cache() {
  static MemoryCache cache;
  return cache;
}

bool memory_lookup(uint64_t key, Positions& out) {
  MemoryCache& c = memory_cache();
  std::lock_guard<std::mutex> lock(c.mutex);
  auto it = c.layouts.find(key);
  if (it == c.layouts.end()) return false;
  out = it->second;
  return true;
}

void memory_store(uint64_t key, const Positions& p) {
  MemoryCache& c = memory_cache();
  std::lock_guard<std::mutex> lock(c.mutex);
  const size_t floats = p.x.size() * 2;
  if (floats > kMemoryBudgetFloats) return;
  if (c.floats + floats > kMemoryBudgetFloats) {  // simple and bounded: start over
    c.layouts.clear();
    c.floats = 0;
  }
  if (c.layouts.emplace(key, p).second) c.floats += floats;
}

bool disk_cache_enabled() {
  const char* flag = std::getenv("WS_LAYOUT_CACHE");
  return !(flag && (std::strcmp(flag, "off") == 0 || std::strcmp(flag, "0") == 0));
}

}  // namespace

uint64_t layout_key(const graph::Graph& g, const Params& params, Backend backend) {
  Hasher h;
  h.add(kVersion);
  h.add(uint64_t(g.vertices));
  h.add(uint64_t(g.columns.size()));
  for (int64_t o : g.row_offsets) h.add(uint64_t(o));
  const size_t m = g.columns.size();
  size_t e = 0;
  for (; e + 1 < m; e += 2)
    h.add(uint64_t(uint32_t(g.columns[e])) | (uint64_t(uint32_t(g.columns[e + 1])) << 32));
  if (e < m) h.add(uint64_t(uint32_t(g.columns[e])));
  h.add_double(params.scaling);
  h.add_double(params.gravity);
  h.add_double(params.theta);
  h.add(uint64_t(params.lin_log) | uint64_t(params.strong_gravity) << 1);
  h.add(uint64_t(params.iterations > 0 ? params.iterations : default_iterations(g)));
  h.add(params.seed);
  h.add(backend == Backend::Cuda ? 2 : 1);
  return h.value();
}

std::string cache_directory() {
  if (!disk_cache_enabled()) return "";
  const char* xdg = std::getenv("XDG_CACHE_HOME");
  if (xdg && *xdg) return std::string(xdg) + "/warpscope/layouts";
  const char* home = std::getenv("HOME");
  if (home && *home) return std::string(home) + "/.cache/warpscope/layouts";
  return "";
}

std::string cache_file(uint64_t key) {
  const std::string dir = cache_directory();
  if (dir.empty()) return "";
  char name[32];
  std::snprintf(name, sizeof name, "%016llx.layout", static_cast<unsigned long long>(key));
  return dir + "/" + name;
}

bool read_cache_file(const std::string& path, uint64_t key, int32_t vertices, Positions& out) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  const size_t n = size_t(vertices);
  std::error_code ec;
  const auto bytes = std::filesystem::file_size(path, ec);
  if (ec || bytes != kHeaderBytes + 2 * n * sizeof(float)) return false;
  char magic[8];
  uint32_t version = 0, count = 0;
  uint64_t stored_key = 0;
  in.read(magic, sizeof magic);
  in.read(reinterpret_cast<char*>(&version), sizeof version);
  in.read(reinterpret_cast<char*>(&count), sizeof count);
  in.read(reinterpret_cast<char*>(&stored_key), sizeof stored_key);
  if (!in || std::memcmp(magic, kMagic, sizeof magic) != 0 || version != kVersion ||
      count != uint32_t(vertices) || stored_key != key)
    return false;
  Positions p;
  p.x.resize(n);
  p.y.resize(n);
  in.read(reinterpret_cast<char*>(p.x.data()), std::streamsize(n * sizeof(float)));
  in.read(reinterpret_cast<char*>(p.y.data()), std::streamsize(n * sizeof(float)));
  if (!in) return false;
  for (size_t v = 0; v < n; ++v)
    if (!std::isfinite(p.x[v]) || !std::isfinite(p.y[v])) return false;
  out = std::move(p);
  return true;
}

bool write_cache_file(const std::string& path, uint64_t key, const Positions& p) {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::create_directories(fs::path(path).parent_path(), ec);
  if (ec) return false;
  static std::atomic<uint64_t> counter{0};
  const std::string tmp = path + ".tmp." + std::to_string(uint64_t(::getpid())) + "." +
                          std::to_string(counter.fetch_add(1));
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out) return false;
    const uint32_t version = kVersion, count = uint32_t(p.x.size());
    out.write(kMagic, sizeof kMagic);
    out.write(reinterpret_cast<const char*>(&version), sizeof version);
    out.write(reinterpret_cast<const char*>(&count), sizeof count);
    out.write(reinterpret_cast<const char*>(&key), sizeof key);
    out.write(reinterpret_cast<const char*>(p.x.data()),
              std::streamsize(p.x.size() * sizeof(float)));
    out.write(reinterpret_cast<const char*>(p.y.data()),
              std::streamsize(p.y.size() * sizeof(float)));
    out.close();
    if (!out) {
      fs::remove(tmp, ec);
      return false;
    }
  }
  fs::rename(tmp, path, ec);
  if (ec) {
    fs::remove(tmp, ec);
    return false;
  }
  return true;
}

void clear_memory_cache() {
  MemoryCache& c = memory_cache();
  std::lock_guard<std::mutex> lock(c.mutex);
  c.layouts.clear();
  c.floats = 0;
}

}  // namespace detail

Positions layout(const graph::Graph& g, const Params& params, Backend backend) {
  detail::check_params(params);
  if (g.has_coordinates()) return initial_positions(g, params.seed);
  graph::validate(g);
  const uint64_t key = detail::layout_key(g, params, backend);
  Positions p;
  if (detail::memory_lookup(key, p)) return p;
  const std::string file = detail::cache_file(key);
  if (!file.empty() && detail::read_cache_file(file, key, g.vertices, p)) {
    detail::memory_store(key, p);
    return p;
  }
  auto sim = Simulation::create(backend, g, params);
  sim->step(params.iterations > 0 ? params.iterations : default_iterations(g));
  p = sim->positions();
  detail::memory_store(key, p);
  if (!file.empty()) detail::write_cache_file(file, key, p);
  return p;
}

}  // namespace ws::graph_layout
