// image-map (PMPP 3.2): RGB bytes -> grey byte, grey = 0.21 r + 0.72 g + 0.07 b truncated, one
// thread per pixel, 16 x 16 blocks over a 2D grid. The check allows 1 grey level: float rounding
// (and a fused multiply-add on the GPU) can land either side of an integer before truncation.
#include "exercise_list.h"
#include "exercise_support.h"

#include "../common/error.h"
#include "../common/split_mix.h"

namespace ws::lab {

namespace {

constexpr int kImageTile = 16;

std::vector<ArgSpec> image_map_signature() {
  return {{"rgb", ElemType::U8, true, false},
          {"grey", ElemType::U8, true, true},
          {"width", ElemType::I32, false, false},
          {"height", ElemType::I32, false, false}};
}

Inputs image_map_inputs_from(std::vector<double> rgb, int width, int height) {
  Inputs in = empty_inputs(image_map_signature());
  input(in, "rgb").values = std::move(rgb);
  set_zeros(in, "grey", static_cast<int64_t>(width) * height);
  set_scalar(in, "width", width);
  set_scalar(in, "height", height);
  return in;
}

// A seeded test picture: smooth colour ramps plus noise, so neighbouring threads differ.
std::vector<double> seeded_picture(int width, int height, uint64_t seed) {
  SplitMix64 rng{seed ^ 0x1234567ull};
  std::vector<double> rgb(static_cast<size_t>(width) * height * 3);
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) {
      const size_t p = (static_cast<size_t>(y) * width + x) * 3;
      rgb[p + 0] =
          static_cast<double>((x * 255 / (width > 1 ? width - 1 : 1) + rng.next() % 16) % 256);
      rgb[p + 1] =
          static_cast<double>((y * 255 / (height > 1 ? height - 1 : 1) + rng.next() % 16) % 256);
      rgb[p + 2] = static_cast<double>(rng.next() % 256);
    }
  return rgb;
}

}  // namespace

Size image_map_photo_size(int width, int height) {
  WS_REQUIRE(width > 0 && height > 0, "image-map: the photo has no pixels (" +
                                          std::to_string(width) + " x " + std::to_string(height) +
                                          ")");
  // Traced up to 512 x 512 pixels (4 events each: about 1M of the default budget's 4M); a larger
  // photo is run untraced on CUDA, as the "full" size is.
  const bool traced = int64_t{width} * height <= int64_t{512} * 512;
  return Size{"photo", {width, height}, {}, traced};
}

Inputs image_map_photo_inputs(const std::vector<uint8_t>& rgb, int width, int height) {
  image_map_photo_size(width, height);
  const size_t want = static_cast<size_t>(width) * height * 3;
  WS_REQUIRE(rgb.size() == want, "image-map: a " + std::to_string(width) + " x " +
                                     std::to_string(height) + " RGB photo needs " +
                                     std::to_string(want) + " bytes, got " +
                                     std::to_string(rgb.size()));
  return image_map_inputs_from(std::vector<double>(rgb.begin(), rgb.end()), width, height);
}

Exercise image_map_exercise() {
  Exercise e;
  e.id = "image-map";
  e.title = "Colour to greyscale";
  e.title_zh = "彩色图像转灰度";
  e.kernel = "rgb_to_grey";
  e.folder = "lab/image-map";
  e.signature = image_map_signature();
  e.sizes = {{"teach", {16, 16}, {}, true},
             {"odd", {50, 37}, {}, true},  // 4 x 3 blocks of 16 x 16: guard both x and y
             {"full", {2048, 2048}, {128, 128}, false}};
  e.inputs = [](const Size& size, uint64_t seed) {
    const int w = static_cast<int>(size.dims.at(0)), h = static_cast<int>(size.dims.at(1));
    return image_map_inputs_from(seeded_picture(w, h, seed), w, h);
  };
  e.block_rule = {"BLOCK_DIM_X", "BLOCK_DIM_Y", false, false, kImageTile, kImageTile};
  e.launch = [rule = e.block_rule](const Size& size) { return image_launch(size, rule); };
  e.reference = [](const Size&, const Inputs& in) {
    const auto& rgb = input(in, "rgb").values;
    std::vector<double> grey(rgb.size() / 3);
    for (size_t p = 0; p < grey.size(); ++p) {
      const double g = 0.21 * rgb[3 * p] + 0.72 * rgb[3 * p + 1] + 0.07 * rgb[3 * p + 2];
      // The tiny bias keeps white (0.21 + 0.72 + 0.07 = 1 exactly) at 255 although 255 times the
      // rounded weights can sum to 254.99999999999997 in double.
      grey[p] = static_cast<double>(static_cast<int>(g + 1e-9));
    }
    return Expected{{}, grey, {}, {}};
  };
  e.tolerance = [](const Size&, const Inputs& in) {
    return Expected{{}, std::vector<double>(input(in, "rgb").values.size() / 3, 1.0), {}, {}};
  };
  return e;
}

}  // namespace ws::lab
