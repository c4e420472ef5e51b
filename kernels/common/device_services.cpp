// The backend services on the host: which backends this build has, and the copy-bandwidth
// ceiling (memcpy on the CPU; the CUDA measurement is in device_services.cu), measured once.
#include "device_services.h"

#include <algorithm>
#include <cstring>
#include <map>
#include <mutex>
#include <utility>
#include <string>
#include <vector>

#include "error.h"
#include "timing.h"

namespace ws {

bool backend_built(Backend backend) {
#if defined(WARPSCOPE_HAVE_CUDA)
  (void)backend;
  return true;
#else
  return backend == Backend::Cpu;
#endif
}

namespace {

double measure_copy_bandwidth(Backend backend, size_t requested = 0) {
  if (backend == Backend::Cuda) return measure_copy_bandwidth_gbps(requested);
  const size_t bytes = requested > 0 ? requested : size_t{64} << 20;
  std::vector<char> a(bytes, 1), b(bytes, 0);
  const double ms = host_median_ms(5, [&] { std::memcpy(b.data(), a.data(), bytes); });
  return 2.0 * static_cast<double>(bytes) / (ms * 1e6);
}

}  // namespace

double copy_bandwidth_gbps(Backend backend) {
  // Measured once per process and backend, then reused: every timing of a session is compared
  // with the same ceiling.
  static std::mutex mutex;
  static std::map<Backend, double> measured;
  std::lock_guard<std::mutex> lock(mutex);
  auto it = measured.find(backend);
  if (it == measured.end()) it = measured.emplace(backend, measure_copy_bandwidth(backend)).first;
  return it->second;
}

double copy_bandwidth_gbps_at(Backend backend, int64_t bytes) {
  WS_REQUIRE(bytes >= (int64_t{16} << 20),
             "a copy-bandwidth measurement needs 16 MiB at least, got " + std::to_string(bytes));
  return measure_copy_bandwidth(backend, static_cast<size_t>(bytes));
}

double copy_bandwidth_gbps_for(Backend backend, int64_t bytes) {
  const int64_t at = std::max<int64_t>(bytes, int64_t{16} << 20);
  static std::mutex mutex;
  static std::map<std::pair<Backend, int64_t>, double> measured;
  std::lock_guard<std::mutex> lock(mutex);
  auto it = measured.find({backend, at});
  if (it == measured.end())
    it = measured.emplace(std::make_pair(backend, at), copy_bandwidth_gbps_at(backend, at)).first;
  return it->second;
}

}  // namespace ws
