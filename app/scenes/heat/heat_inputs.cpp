#include "heat_inputs.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "common/error.h"
#include "heat_settings.h"
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
  const std::vector<float> plane = load_image_grid(path, p.nx, p.ny, &label);
  std::vector<float> field;
  field.reserve(p.cells());
  for (int z = 0; z < p.nz; ++z) field.insert(field.end(), plane.begin(), plane.end());
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

HeatStart heat_start(const HeatSettings& s) {
  const stencil::Params p = s.run_params();
  HeatStart start;
  start.field = heat_initial_field(p, s.init, start.label);
  start.material = heat_material(p, s.material);
  if (s.material == "painted" && !s.painted.empty())
    decode_painted(s.painted, p.cells(), start.material, start.field);
  return start;
}

}  // namespace ws::app
