// The query figure: the image with the dragged rectangle, the table with the four corners A, B,
// C, D lit, and the arithmetic that gives the sum and mean, checked against a direct sum. Small
// inputs show every number; larger ones are rasters (grey image, viridis table). And the lecture
// caption, which spells out the four corners and D - B - C + A.
#include <algorithm>
#include <cstdio>

#include "i18n/i18n.h"
#include "i18n/wording.h"
#include "sat_query_mode.h"
#include "scenes/sat/sat_panels.h"
#include "scenes/sat/sat_strings.h"
#include "views/field_raster.h"
#include "views/figure_parts.h"

namespace ws::app {

namespace {

using gfx::Vec2;

std::string num(double v, const char* format = "%.15g") {
  char text[64];
  std::snprintf(text, sizeof text, format, v);
  return text;
}

gfx::Image grey_image(const std::vector<float>& v, int w, int h) {
  gfx::Image img(w, h);
  for (size_t i = 0; i < size_t(w) * h; ++i) {
    const auto g = static_cast<uint8_t>(std::clamp(v[i], 0.0f, 255.0f));
    uint8_t* px = &img.rgba[i * 4];
    px[0] = px[1] = px[2] = g;
    px[3] = 255;
  }
  return img;
}

}  // namespace

void SatQueryMode::draw(gfx::Canvas& c, gfx::Theme theme) const {
  const gfx::Palette& pal = gfx::palette(theme);
  const float font = figure_ground(c, pal);
  image_ = {};
  if (table_.table.empty()) {
    c.text({font, font}, error().empty() ? std::string(tr("no table")) : error(), font,
           pal.mismatch);
    return;
  }
  const ImageInput& in = table_.input;
  const std::vector<double>& sums = table_.table;
  const SatQuery q = query();
  const int w = in.width, h = in.height;
  const std::string detail = trf("{0}, {1} table computed on {2}", kernel_text(in.label),
                                 accum_label(settings().accum), computed_on_text(table_));
  const std::string line = trf("rectangle ({0}, {1}) to ({2}, {3}), {4}", q.x0, q.y0, q.x1, q.y1,
                               counted(q.count, TR_NOOP("{0} pixel"), TR_NOOP("{0} pixels")));
  float top = draw_header(c, tr("Summed-area table: any rectangle in four look-ups"), detail, line,
                          tr("sum = D - B - C + A: D at the bottom-right corner, B above the "
                             "top-right, C left of the bottom-left, A above-left of the top-left."),
                          pal, font);
  const Vec2 size = c.size();
  const float margin = font, bottom = size.y - font * 4.2f;
  const float half = (size.x - 3 * margin) / 2;
  auto corner_of = [&](int x, int y) -> std::string {
    if (x == q.x1 && y == q.y1) return "D";
    if (x == q.x1 && y == q.y0 - 1) return "B";
    if (x == q.x0 - 1 && y == q.y1) return "C";
    if (x == q.x0 - 1 && y == q.y0 - 1) return "A";
    return "";
  };
  GridGeometry table;  // the table's cells (the image's: image_)
  if (w <= sat::kTeachMax && h <= sat::kTeachMax) {
    const gfx::Color inside = mix(pal.cell_fill, pal.highlight, 0.35f);
    image_ = draw_value_grid(
        c, {margin, top}, {margin + half, bottom}, w, h,
        [&](int x, int y) {
          GridCell cell;
          cell.text = number(in.planes[size_t(y) * w + x], ValueType::Float32);
          if (x >= q.x0 && x <= q.x1 && y >= q.y0 && y <= q.y1) cell.fill = inside;
          return cell;
        },
        tr("image: drag a rectangle"), pal, font);
    table = draw_value_grid(
        c, {2 * margin + half, top}, {size.x - margin, bottom}, w, h,
        [&](int x, int y) {
          GridCell cell;
          cell.text =
              number(sums[size_t(y) * w + x],
                     settings().accum == sat::Accum::U8U32 ? ValueType::Int32 : ValueType::Float32);
          cell.corner = corner_of(x, y);
          cell.emphasis = !cell.corner.empty();
          return cell;
        },
        tr("summed-area table"), pal, font);
  } else {
    gfx::Canvas::Raster image;
    image.pixels = [this] {
      return grey_image(table_.input.planes, table_.input.width, table_.input.height);
    };
    image_ = draw_raster_grid(c, {margin, top}, {margin + half, bottom}, w, h, image,
                              tr("image: drag a rectangle"), pal, font);
    gfx::Canvas::Raster table_raster;
    table_raster.pixels = [this] {
      std::vector<float> v(table_.table.begin(), table_.table.end());
      const float hi = *std::max_element(v.begin(), v.end());
      return colour_values(v, table_.input.width, table_.input.height, interop::Colormap::Viridis,
                           0, std::max(hi, 1.0f));
    };
    table =
        draw_raster_grid(c, {2 * margin + half, top}, {size.x - margin, bottom}, w, h, table_raster,
                         tr("summed-area table (viridis, 0 to the total)"), pal, font);
    // The rectangle on the image, the corners on the table.
    const float t = std::max(2.0f, font * 0.15f);
    c.rect(image_.cell_min(q.x0, q.y0), image_.cell_max(q.x1, q.y1), pal.highlight, t);
    for (const auto& [x, y, name] : {std::tuple<int, int, const char*>{q.x1, q.y1, "D"},
                                     {q.x1, q.y0 - 1, "B"},
                                     {q.x0 - 1, q.y1, "C"},
                                     {q.x0 - 1, q.y0 - 1, "A"}}) {
      if (x < 0 || y < 0) continue;
      const Vec2 centre = (table.cell_min(x, y) + table.cell_max(x, y)) * 0.5f;
      c.circle_filled(centre, font * 0.35f, pal.highlight);
      // The letter on a chip of the background colour, readable over any part of the colormap.
      const Vec2 at = centre + Vec2{font * 0.45f, -font * 1.15f};
      c.rect_filled(at - Vec2{font * 0.1f, 0}, at + Vec2{font * 0.8f, font * 1.05f}, pal.background,
                    font * 0.15f);
      c.text(at, name, font, pal.text);
    }
  }
  add_grid_hover(hover(), image_, [t = &table_](int x, int y) {
    return trf("pixel ({0}, {1}) = {2}\ndrag to choose a rectangle", x, y,
               number(t->input.planes[size_t(y) * t->input.width + x], ValueType::Float32));
  });
  add_grid_hover(hover(), table, [t = &table_](int x, int y) {
    return trf("SAT({0}, {1}) = {2}\nthe sum of pixels (0..0) to ({0}, {1})", x, y,
               number(t->table[size_t(y) * t->input.width + x], ValueType::Float32));
  });
  // The arithmetic, large enough for the back row.
  const std::string sum_line =
      trf("sum = D - B - C + A = {0} - {1} - {2} + {3} = {4}", num(q.d), num(q.b), num(q.c),
          num(q.a), num(q.sum)) +
      (q.d - q.b - q.c + q.a != q.sum
           ? tr(" (modulo 2^32: the table wrapped, the difference did not)")
           : "");
  c.text({margin, size.y - font * 3.9f}, sum_line, font * 1.05f, pal.text);
  char mean_value[32];
  std::snprintf(mean_value, sizeof mean_value, "%.6g", q.mean());
  const std::string mean = trf("mean = {0} / {1} = {2};  direct sum of the pixels: {3} {4}",
                               num(q.sum), q.count, mean_value, num(q.direct),
                               q.matches() ? tr("(equal)") : tr("(differs: the table's rounding)"));
  c.text({margin, size.y - font * 2.3f}, mean, font, q.matches() ? pal.text_muted : pal.mismatch);
}

std::string SatQueryMode::caption() const {
  if (table_.table.empty()) return error();
  const SatQuery q = query();
  std::vector<std::string> sentences;
  sentences.push_back(
      trf("Four look-ups give the sum of the rectangle ({0}, {1}) to ({2}, {3}): D at its "
          "bottom-right corner, minus B above its top-right and C left of its bottom-left, plus A "
          "above-left, which B and C both took away.",
          q.x0, q.y0, q.x1, q.y1));
  char mean[32];
  std::snprintf(mean, sizeof mean, "%.6g", q.mean());
  sentences.push_back(trf(
      "sum = D - B - C + A = {0} - {1} - {2} + {3} = {4} over {5}, mean {6}: "
      "a rectangle of any size costs the same four look-ups.",
      num(q.d, "%.10g"), num(q.b, "%.10g"), num(q.c, "%.10g"), num(q.a, "%.10g"),
      num(q.sum, "%.10g"), counted(q.count, TR_NOOP("{0} pixel"), TR_NOOP("{0} pixels")), mean));
  if (q.d - q.b - q.c + q.a != q.sum)
    sentences.push_back(
        tr("The u32 table wrapped around 2^32, yet the difference did not: unsigned arithmetic "
           "is modulo 2^32, so the wrap cancels."));
  if (!q.matches())
    sentences.push_back(
        trf("Adding the pixels directly gives {0}: the difference is the float "
            "table's rounding.",
            num(q.direct, "%.10g")));
  const sat::Variant v = settings().variant;
  sentences.push_back(table_.input.bytes
                          ? trf("Variant {0} ({1}) built the table on {2}.", int(v),
                                kernel_text(sat::info(v).title), backend_name(backend()))
                          : tr("The sequential CPU loop built the table (the typed "
                               "values are not bytes)."));
  return sat_sentences(sentences);
}

}  // namespace ws::app
