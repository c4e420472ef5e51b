// Move-only device memory. Copies between host and device are explicit calls, never implicit.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

#include "cuda_check.cuh"

namespace ws {

// Throws ws::Error "<what> needs X GiB, the device has Y GiB free" when `bytes` do not fit in the
// device's free memory, so a too-large request fails with a message instead of a bare
// cudaErrorMemoryAllocation.
inline void require_device_memory(size_t bytes, const std::string& what) {
  size_t free_bytes = 0, total_bytes = 0;
  WS_CUDA_CHECK(cudaMemGetInfo(&free_bytes, &total_bytes));
  if (bytes <= free_bytes) return;
  const double gib = 1024.0 * 1024.0 * 1024.0;
  char text[160];
  std::snprintf(text, sizeof(text), " needs %.2f GiB, the device has %.2f GiB free (of %.2f GiB)",
                bytes / gib, free_bytes / gib, total_bytes / gib);
  throw Error(what + text);
}

template <class T>
class DeviceBuffer {
 public:
  DeviceBuffer() = default;
  explicit DeviceBuffer(size_t count) : count_(count) {
    if (count_ > 0) WS_CUDA_CHECK(cudaMalloc(reinterpret_cast<void**>(&data_), bytes()));
  }
  ~DeviceBuffer() {
    if (data_ != nullptr) cudaFree(data_);  // a destructor must not throw: the status is dropped
  }
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;
  DeviceBuffer(DeviceBuffer&& other) noexcept
      : data_(std::exchange(other.data_, nullptr)), count_(std::exchange(other.count_, 0)) {}
  DeviceBuffer& operator=(DeviceBuffer&& other) noexcept {
    if (this != &other) {
      if (data_ != nullptr) cudaFree(data_);
      data_ = std::exchange(other.data_, nullptr);
      count_ = std::exchange(other.count_, 0);
    }
    return *this;
  }

  T* data() { return data_; }
  const T* data() const { return data_; }
  size_t size() const { return count_; }
  size_t bytes() const { return count_ * sizeof(T); }

  void upload(const T* host, size_t count, size_t offset = 0) {
    WS_REQUIRE(offset + count <= count_, std::string("upload past the end of a device buffer"));
    if (count > 0)
      WS_CUDA_CHECK(cudaMemcpy(data_ + offset, host, count * sizeof(T), cudaMemcpyHostToDevice));
  }
  void upload(const std::vector<T>& host) { upload(host.data(), host.size()); }
  void download(T* host, size_t count, size_t offset = 0) const {
    WS_REQUIRE(offset + count <= count_, std::string("download past the end of a device buffer"));
    if (count > 0)
      WS_CUDA_CHECK(cudaMemcpy(host, data_ + offset, count * sizeof(T), cudaMemcpyDeviceToHost));
  }
  std::vector<T> download() const {
    std::vector<T> host(count_);
    download(host.data(), count_);
    return host;
  }
  void fill_zero() {
    if (count_ > 0) WS_CUDA_CHECK(cudaMemset(data_, 0, bytes()));
  }

 private:
  T* data_ = nullptr;
  size_t count_ = 0;
};

}  // namespace ws
