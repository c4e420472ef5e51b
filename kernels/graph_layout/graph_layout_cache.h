// layout()'s cache (graph_layout_cache.cpp): finished layouts kept in memory for the process and
// on disk under $XDG_CACHE_HOME/warpscope/layouts (else ~/.cache/warpscope/layouts), one file per
// key. WS_LAYOUT_CACHE=off turns the disk cache off. Exposed for the tests.
#pragma once

#include <cstdint>
#include <string>

#include "graph_layout.h"

namespace ws::graph_layout::detail {

// 64-bit hash of the graph's CSR (vertices, row offsets, columns), the params (iterations
// resolved to the count that runs) and the backend, plus the file format's version.
uint64_t layout_key(const graph::Graph& g, const Params& params, Backend backend);

// The cache directory ("" when the disk cache is off or no directory can be named).
std::string cache_directory();
// The file of `key` in the cache directory ("" when the disk cache is off).
std::string cache_file(uint64_t key);

// Reads a cache file: false (and `out` untouched) unless it has the magic, the version, the key
// and exactly `vertices` coordinate pairs, all finite.
bool read_cache_file(const std::string& path, uint64_t key, int32_t vertices, Positions& out);
// Writes a cache file atomically (a temporary file in the same directory, then a rename);
// false, silently, when the directory cannot be made or written.
bool write_cache_file(const std::string& path, uint64_t key, const Positions& p);

// Forgets the layouts kept in memory (the tests use it to reach the disk cache).
void clear_memory_cache();

}  // namespace ws::graph_layout::detail
