// The checks a typed or generated input needs: sorted, exact in its key type, and small enough to
// fit in host (and device) memory.
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <fstream>
#include <string>
#include <vector>

#include "../common/cuda_device.h"
#include "../common/error.h"
#include "../common/inputs.h"
#include "merge_inputs.h"

namespace ws::merge {

namespace {

std::string array_name(const char* option) {
  std::string name = option;
  while (!name.empty() && name[0] == '-') name.erase(0, 1);
  return name.empty() ? "keys" : name;
}

// Host memory a new allocation can get: MemAvailable from /proc/meminfo, else the free pages
// sysconf reports; 0 when neither is known.
int64_t host_available_bytes() {
  std::ifstream meminfo("/proc/meminfo");
  std::string key, unit;
  int64_t kib = 0;
  while (meminfo >> key >> kib >> unit)
    if (key == "MemAvailable:") return kib * 1024;
  const long pages = sysconf(_SC_AVPHYS_PAGES), page = sysconf(_SC_PAGESIZE);
  return pages > 0 && page > 0 ? int64_t(pages) * int64_t(page) : 0;
}

int64_t megabytes(int64_t bytes) {
  return (bytes + (1 << 20) - 1) >> 20;
}

std::string size_text(int64_t elements) {
  for (int p = 0; p < 62; ++p)
    if (elements == (int64_t{1} << p)) return "2^" + std::to_string(p);
  return std::to_string(elements);
}

}  // namespace

void check_sorted(const std::vector<double>& keys, const char* option, KeyType type) {
  const std::string name = array_name(option);
  for (size_t i = 1; i < keys.size(); ++i) {
    if (keys[i] < keys[i - 1])
      throw Error(std::string(option) + " must be sorted ascending: " + name + "[" +
                  std::to_string(i) + "] = " + format_value(keys[i], value_type(type)) +
                  " comes after " + name + "[" + std::to_string(i - 1) +
                  "] = " + format_value(keys[i - 1], value_type(type)));
  }
}

void check_keys_exact(const std::vector<double>& keys, KeyType type, const char* option) {
  for (size_t i = 0; i < keys.size(); ++i) {
    const double k = keys[i];
    const bool exact = type == KeyType::Int32 ? std::isfinite(k) && k == std::floor(k) &&
                                                    k >= -2147483648.0 && k <= 2147483647.0
                                              : std::isfinite(k) && double(float(k)) == k;
    if (!exact)
      throw Error(std::string(option) + ": key " + std::to_string(i) + " (" + std::to_string(k) +
                  ") is not an exact " + key_type_id(type) + " value");
  }
}

std::vector<double> parse_sorted_keys(const std::string& text, KeyType type, const char* option) {
  std::vector<double> keys;
  try {
    keys = parse_values(text, value_type(type));
  } catch (const Error& e) {
    throw Error(std::string(option) + ": " + e.what());
  }
  check_sorted(keys, option, type);
  return keys;
}

MemoryBudget max_merge_elements(Backend backend, bool with_values) {
  const int64_t per_key = with_values ? 8 : 4;
  MemoryBudget budget;
  const int64_t host = host_available_bytes();
  // Host: input + output + a reference copy; three quarters of what is free.
  budget.max_elements = host > 0 ? host * 3 / 4 / (3 * per_key) : (int64_t{1} << 30);
  budget.note =
      host > 0 ? "host " + std::to_string(megabytes(host)) + " MB free" : "host memory unknown";
  if (backend == Backend::Cuda) {
    const CudaMemoryInfo device = cuda_memory_info();
    // Device: input + output + scratch of the same size (the sorts' ping-pong buffer).
    budget.max_elements = std::min(budget.max_elements, device.free_bytes * 3 / 4 / (3 * per_key));
    budget.note += ", device " + std::to_string(megabytes(device.free_bytes)) + " MB free";
  }
  return budget;
}

void check_merge_size(int64_t elements, Backend backend, bool with_values, const char* option) {
  const MemoryBudget budget = max_merge_elements(backend, with_values);
  if (elements <= budget.max_elements) return;
  const int64_t per_key = with_values ? 8 : 4;
  throw Error(std::string(option) + " " + size_text(elements) + " keys need " +
              std::to_string(megabytes(elements * 3 * per_key)) + " MB; " + budget.note +
              " (at most " + std::to_string(budget.max_elements) + " keys fit)");
}

}  // namespace ws::merge
