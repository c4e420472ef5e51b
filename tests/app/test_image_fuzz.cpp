// A fuzz target for the image loader (load_image_planes, both colour modes): random bytes and
// mutated PNG, JPEG, BMP, TGA and PGM/PPM files (bit flips, truncations, overwritten bytes, PNG
// chunk and JPEG segment lengths edited, the sizes in their headers edited) are written to a temp
// file and loaded. Each load must either return consistent planes (planes.size() == w * h *
// channels, both sides within max_side, both modes agreeing) or throw ws::Error naming the file;
// never crash, hang or leak (run it under the ASan build with ASAN_OPTIONS=detect_leaks=1).
//
// Deterministic: iteration i uses seed kSeed + i, and a failure prints that seed. Bounded: by
// default about 3 seconds of wall time or kIterations iterations, whichever comes first; set
// WARPSCOPE_FUZZ_SECONDS=N for a run of N seconds (then without the iteration cap), e.g.
//   WARPSCOPE_FUZZ_SECONDS=600 ./build/tests/app/test_image_fuzz
// WARPSCOPE_FUZZ_SEED=S runs the one iteration of seed S and leaves its file, fuzz.img, in the
// temp folder the test prints.
#include <stb/stb_image.h>
#include <stb_image_write.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <map>
#include <random>

#include "image_test_support.h"
#include "io/image_planes.h"

