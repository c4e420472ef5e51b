// Internal to kernels/lab: the little-endian byte writer and the checked reader behind job_io.h.
#pragma once

#include <cstdint>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <type_traits>
#include <vector>

#include "../common/error.h"

namespace ws::lab::io {

constexpr uint32_t kJobIoVersion = 1;

template <class T>
struct is_vector : std::false_type {};
template <class T>
struct is_vector<std::vector<T>> : std::true_type {};

class Writer {
 public:
  template <class T>
  void pod(const T& v) {
    static_assert(std::is_trivially_copyable_v<T>);
    bytes_.append(reinterpret_cast<const char*>(&v), sizeof v);
  }
  void str(const std::string& s) {
    pod<uint64_t>(s.size());
    bytes_ += s;
  }
  template <class T>
  void pods(const std::vector<T>& v) {
    pod<uint64_t>(v.size());
    if (!v.empty()) bytes_.append(reinterpret_cast<const char*>(v.data()), v.size() * sizeof(T));
  }
  // field / list: the same calls as Reader's, so one function template describes a layout for both.
  template <class T>
  void field(const T& v) {
    if constexpr (std::is_same_v<T, std::string>)
      str(v);
    else if constexpr (is_vector<T>::value)
      pods(v);
    else
      pod(v);
  }
  template <class T, class Each>
  void list(const std::vector<T>& v, Each&& each) {
    pod<uint64_t>(v.size());
    for (const T& x : v) each(x);
  }
  void save(const std::string& path) const {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(bytes_.data(), static_cast<std::streamsize>(bytes_.size()));
    WS_REQUIRE(out.good(), "could not write " + path);
  }

 private:
  std::string bytes_;
};

class Reader {
 public:
  Reader(const std::string& path, const char (&magic)[8], const char* what) : path_(path) {
    std::ifstream in(path, std::ios::binary);
    WS_REQUIRE(in.good(), "could not open " + path);
    std::stringstream s;
    s << in.rdbuf();
    bytes_ = s.str();
    WS_REQUIRE(bytes_.size() >= 12 && std::memcmp(bytes_.data(), magic, 8) == 0,
               path + " is not a warpscope lab " + what + " file");
    pos_ = 8;
    const uint32_t version = pod<uint32_t>();
    WS_REQUIRE(version == kJobIoVersion, path + " is a lab " + what + " file of version " +
                                             std::to_string(version) + "; this warpscope reads " +
                                             std::to_string(kJobIoVersion));
  }
  template <class T>
  T pod() {
    need(sizeof(T));
    T v;
    std::memcpy(&v, bytes_.data() + pos_, sizeof v);
    pos_ += sizeof v;
    return v;
  }
  std::string str() {
    const uint64_t n = count(1);
    std::string s = bytes_.substr(pos_, n);
    pos_ += n;
    return s;
  }
  template <class T>
  std::vector<T> pods() {
    static_assert(std::is_trivially_copyable_v<T>);
    const uint64_t n = count(sizeof(T));
    std::vector<T> v(n);
    if (n) std::memcpy(v.data(), bytes_.data() + pos_, n * sizeof(T));
    pos_ += n * sizeof(T);
    return v;
  }
  template <class T>
  void field(T& v) {
    if constexpr (std::is_same_v<T, std::string>)
      v = str();
    else if constexpr (is_vector<T>::value)
      v = pods<typename T::value_type>();
    else
      v = pod<T>();
  }
  // A vector of elements of at least 8 bytes each, `each` reading one in place.
  template <class T, class Each>
  void list(std::vector<T>& v, Each&& each) {
    v.resize(count(8));
    for (T& x : v) each(x);
  }
  // A length whose elements (at least `min_bytes` each) fit in what is left.
  uint64_t count(uint64_t min_bytes) {
    const uint64_t n = pod<uint64_t>();
    need(0);
    WS_REQUIRE(min_bytes == 0 || n <= (bytes_.size() - pos_) / min_bytes,
               path_ + " is truncated or damaged (a length of " + std::to_string(n) +
                   " runs past its end)");
    return n;
  }
  void done() const {
    WS_REQUIRE(pos_ == bytes_.size(), path_ + " has " + std::to_string(bytes_.size() - pos_) +
                                          " bytes after its end: damaged");
  }

 private:
  void need(size_t n) const { WS_REQUIRE(pos_ + n <= bytes_.size(), path_ + " is truncated"); }
  std::string path_, bytes_;
  size_t pos_ = 0;
};

}  // namespace ws::lab::io
