// The exercise list: ids, texts in both languages, sources that declare the signature the
// exercise launches, sizes of the three kinds, deterministic inputs shaped like the signature.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "common/error.h"
#include "exercise_builtin_timing.h"
#include "exercise_test_support.h"

namespace ws::lab {
namespace {

using etest::exercise_source;

const std::vector<std::string> kIds = {"vector-add", "image-map",    "conv1d",
                                       "conv2d",     "matmul-tiled", "transpose",
                                       "histogram",  "reduce",       "scan"};

// Whitespace runs collapsed to one space, so a signature wrapped over lines compares equal.
std::string squeezed(const std::string& text) {
  std::string out;
  for (char c : text) {
    const bool space = c == ' ' || c == '\n' || c == '\t';
    if (space && (out.empty() || out.back() == ' ')) continue;
    out += space ? ' ' : c;
  }
  return out;
}

bool has_cjk(const std::string& text) {  // a UTF-8 lead byte of U+4E00..U+9FFF: 0xE4..0xE9
  return std::any_of(text.begin(), text.end(), [](char c) {
    const auto u = static_cast<unsigned char>(c);
    return u >= 0xE4 && u <= 0xE9;
  });
}

TEST(LabExercises, TheNineInTeachingOrder) {
  std::vector<std::string> ids;
  for (const Exercise& e : exercises()) ids.push_back(e.id);
  EXPECT_EQ(ids, kIds);
  EXPECT_EQ(find_exercise("reduce").kernel, "reduce_sum");
}

TEST(LabExercises, UnknownIdListsTheIds) {
  try {
    find_exercise("sort");
    FAIL() << "no error";
  } catch (const Error& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("'sort'"), std::string::npos) << what;
    EXPECT_NE(what.find("vector-add, image-map"), std::string::npos) << what;
    EXPECT_NE(what.find("scan"), std::string::npos) << what;
  }
}

TEST(LabExercises, EveryFolderHasBothStatementsAStarterAndASolution) {
  for (const Exercise& e : exercises()) {
    SCOPED_TRACE(e.id);
    EXPECT_EQ(e.folder, "lab/" + e.id);
    EXPECT_FALSE(e.title.empty());
    EXPECT_TRUE(has_cjk(e.title_zh)) << e.title_zh;
    const std::string en = exercise_source(e, "statement.en.md");
    const std::string zh = exercise_source(e, "statement.zh.md");
    EXPECT_NE(en.find("PMPP"), std::string::npos);
    EXPECT_NE(zh.find("PMPP"), std::string::npos);
    EXPECT_TRUE(has_cjk(zh));
    EXPECT_FALSE(has_cjk(en));
    EXPECT_NE(exercise_source(e, "starter.cu").find("TODO"), std::string::npos);
    EXPECT_EQ(exercise_source(e, "solution.cu").find("TODO"), std::string::npos);
  }
}

// Every bug_*.cu of a folder is listed, and every listed one exists (read_exercise_file throws).
TEST(LabExercises, PlantedBugsAreListed) {
  int listed = 0;
  for (const Exercise& e : exercises()) {
    std::vector<std::string> found;
    for (const auto& entry :
         std::filesystem::directory_iterator(etest::assets_dir() + "/" + e.folder)) {
      const std::string name = entry.path().filename().string();
      if (name.rfind("bug_", 0) == 0) found.push_back(name);
    }
    std::vector<std::string> want = e.planted_bugs;
    std::sort(found.begin(), found.end());
    std::sort(want.begin(), want.end());
    EXPECT_EQ(found, want) << e.id;
    for (const std::string& bug : e.planted_bugs) EXPECT_FALSE(exercise_source(e, bug).empty());
    listed += static_cast<int>(e.planted_bugs.size());
  }
  EXPECT_EQ(listed, 6);  // no guard (vector-add, reduce), no sync (reduce, scan), tile, endless
}

TEST(LabExercises, MissingFileIsNamed) {
  try {
    exercise_source(find_exercise("scan"), "bug_nothing.cu");
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("lab/scan/bug_nothing.cu"), std::string::npos);
  }
}

// The sources and both statements spell the kernel's signature exactly as the runtime builds it
// from the exercise's arguments.
TEST(LabExercises, SourcesAndStatementsDeclareTheExercisesSignature) {
  for (const Exercise& e : exercises()) {
    SCOPED_TRACE(e.id);
    const Size teach = e.sizes.front();
    Job job = e.make(Backend::Cpu, "", teach, e.inputs(teach, 1));
    const std::string signature = kernel_signature(job);
    for (const char* file : {"starter.cu", "solution.cu", "statement.en.md", "statement.zh.md"})
      EXPECT_NE(squeezed(exercise_source(e, file)).find(squeezed(signature)), std::string::npos)
          << file << " lacks " << signature;
  }
}