namespace ws::app {
namespace {

using test::Bytes;
using Clock = std::chrono::steady_clock;

constexpr uint64_t kSeed = 0x5eed'1a9e;
constexpr int kIterations = 20000;
constexpr double kDefaultSeconds = 3.0;
constexpr double kSlowLoadSeconds = 20.0;  // one load taking longer than this counts as a hang

struct Sample {
  std::string name;
  Bytes bytes;
  int max_side;  // small for small samples, so edited headers stay cheap to decode
  int weight;    // how often it is picked, relative to the others
};

void append(void* context, void* data, int size) {
  auto* out = static_cast<Bytes*>(context);
  out->insert(out->end(), static_cast<unsigned char*>(data),
              static_cast<unsigned char*>(data) + size);
}

Bytes pnm(const char* magic, int w, int h, int maxval, int channels, std::mt19937_64& rng) {
  const std::string header = std::string(magic) + "\n" + std::to_string(w) + " " +
                             std::to_string(h) + "\n" + std::to_string(maxval) + "\n";
  Bytes out(header.begin(), header.end());
  const int bytes_per_sample = maxval > 255 ? 2 : 1;
  for (int i = 0; i < w * h * channels * bytes_per_sample; ++i)
    out.push_back(static_cast<unsigned char>(rng()));
  return out;
}

// Small files of every format and layout the loader takes, made here, and the shipped photos.
std::vector<Sample> corpus() {
  std::mt19937_64 rng(kSeed);
  std::vector<Sample> out;
  const auto made = [&](const std::string& name, int w, int h, int n, const std::string& format) {
    std::vector<unsigned char> px(size_t(w) * h * n);
    for (size_t i = 0; i < px.size(); ++i)  // a gradient with noise: compressible, not flat
      px[i] = static_cast<unsigned char>(i * 7 / n + rng() % 16);
    Bytes b;
    if (format == "png") stbi_write_png_to_func(append, &b, w, h, n, px.data(), w * n);
    if (format == "jpg") stbi_write_jpg_to_func(append, &b, w, h, n, px.data(), 85);
    if (format == "bmp") stbi_write_bmp_to_func(append, &b, w, h, n, px.data());
    if (format == "tga") stbi_write_tga_to_func(append, &b, w, h, n, px.data());
    out.push_back({name, b, 256, 10});
  };
  made("grey.png", 13, 9, 1, "png");
  made("grey_alpha.png", 8, 5, 2, "png");
  made("rgb.png", 17, 11, 3, "png");
  made("rgba.png", 9, 16, 4, "png");
  made("grey.jpg", 33, 21, 1, "jpg");
  made("rgb.jpg", 40, 24, 3, "jpg");
  made("rgb.bmp", 10, 7, 3, "bmp");
  made("rgba.bmp", 5, 6, 4, "bmp");
  stbi_write_tga_with_rle = 1;
  made("rle.tga", 12, 5, 3, "tga");
  stbi_write_tga_with_rle = 0;
  made("raw.tga", 6, 7, 4, "tga");
  stbi_write_tga_with_rle = 1;
  out.push_back({"grey.pgm", pnm("P5", 11, 6, 255, 1, rng), 256, 10});
  out.push_back({"grey16.pgm", pnm("P5", 7, 3, 65535, 1, rng), 256, 10});
  out.push_back({"rgb.ppm", pnm("P6", 5, 4, 255, 3, rng), 256, 10});
  for (const char* name : {"camera.png", "coffee.png", "astronaut.png"})
    out.push_back({name, test::read_bytes(test::shipped(name)), 1024, 3});
  // The only progressive JPEG; costly to decode whole, so picked rarely.
  out.push_back(
      {"bluemarble_day.jpg", test::read_bytes(test::shipped("bluemarble_day.jpg")), 3600, 1});
  for (const Sample& s : out) EXPECT_GT(s.bytes.size(), 16u) << s.name;
  return out;
}

uint32_t be16(const Bytes& b, size_t i) {
  return uint32_t(b[i]) << 8 | b[i + 1];
}
void set_be16(Bytes& b, size_t i, uint32_t v) {
  b[i] = static_cast<unsigned char>(v >> 8), b[i + 1] = static_cast<unsigned char>(v);
}
void set_be32(Bytes& b, size_t i, uint32_t v) {
  set_be16(b, i, v >> 16), set_be16(b, i + 2, v);
}
void set_le16(Bytes& b, size_t i, uint32_t v) {
  b[i] = static_cast<unsigned char>(v), b[i + 1] = static_cast<unsigned char>(v >> 8);
}
void set_le32(Bytes& b, size_t i, uint32_t v) {
  set_le16(b, i, v), set_le16(b, i + 2, v >> 16);
}

bool is_png(const Bytes& b) {
  return b.size() > 8 && b[0] == 0x89 && b[1] == 'P';
}
bool is_jpeg(const Bytes& b) {
  return b.size() > 4 && b[0] == 0xFF && b[1] == 0xD8;
}

// Offsets of the PNG chunks' length fields, or of the JPEG segments' markers (up to the scan).
std::vector<size_t> png_chunks(const Bytes& b) {
  std::vector<size_t> at;
  for (size_t i = 8; i + 8 <= b.size();) {
    at.push_back(i);
    const uint64_t length = uint64_t(be16(b, i)) << 16 | be16(b, i + 2);
    i += 12 + length;
  }
  return at;
}
std::vector<size_t> jpeg_segments(const Bytes& b) {
  std::vector<size_t> at;
  for (size_t i = 2; i + 4 <= b.size() && b[i] == 0xFF && b[i + 1] != 0xD9;) {
    at.push_back(i);
    if (b[i + 1] == 0xDA) break;
    i += 2 + be16(b, i + 2);
  }
  return at;
}

// A new size for a header: mostly small (cheap to decode), sometimes the edge cases.
uint32_t edited_side(std::mt19937_64& rng, uint32_t old_side, int max_side) {
  const uint32_t picks[] = {0,
                            1,
                            2,
                            old_side - 1,
                            old_side + 1,
                            static_cast<uint32_t>(max_side),
                            static_cast<uint32_t>(max_side) + 1,
                            65535,
                            0x7FFFFFFF,
                            0xFFFFFFFF};
  if (rng() % 2) return 1 + static_cast<uint32_t>(rng() % std::max<uint32_t>(old_side, 2));
  return picks[rng() % std::size(picks)];
}

void edit_header_size(Bytes& b, std::mt19937_64& rng, int max_side) {
  const bool width = rng() % 2;
  if (is_png(b) && b.size() >= 24) {
    const size_t at = width ? 16 : 20;
    set_be32(b, at, edited_side(rng, be16(b, at + 2), max_side));
  } else if (is_jpeg(b)) {
    for (size_t s : jpeg_segments(b))
      if (s + 9 <= b.size() && (b[s + 1] & 0xF0) == 0xC0 && b[s + 1] != 0xC4 && b[s + 1] != 0xC8 &&
          b[s + 1] != 0xCC) {
        const size_t at = s + (width ? 7 : 5);
        set_be16(b, at, edited_side(rng, be16(b, at), max_side) & 0xFFFF);
        return;
      }
  } else if (b.size() >= 26 && b[0] == 'B' && b[1] == 'M') {
    const size_t at = width ? 18 : 22;
    uint32_t v = edited_side(rng, b[at] | b[at + 1] << 8, max_side);
    if (!width && rng() % 3 == 0) v = 0u - v;  // a top-down BMP has a negative height
    set_le32(b, at, v);
  } else if (b.size() >= 18 && b[0] == 'P') {
    // PNM: rewrite the text header's numbers in place, widths changing the data's meaning
    const std::string text(b.begin(), b.begin() + std::min<size_t>(b.size(), 32));
    const size_t digit = text.find_first_of("0123456789", 2);
    if (digit != std::string::npos) b[digit] = static_cast<unsigned char>('0' + rng() % 10);
  } else if (b.size() >= 18) {  // TGA: little-endian sides at 12 and 14
    set_le16(b, width ? 12 : 14, edited_side(rng, 8, max_side) & 0xFFFF);
  }
}

void mutate_once(Bytes& b, std::mt19937_64& rng, int max_side) {
  if (b.empty()) return;
  switch (rng() % 6) {
    case 0: {  // flip a few bits, mostly near the start where the headers are
      const int flips = 1 + int(rng() % 8);
      for (int k = 0; k < flips; ++k) {
        const size_t span = rng() % 2 ? std::min<size_t>(b.size(), 256) : b.size();
        b[rng() % span] ^= static_cast<unsigned char>(1u << (rng() % 8));
      }
      break;
    }
    case 1:  // truncate
      b.resize(rng() % b.size());
      break;
    case 2: {  // overwrite bytes with values parsers treat specially
      const unsigned char special[] = {0x00, 0xFF, 0x7F, 0x80, 0x01, 0xFE};
      const int n = 1 + int(rng() % 4);
      for (int k = 0; k < n; ++k) b[rng() % b.size()] = special[rng() % std::size(special)];
      break;
    }
    case 3: {  // edit a PNG chunk's or a JPEG segment's length
      const std::vector<size_t> at = is_png(b)    ? png_chunks(b)
                                     : is_jpeg(b) ? jpeg_segments(b)
                                                  : std::vector<size_t>{};
      if (at.empty()) break;
      const size_t i = at[rng() % at.size()];
      const uint32_t lengths[] = {0, 1, 2, 13, 0xFFFF, 0x7FFFFFFF, 0xFFFFFFFF};
      const uint32_t v =
          rng() % 2 ? lengths[rng() % std::size(lengths)] : static_cast<uint32_t>(rng() % 70000);
      if (is_png(b) && i + 4 <= b.size()) set_be32(b, i, v);
      if (is_jpeg(b) && i + 4 <= b.size()) set_be16(b, i + 2, v & 0xFFFF);
      break;
    }
    case 4:
      edit_header_size(b, rng, max_side);
      break;
    default: {  // duplicate or drop a stretch of bytes
      const size_t from = rng() % b.size(), n = std::min<size_t>(rng() % 64, b.size() - from);
      if (rng() % 2)
        b.insert(b.begin() + from, b.begin() + from, b.begin() + from + n);
      else
        b.erase(b.begin() + from, b.begin() + from + n);
      break;
    }
  }
}

Bytes random_bytes(std::mt19937_64& rng) {
  static const char* const kPrefixes[] = {"",    "\x89PNG\r\n\x1a\n", "\xFF\xD8\xFF", "BM", "P5\n",
                                          "P6\n"};
  const std::string prefix = kPrefixes[rng() % std::size(kPrefixes)];
  Bytes b(prefix.begin(), prefix.end());
  const size_t n = rng() % 2048;
  for (size_t i = 0; i < n; ++i) b.push_back(static_cast<unsigned char>(rng()));
  return b;
}

double budget_seconds() {
  const char* env = std::getenv("WARPSCOPE_FUZZ_SECONDS");
  if (!env || !*env) return kDefaultSeconds;
  char* end = nullptr;
  const double s = std::strtod(env, &end);
  return (end && *end == '\0' && s > 0) ? s : kDefaultSeconds;
}

// Loads `path` in one mode; returns false (and checks the message) when it threw ws::Error.
bool load_checked(const std::string& path, ColourMode mode, int max_side, ImagePlanes& out) {
  try {
    out = load_image_planes(path, mode, max_side);
  } catch (const Error& e) {
    const std::string what = e.what();
    EXPECT_EQ(what.rfind("image '" + path + "' ", 0), 0u) << what;
    EXPECT_EQ(what.find(".cpp:"), std::string::npos) << what;
    return false;
  }
  EXPECT_GE(out.width, 1);
  EXPECT_GE(out.height, 1);
  EXPECT_LE(out.width, max_side);
  EXPECT_LE(out.height, max_side);
  EXPECT_EQ(out.channels, mode == ColourMode::Rgb && out.colour_source ? 3 : 1);
  EXPECT_EQ(out.planes.size(), size_t(out.width) * out.height * out.channels);
  return true;
}

TEST(ImageFuzz, MutatedAndRandomFilesLoadConsistentlyOrThrowWsError) {
  const std::vector<Sample> samples = corpus();
  int total_weight = 0;
  for (const Sample& s : samples) total_weight += s.weight;
  test::TempDir temp;
  const std::string path = temp.path + "/fuzz.img";
  const double budget = budget_seconds();
  const bool capped = std::getenv("WARPSCOPE_FUZZ_SECONDS") == nullptr;
  const auto start = Clock::now();
  std::map<std::string, int> outcomes;  // "loaded", or the problem part of the message
  double slowest = 0;
  uint64_t slowest_seed = 0;
  int iterations = 0;
  const char* only = std::getenv("WARPSCOPE_FUZZ_SEED");
  if (only) std::printf("image fuzz: one seed, its file is %s\n", path.c_str());
  temp.keep = only != nullptr;
  for (; !capped || iterations < kIterations; ++iterations) {
    if (std::chrono::duration<double>(Clock::now() - start).count() > budget) break;
    if (only && iterations == 1) break;
    const uint64_t seed = only ? std::strtoull(only, nullptr, 10) : kSeed + uint64_t(iterations);
    SCOPED_TRACE("seed " + std::to_string(seed));
    std::mt19937_64 rng(seed);
    Bytes bytes;
    int max_side = 256;
    if (rng() % 8 == 0) {
      bytes = random_bytes(rng);
    } else {
      int pick = static_cast<int>(rng() % total_weight);
      const Sample* sample = &samples.front();
      for (const Sample& s : samples)
        if ((pick -= s.weight) < 0) {
          sample = &s;
          break;
        }
      bytes = sample->bytes;
      max_side = sample->max_side;
      const int rounds = 1 + int(rng() % 3);
      for (int r = 0; r < rounds; ++r) mutate_once(bytes, rng, max_side);
    }
    test::write_bytes(path, bytes);

    const auto t0 = Clock::now();
    ImagePlanes grey, rgb;
    const bool grey_ok = load_checked(path, ColourMode::Luminance, max_side, grey);
    const bool rgb_ok = load_checked(path, ColourMode::Rgb, max_side, rgb);
    const double seconds = std::chrono::duration<double>(Clock::now() - t0).count();
    if (seconds > slowest) slowest = seconds, slowest_seed = seed;
    ASSERT_LT(seconds, kSlowLoadSeconds) << "a load took " << seconds << " s";
    ASSERT_EQ(grey_ok, rgb_ok) << "one colour mode loaded and the other did not";
    if (grey_ok) {
      ASSERT_EQ(grey.width, rgb.width);
      ASSERT_EQ(grey.height, rgb.height);
      ASSERT_EQ(grey.colour_source, rgb.colour_source);
      // Both decodes of the file must agree pixel for pixel (no pixel left to heap garbage).
      const size_t count = size_t(rgb.width) * rgb.height;
      size_t differ = 0;
      for (size_t i = 0; i < count; ++i)
        differ +=
            grey.planes[i] !=
            (rgb.colour_source
                 ? (77 * rgb.plane(0)[i] + 150 * rgb.plane(1)[i] + 29 * rgb.plane(2)[i] + 128) >> 8
                 : rgb.planes[i]);
      ASSERT_EQ(differ, 0u) << "the two decodes of one file differ";
    }
    ++outcomes[grey_ok ? "loaded" : "refused"];
    if (HasFatalFailure() || HasNonfatalFailure()) break;  // one seed to reproduce is enough
  }
  std::string summary;
  for (const auto& [what, n] : outcomes) summary += " " + what + " " + std::to_string(n);
  std::printf("image fuzz: %d iterations in %.1f s:%s; slowest load pair %.3f s (seed %llu)\n",
              iterations, std::chrono::duration<double>(Clock::now() - start).count(),
              summary.c_str(), slowest, static_cast<unsigned long long>(slowest_seed));
  EXPECT_GT(iterations, 0);
  EXPECT_GT(outcomes["loaded"], 0);  // the mutations leave some files readable
  EXPECT_GT(outcomes["refused"], 0);
}

}  // namespace
}  // namespace ws::app
