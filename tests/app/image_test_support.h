// Helpers for the image-input tests: a temp folder per test, files as bytes, and PNG chunks with
// correct CRCs, so bad and hostile files can be written on the spot.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "common/error.h"
#include "test_paths.h"

namespace ws::app::test {

using Bytes = std::vector<unsigned char>;

// A fresh folder for the running test and process (tests run in parallel under ctest, and the
// same test may run from two build folders at once), removed at the end unless `keep` is set.
struct TempDir {
  std::string path;
  bool keep = false;
  TempDir() {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    const std::filesystem::path dir = std::filesystem::temp_directory_path() /
                                      "warpscope_image_tests" /
                                      (std::string(info->test_suite_name()) + "." + info->name() +
                                       "." + std::to_string(getpid()));
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    path = dir.string();
  }
  ~TempDir() {
    std::error_code ec;
    if (!keep) std::filesystem::remove_all(path, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
};

inline Bytes read_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return Bytes(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

inline void write_bytes(const std::string& path, const Bytes& bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(reinterpret_cast<const char*>(bytes.data()),
            static_cast<std::streamsize>(bytes.size()));
}

inline std::string shipped(const std::string& name) {
  return std::string(WS_SOURCE_ROOT) + "/assets/" + name;
}

// The CRC-32 of PNG chunks (ISO 3309, bit by bit).
inline uint32_t crc32(const unsigned char* p, size_t n) {
  uint32_t c = 0xFFFFFFFFu;
  for (size_t i = 0; i < n; ++i) {
    c ^= p[i];
    for (int k = 0; k < 8; ++k) c = (c >> 1) ^ (0xEDB88320u & (0u - (c & 1u)));
  }
  return c ^ 0xFFFFFFFFu;
}

inline void put_be32(Bytes& b, uint32_t v) {
  for (int s = 24; s >= 0; s -= 8) b.push_back(static_cast<unsigned char>(v >> s));
}

// Appends a chunk: length, type, data, CRC over type and data.
inline void png_chunk(Bytes& png, const char type[4], const Bytes& data) {
  put_be32(png, static_cast<uint32_t>(data.size()));
  const size_t start = png.size();
  png.insert(png.end(), type, type + 4);
  png.insert(png.end(), data.begin(), data.end());
  put_be32(png, crc32(png.data() + start, png.size() - start));
}

// A PNG signature and an IHDR (8-bit, colour type `colour`) claiming w x h; no pixel data.
inline Bytes png_header_only(uint32_t w, uint32_t h, unsigned char colour = 2) {
  Bytes png = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
  Bytes ihdr;
  put_be32(ihdr, w);
  put_be32(ihdr, h);
  ihdr.insert(ihdr.end(), {8, colour, 0, 0, 0});
  png_chunk(png, "IHDR", ihdr);
  png_chunk(png, "IEND", {});
  return png;
}

// Runs `f`, which must throw ws::Error whose message contains every one of `parts` and no
// internal detail (a checked expression or a source location).
template <class F>
void expect_error(F&& f, const std::vector<std::string>& parts) {
  try {
    f();
    ADD_FAILURE() << "no ws::Error thrown; expected one saying: " << parts.front();
  } catch (const Error& e) {
    const std::string what = e.what();
    for (const std::string& part : parts)
      EXPECT_NE(what.find(part), std::string::npos) << "'" << part << "' not in: " << what;
    EXPECT_EQ(what.find(".cpp:"), std::string::npos) << what;
    EXPECT_EQ(what.find(" ["), std::string::npos) << what;
  }
}

}  // namespace ws::app::test
