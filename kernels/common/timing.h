// Timing statistics on the host: the median of a set of samples, and a steady-clock timer that
// returns the median of repeated runs (the median ignores the odd run disturbed by other work).
// The CUDA-event timer (cuda_timer.cuh) reports its samples through the same median().
#pragma once

#include <algorithm>
#include <chrono>
#include <utility>
#include <vector>

namespace ws {

// The middle sample, or the mean of the middle two for an even count; 0 for no samples.
inline double median(std::vector<double> samples) {
  if (samples.empty()) return 0.0;
  std::sort(samples.begin(), samples.end());
  const size_t mid = samples.size() / 2;
  return samples.size() % 2 == 1 ? samples[mid] : 0.5 * (samples[mid - 1] + samples[mid]);
}

// Runs `body` max(1, repeats) times, each timed with the steady clock; the median in milliseconds.
template <class Body>
double host_median_ms(int repeats, Body&& body) {
  std::vector<double> times;
  for (int r = 0; r < std::max(1, repeats); ++r) {
    const auto start = std::chrono::steady_clock::now();
    body();
    times.push_back(
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
            .count());
  }
  return median(std::move(times));
}

}  // namespace ws
