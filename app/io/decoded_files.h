// A process-wide cache of decoded input files. File > Open decodes a large photo or parses a
// large graph on a worker thread (file_preload.h) and leaves the result here; the loaders the
// scenes already call (load_image_planes, load_image_values, load_graph_cached) look here first,
// so the scene's reset() on the UI thread finds the data ready. An entry is keyed by the file's
// canonical path, size and modification time (a file changed on disk is read again) and, for a
// graph, the options it was read with; beyond a byte budget the least recently used go. Loads
// that miss read the file themselves and leave nothing here, so the command line and the tests
// behave as before. Thread-safe.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "graph/graph.h"

namespace ws::app {

// An image as stb_image decoded it: 8-bit samples, interleaved, with the file's own channels (1
// grey, 2 grey + alpha, 3 RGB, 4 RGBA), rows top-down.
struct DecodedImage {
  std::string path;  // the file that was read
  int width = 0, height = 0, channels = 0;
  std::shared_ptr<const unsigned char> pixels;
  size_t bytes() const { return size_t(width) * size_t(height) * size_t(channels); }
};

// "canonical path|size|mtime" of a regular file; "" when it is none (missing, a folder).
std::string file_identity(const std::string& path);

class DecodedFiles {
 public:
  static DecodedFiles& global();

  std::shared_ptr<const DecodedImage> find_image(const std::string& path);
  void keep_image(std::shared_ptr<const DecodedImage> image);  // under image->path
  std::shared_ptr<const graph::Graph> find_graph(const std::string& path,
                                                 const graph::LoadOptions& options);
  void keep_graph(const std::string& path, const graph::LoadOptions& options,
                  std::shared_ptr<const graph::Graph> graph);

  void clear();
  size_t bytes() const;
  int64_t hits() const;           // lookups answered from the cache since the start
  void set_budget(size_t bytes);  // 1 GiB by default; an entry larger than it is not kept
  static constexpr size_t kDefaultBudget = size_t{1} << 30;

 private:
  struct Entry {
    std::string key;
    std::shared_ptr<const void> data;
    size_t bytes = 0;
    uint64_t used = 0;
  };
  std::shared_ptr<const void> find(const std::string& key);
  void keep(std::string key, std::shared_ptr<const void> data, size_t bytes);

  mutable std::mutex mutex_;
  std::vector<Entry> entries_;
  size_t budget_ = kDefaultBudget, bytes_ = 0;
  uint64_t clock_ = 0;
  int64_t hits_ = 0;
};

// graph::load_graph, answered from DecodedFiles::global() when a worker has read the same file
// with the same options (the graph is copied out of the cache).
graph::Graph load_graph_cached(const std::string& path, const graph::LoadOptions& options = {});

}  // namespace ws::app