TEST(LabExercises, SizesTeachOddAndFull) {
  for (const Exercise& e : exercises()) {
    SCOPED_TRACE(e.id);
    ASSERT_EQ(e.sizes.size(), 3u);
    EXPECT_EQ(e.sizes[0].name, "teach");
    EXPECT_EQ(e.sizes[1].name, "odd");
    EXPECT_EQ(e.sizes[2].name, "full");
    EXPECT_TRUE(e.sizes[0].traced && e.sizes[1].traced && !e.sizes[2].traced);
    auto elements = [](const std::vector<int64_t>& dims) {
      return dims.size() == 3 ? dims[0] * dims[2] : dims.size() == 2 ? dims[0] * dims[1] : dims[0];
    };
    const int64_t teach = elements(e.sizes[0].dims);
    EXPECT_TRUE(teach >= 32 && teach <= 1024) << teach;  // 32-256 elements, up to 32 x 32 images
    const int64_t full = elements(e.sizes[2].dims);
    EXPECT_TRUE(full >= (1 << 20) && full <= (1 << 24)) << full;
    EXPECT_LT(elements(e.sizes[2].cpu_dims), full);
    // odd: some launched thread (or 2 * blockDim span for reduce) falls past the data.
    const Launch odd = e.launch(e.sizes[1]);
    const std::vector<int64_t>& d = e.sizes[1].dims;
    if (d.size() == 1) {
      const int64_t per_block = e.id == "reduce" ? 2 * odd.block_x : odd.block_x;
      EXPECT_NE(d[0] % per_block, 0);
    } else {
      EXPECT_NE((d.size() == 3 ? d[2] : d[0]) % odd.block_x, 0);
      EXPECT_NE((d.size() == 3 ? d[0] : d[1]) % odd.block_y, 0);
    }
  }
}

TEST(LabExercises, InputsAreDeterministicAndShapedLikeTheSignature) {
  for (const Exercise& e : exercises()) {
    SCOPED_TRACE(e.id);
    const Size odd = e.sizes[1];
    const Inputs a = e.inputs(odd, 3), b = e.inputs(odd, 3), c = e.inputs(odd, 4);
    ASSERT_EQ(a.size(), e.signature.size());
    bool seed_matters = false;
    for (size_t i = 0; i < a.size(); ++i) {
      EXPECT_EQ(a[i].name, e.signature[i].name);
      EXPECT_EQ(a[i].type, e.signature[i].type);
      EXPECT_EQ(a[i].is_array, e.signature[i].is_array);
      EXPECT_EQ(a[i].writable, e.signature[i].writable);
      EXPECT_EQ(a[i].values, b[i].values);
      if (!a[i].is_array) {
        EXPECT_EQ(a[i].values.size(), 1u);
      }
      if (a[i].writable) {
        EXPECT_TRUE(
            std::all_of(a[i].values.begin(), a[i].values.end(), [](double v) { return v == 0; }));
      }
      seed_matters |= a[i].values != c[i].values;
    }
    EXPECT_TRUE(seed_matters);
    // The reference fills exactly the writable arrays, at their sizes.
    const Expected want = e.reference(odd, a);
    ASSERT_EQ(want.size(), a.size());
    for (size_t i = 0; i < a.size(); ++i)
      EXPECT_EQ(want[i].size(), a[i].writable ? a[i].values.size() : 0u) << a[i].name;
  }
}

TEST(LabExercises, CpuRunsReducedFullSizes) {
  const Size full = find_exercise("vector-add").sizes[2];
  EXPECT_EQ(size_for(full, Backend::Cuda).dims, std::vector<int64_t>{1 << 24});
  EXPECT_EQ(size_for(full, Backend::Cpu).dims, std::vector<int64_t>{1 << 14});
  const Size teach = find_exercise("vector-add").sizes[0];
  EXPECT_EQ(size_for(teach, Backend::Cpu).dims, teach.dims);
}

TEST(LabExercises, PhotoInputsComeFromTheRgbBytes) {
  const std::vector<uint8_t> rgb = {255, 0,   0,   0, 255, 0, 0, 0, 255,
                                    255, 255, 255, 0, 0,   0, 9, 9, 9};
  const Size size = image_map_photo_size(3, 2);
  EXPECT_EQ(size.name, "photo");
  EXPECT_TRUE(size.traced);
  EXPECT_TRUE(image_map_photo_size(512, 512).traced);
  EXPECT_FALSE(image_map_photo_size(513, 512).traced);
  const Inputs in = image_map_photo_inputs(rgb, 3, 2);
  const Exercise& e = find_exercise("image-map");
  EXPECT_EQ(e.launch(size).grid_x, 1);
  // 0.21 * 255 = 53.55, 0.72 * 255 = 183.6, 0.07 * 255 = 17.85, white 255, black 0, 9 * 1 = 9.
  EXPECT_EQ(e.reference(size, in)[1], (std::vector<double>{53, 183, 17, 255, 0, 9}));
  EXPECT_THROW(image_map_photo_inputs(rgb, 4, 2), Error);
  EXPECT_THROW(image_map_photo_size(0, 2), Error);
}

// The CUB baselines exist on CUDA builds for reduce, scan and histogram only; a CPU build has none.
TEST(LabExercises, BuiltinBaselinesOnlyWhereCubHasOne) {
  for (const Exercise& e : exercises()) {
    const bool has_baseline = e.id == "reduce" || e.id == "scan" || e.id == "histogram";
#if defined(WARPSCOPE_HAVE_CUDA)
    EXPECT_EQ(static_cast<bool>(e.builtin_time_ms), has_baseline) << e.id;
#else
    EXPECT_FALSE(e.builtin_time_ms) << e.id;
#endif
    EXPECT_EQ(std::string(builtin_timing_name(e.id)).empty(), !has_baseline) << e.id;
  }
}

}  // namespace
}  // namespace ws::lab
