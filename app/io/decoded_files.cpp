#include "decoded_files.h"

#include <algorithm>
#include <filesystem>
#include <system_error>

namespace ws::app {

namespace {

std::string options_key(const graph::LoadOptions& o) {
  std::string coordinates;
  if (!o.coordinates.empty()) {
    coordinates = file_identity(o.coordinates);
    if (coordinates.empty()) coordinates = "missing:" + o.coordinates;
  }
  return std::string(graph::format_name(o.format)) + (o.symmetrize ? "|sym" : "|dir") +
         (o.remove_self_loops ? "|noloops" : "|loops") + (o.remove_duplicates ? "|nodup" : "|dup") +
         (o.renumber ? "|renumber" : "|ids") + (o.double_weights ? "|f64" : "|f32") + "|" +
         std::to_string(o.max_edges) + "|" + coordinates;
}

size_t graph_bytes(const graph::Graph& g) {
  return g.row_offsets.size() * sizeof(int64_t) + g.columns.size() * sizeof(int32_t) +
         g.weights.size() * sizeof(float) + g.weights64.size() * sizeof(double) +
         g.original_ids.size() * sizeof(int64_t) + (g.x.size() + g.y.size()) * sizeof(float);
}

}  // namespace

std::string file_identity(const std::string& path) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (!fs::is_regular_file(path, ec)) return "";
  const fs::path canonical = fs::canonical(path, ec);
  if (ec) return "";
  const uintmax_t size = fs::file_size(canonical, ec);
  if (ec) return "";
  const auto mtime = fs::last_write_time(canonical, ec);
  if (ec) return "";
  return canonical.string() + "|" + std::to_string(size) + "|" +
         std::to_string(static_cast<long long>(mtime.time_since_epoch().count()));
}

DecodedFiles& DecodedFiles::global() {
  static DecodedFiles files;
  return files;
}

std::shared_ptr<const void> DecodedFiles::find(const std::string& key) {
  if (key.empty()) return nullptr;
  std::lock_guard<std::mutex> lock(mutex_);
  for (Entry& e : entries_)
    if (e.key == key) {
      e.used = ++clock_;
      ++hits_;
      return e.data;
    }
  return nullptr;
}

void DecodedFiles::keep(std::string key, std::shared_ptr<const void> data, size_t bytes) {
  if (key.empty() || !data) return;
  std::lock_guard<std::mutex> lock(mutex_);
  entries_.erase(std::remove_if(entries_.begin(), entries_.end(),
                                [&](const Entry& e) {
                                  if (e.key != key) return false;
                                  bytes_ -= e.bytes;
                                  return true;
                                }),
                 entries_.end());
  if (bytes > budget_) return;
  while (bytes_ + bytes > budget_ && !entries_.empty()) {
    auto oldest = std::min_element(entries_.begin(), entries_.end(),
                                   [](const Entry& a, const Entry& b) { return a.used < b.used; });
    bytes_ -= oldest->bytes;
    entries_.erase(oldest);
  }
  entries_.push_back(Entry{std::move(key), std::move(data), bytes, ++clock_});
  bytes_ += bytes;
}

std::shared_ptr<const DecodedImage> DecodedFiles::find_image(const std::string& path) {
  const std::string id = file_identity(path);
  if (id.empty()) return nullptr;
  return std::static_pointer_cast<const DecodedImage>(find("image|" + id));
}

void DecodedFiles::keep_image(std::shared_ptr<const DecodedImage> image) {
  if (!image) return;
  const std::string id = file_identity(image->path);
  if (id.empty()) return;
  const size_t bytes = image->bytes();
  keep("image|" + id, std::move(image), bytes);
}

std::shared_ptr<const graph::Graph> DecodedFiles::find_graph(const std::string& path,
                                                             const graph::LoadOptions& options) {
  const std::string id = file_identity(path);
  if (id.empty()) return nullptr;
  return std::static_pointer_cast<const graph::Graph>(
      find("graph|" + id + "|" + options_key(options)));
}

void DecodedFiles::keep_graph(const std::string& path, const graph::LoadOptions& options,
                              std::shared_ptr<const graph::Graph> graph) {
  if (!graph) return;
  const std::string id = file_identity(path);
  if (id.empty()) return;
  const size_t bytes = graph_bytes(*graph);
  keep("graph|" + id + "|" + options_key(options), std::move(graph), bytes);
}

void DecodedFiles::clear() {
  std::lock_guard<std::mutex> lock(mutex_);
  entries_.clear();
  bytes_ = 0;
}

size_t DecodedFiles::bytes() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return bytes_;
}

int64_t DecodedFiles::hits() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return hits_;
}

void DecodedFiles::set_budget(size_t bytes) {
  std::lock_guard<std::mutex> lock(mutex_);
  budget_ = bytes;
  while (bytes_ > budget_ && !entries_.empty()) {
    auto oldest = std::min_element(entries_.begin(), entries_.end(),
                                   [](const Entry& a, const Entry& b) { return a.used < b.used; });
    bytes_ -= oldest->bytes;
    entries_.erase(oldest);
  }
}

graph::Graph load_graph_cached(const std::string& path, const graph::LoadOptions& options) {
  if (auto cached = DecodedFiles::global().find_graph(path, options)) return *cached;
  return graph::load_graph(path, options);
}

}  // namespace ws::app
