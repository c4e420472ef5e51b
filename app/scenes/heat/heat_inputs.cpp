#include "heat_inputs.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>

#include "common/error.h"
#include "io/image_values.h"

namespace ws::app {

namespace {

bool starts_with(const std::string& s, const std::string& prefix) {
  return s.compare(0, prefix.size(), prefix) == 0;
}

// The image at `path` as nx x ny values in 0..1, repeated for every z plane.
std::vector<float> image_field(const stencil::Params& p, const std::string& path,
                               std::string& label) {
  WS_REQUIRE(!path.empty(), std::string("image: needs a file, e.g. image:camera.png"));
  // Averaged down to about four values per cell first, so a huge photo costs little memory.
  const int64_t budget = std::clamp<int64_t>(4 * int64_t(p.nx) * p.ny, 1024, int64_t{1} << 26);
  const ImageValues image = load_image_values(path, static_cast<int>(budget));
  const std::vector<float> plane =
      resample_grey(image.values, image.width, image.height, p.nx, p.ny);
  std::vector<float> field;
  field.reserve(p.cells());
  for (int z = 0; z < p.nz; ++z) field.insert(field.end(), plane.begin(), plane.end());
  label = std::filesystem::path(image.path).filename().string() + " " +
          std::to_string(image.source_width) + "x" + std::to_string(image.source_height) + " -> " +
          std::to_string(p.nx) + "x" + std::to_string(p.ny);
  return field;
}

}  // namespace

std::string encode_painted(const std::vector<float>& material, const std::vector<float>& field) {
  // A cell's value: its conductivity, or (pinned) its temperature; runs compare the numbers.
  auto pinned = [&](size_t c) { return material[c] < 0; };
  auto value = [&](size_t c) { return pinned(c) ? field[c] : material[c]; };
  std::string out;
  char text[64];
  for (size_t c = 0; c < material.size();) {
    size_t end = c + 1;
    while (end < material.size() && pinned(end) == pinned(c) && value(end) == value(c)) ++end;
    std::snprintf(text, sizeof text, "%s%zu*%s%.9g", out.empty() ? "" : " ", end - c,
                  pinned(c) ? "p" : "", value(c));
    out += text;
    c = end;
  }
  return out;
}

void decode_painted(const std::string& text, int64_t cells, std::vector<float>& material,
                    std::vector<float>& field) {
  material.assign(size_t(cells), 1.0f);
  int64_t at = 0;
  size_t pos = 0;
  while (pos < text.size()) {
    if (text[pos] == ' ') {
      ++pos;
      continue;
    }
    const size_t end = std::min(text.find(' ', pos), text.size());
    const std::string run = text.substr(pos, end - pos);
    pos = end;
    const size_t star = run.find('*');
    char* stop = nullptr;
    const long long count = std::strtoll(run.c_str(), &stop, 10);
    WS_REQUIRE(star != std::string::npos && stop == run.c_str() + star && count >= 1,
               "--painted: expected runs like 100*1 or 3*p0.5, got '" + run + "'");
    const bool pinned = run[star + 1] == 'p';
    const std::string number = run.substr(star + 1 + (pinned ? 1 : 0));
    const float v = std::strtof(number.c_str(), &stop);
    WS_REQUIRE(!number.empty() && *stop == '\0' && std::isfinite(v) && (pinned || v >= 0),
               "--painted: '" + run +
                   "' has no valid value (a conductivity >= 0 or p and a "
                   "temperature)");
    WS_REQUIRE(at + count <= cells, "--painted describes more than the grid's " +
                                        std::to_string(cells) + " cells (a map for another size?)");
    for (int64_t c = at; c < at + count; ++c) {
      material[size_t(c)] = pinned ? stencil::kPinned : v;
      if (pinned) field[size_t(c)] = v;
    }
    at += count;
  }
  WS_REQUIRE(at == cells, "--painted describes " + std::to_string(at) + " cells, the grid has " +
                              std::to_string(cells) + " (a map for another size?)");
}

std::vector<float> resample_grey(const std::vector<double>& grey, int w, int h, int nx, int ny) {
  WS_REQUIRE(w >= 1 && h >= 1 && grey.size() == size_t(w) * h,
             std::string("resample_grey: the image size does not match its values"));
  std::vector<float> out(size_t(nx) * ny);
  for (int y = 0; y < ny; ++y) {
    const double sy = std::clamp((y + 0.5) * h / ny - 0.5, 0.0, h - 1.0);
    const int y0 = static_cast<int>(sy), y1 = std::min(y0 + 1, h - 1);
    const double fy = sy - y0;
    for (int x = 0; x < nx; ++x) {
      const double sx = std::clamp((x + 0.5) * w / nx - 0.5, 0.0, w - 1.0);
      const int x0 = static_cast<int>(sx), x1 = std::min(x0 + 1, w - 1);
      const double fx = sx - x0;
      const double top = grey[size_t(y0) * w + x0] * (1 - fx) + grey[size_t(y0) * w + x1] * fx;
      const double bottom = grey[size_t(y1) * w + x0] * (1 - fx) + grey[size_t(y1) * w + x1] * fx;
      out[size_t(y) * nx + x] = static_cast<float>((top * (1 - fy) + bottom * fy) / 255.0);
    }
  }
  return out;
}

std::vector<float> heat_initial_field(const stencil::Params& p, const std::string& spec,
                                      std::string& label) {
  if (starts_with(spec, "image:")) return image_field(p, spec.substr(6), label);
  label = spec;
  try {
    return stencil::initial_field(p, spec);
  } catch (const Error&) {
    throw Error("--init: unknown start field '" + spec +
                "' (hot-square, random:SEED, zero, or image:PATH)");
  }
}

std::vector<float> heat_material(const stencil::Params& p, const std::string& spec) {
  if (spec.empty()) return {};
  if (spec == "painted") return std::vector<float>(p.cells(), 1.0f);
  if (spec == "walls") {
    // A wall at x = nx/2 from top to bottom, with a door in the middle third.
    std::vector<float> m(p.cells(), 1.0f);
    const int x = p.nx / 2;
    for (int z = 0; z < p.nz; ++z)
      for (int y = 0; y < p.ny; ++y)
        if (y < p.ny / 3 || y >= 2 * p.ny / 3)
          m[x + int64_t(p.nx) * (y + int64_t(p.ny) * z)] = 0.0f;
    return m;
  }
  if (starts_with(spec, "image:")) {
    std::string label;
    return image_field(p, spec.substr(6), label);
  }
  throw Error("--material: unknown '" + spec + "' (walls, image:PATH, or nothing)");
}

}  // namespace ws::app
