// Fast mode for the scan applications: one size, our kernel against the library (CUB on CUDA,
// the C++ standard library on the CPU), timed on a worker thread so the window stays live.
#pragma once

#include <cstdint>
#include <functional>
#include <future>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace ws::app::scan_apps {

struct FastRow {
  std::string name;  // "ours: split radix sort", "CUB DeviceRadixSort::SortKeys"
  double median_ms = 0;
  double rate = 0;        // elements per second
  bool verified = false;  // the output equals the library's (for the library row: the reference)
};

struct FastOutcome {
  std::vector<FastRow> rows;
  int64_t n = 0;
  std::string error;
  bool last_row_is_library = true;  // false: no library baseline (no "x library" column)
};

// Runs on the worker thread: times n elements, `repeats` times each; throws ws::Error on failure.
using FastJobFn = std::function<FastOutcome(int64_t n, int repeats)>;

class FastPanel {
 public:
  explicit FastPanel(int log2_n = 20) : log2_n_(log2_n) {}
  // The size and repeat sliders, a button that starts `job`, "running..." and the last table.
  // `max_log2` bounds the slider (the CPU backend stops earlier).
  void ui(const FastJobFn& job, int max_log2);
  const FastOutcome& last() const { return last_; }
  nlohmann::json last_json() const;  // null before the first run

 private:
  int log2_n_;
  int repeats_ = 5;
  std::future<FastOutcome> job_;
  FastOutcome last_;
  bool has_run_ = false;
};

}  // namespace ws::app::scan_apps
