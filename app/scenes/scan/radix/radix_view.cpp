// The radix sort figures: the split pass's columns, the LSD passes and the bucket table. Keys are
// tinted by the bit (blue 0, orange 1) or the digit (warp colours) that decides where they go.
#include <algorithm>
#include <cstdio>

#include "i18n/i18n.h"
#include "radix_run.h"
#include "views/cell_rows.h"
#include "views/field_raster.h"
#include "views/figure_parts.h"

namespace ws::app {

using gfx::Vec2;

namespace {

Cell text_cell(const std::string& text, const std::string& hover) {
  Cell c;
  c.text = text;
  c.hover = hover;
  return c;
}

CellRow index_row(size_t n, const gfx::Palette& p) {
  CellRow row;
  row.label = tr("index i");
  row.gap_after = 0.15f;
  for (size_t i = 0; i < n; ++i) {
    Cell c = text_cell(std::to_string(i), trf("position {0}", i));
    c.fill = p.background;
    row.cells.push_back(std::move(c));
  }
  return row;
}

std::string explanation(RadixView view) {
  switch (view) {
    case RadixView::Lsd:
      return tr(
          "Each pass is one stable split on the next bit, least significant first: keys "
          "with bit 0 (blue) keep their order at the front, keys with bit 1 (orange) at the "
          "back. After the last bit the keys are sorted.");
    case RadixView::Buckets:
      return tr(
          "Each block counts its keys per digit; the exclusive scan of the counts, read "
          "digit by digit over the blocks, is where each block's keys of a digit start. A "
          "key lands at that offset plus its rank among its block's keys of that digit: "
          "writes are grouped, hence coalesced.");
    default:
      return tr(
          "Keys whose bit is 0 go first, in order: key i goes to f (the count of 0-keys "
          "before it). Keys whose bit is 1 go after all totalFalses 0-keys: to t = i - f + "
          "totalFalses. One exclusive scan does it all.");
  }
}

// The run at one step of the view: what each of the three figures reads, and the hover map its
// cells' texts go to.
struct Figure {
  const RadixRun& r;
  const RadixSettings& settings;
  int step;
  HoverMap& hover;

  std::string binary(uint32_t key) const {
    const int bits = std::max(1, r.key_bits);
    std::string s;
    for (int b = bits - 1; b >= 0; --b) s += ((key >> b) & 1u) ? '1' : '0';
    return s;
  }
  // Draws the rows and adds their cells' texts to the hover map.
  RowsGeometry draw_cells(gfx::Canvas& c, Vec2 origin, Vec2 size, std::vector<CellRow> rows,
                          const gfx::Palette& p, float font) const {
    const RowsGeometry g = draw_rows(c, origin, size, rows, p, font, font * 3.4f);
    hover.add({0, 0}, c.size(),
              [g, rows = std::move(rows)](Vec2 point) { return describe_rows(g, rows, point); });
    return g;
  }
  void draw_split(gfx::Canvas& c, Vec2 origin, Vec2 size, const gfx::Palette& p, float font) const;
  void draw_lsd(gfx::Canvas& c, Vec2 origin, Vec2 size, const gfx::Palette& p, float font) const;
  void draw_buckets(gfx::Canvas& c, Vec2 origin, Vec2 size, const gfx::Palette& p,
                    float font) const;
};

}  // namespace

void Figure::draw_split(gfx::Canvas& c, Vec2 origin, Vec2 size, const gfx::Palette& p,
                        float font) const {
  const radix::SplitPass& s = r.split;
  const size_t n = s.keys_in.size();
  const std::string bit = std::to_string(s.bit);
  std::vector<CellRow> rows;
  rows.push_back(index_row(n, p));
  // Rows revealed one per step: row r (after key, binary) appears at step r - 2.
  auto add = [&](const std::string& label, int shown_from, auto cell_of) {
    CellRow row;
    row.label = label;
    for (size_t i = 0; i < n; ++i) {
      Cell cell = cell_of(i);
      cell.unwritten = step < shown_from;
      cell.emphasis = step == shown_from && shown_from > 0;
      row.cells.push_back(std::move(cell));
    }
    rows.push_back(std::move(row));
  };
  auto tint = [&](size_t i) { return bit_fill(p, s.b[i]); };
  add(tr("key"), 0, [&](size_t i) {
    Cell cell = text_cell(std::to_string(s.keys_in[i]),
                          trf("key {0} = {1} in binary; bit {2} is {3}", s.keys_in[i],
                              binary(s.keys_in[i]), bit, s.b[i]));
    cell.fill = tint(i);
    return cell;
  });
  add(tr("key in binary"), 0, [&](size_t i) {
    Cell cell = text_cell(binary(s.keys_in[i]),
                          trf("bit {0} of {1} is {2}", bit, binary(s.keys_in[i]), s.b[i]));
    cell.fill = tint(i);
    return cell;
  });
  add(trf("b = bit {0}", bit), 0, [&](size_t i) {
    Cell cell =
        text_cell(std::to_string(s.b[i]), trf("b[{0}] = bit {1} of key {2}", i, bit, s.keys_in[i]));
    cell.fill = tint(i);
    return cell;
  });
  add("e = !b", 1, [&](size_t i) {
    return text_cell(std::to_string(s.e[i]),
                     s.e[i] ? trf("e[{0}] = {1}: a 0-key, it goes to the front", i, s.e[i])
                            : trf("e[{0}] = {1}: a 1-key, it goes back", i, s.e[i]));
  });
  add(tr("f = exclusive scan of e"), 2, [&](size_t i) {
    Cell cell = text_cell(std::to_string(s.f[i]),
                          trf("f[{0}] = {1} 0-keys before position {0}", i, s.f[i]));
    if (step >= 5 && !s.b[i]) cell.fill = tint(i);  // the value d takes
    return cell;
  });
  add("totalFalses", 3, [&](size_t i) {
    Cell cell = text_cell(
        std::to_string(s.total_falses),
        trf("totalFalses = e[n-1] + f[n-1] = {0}: the 1-keys start there", s.total_falses));
    cell.hidden = i + 1 != n;
    return cell;
  });
  add("t = i - f + totalFalses", 4, [&](size_t i) {
    Cell cell = text_cell(std::to_string(s.t[i]),
                          "t[" + std::to_string(i) + "] = " + std::to_string(i) + " - " +
                              std::to_string(s.f[i]) + " + " + std::to_string(s.total_falses) +
                              " = " + std::to_string(s.t[i]));
    if (step >= 5 && s.b[i]) cell.fill = tint(i);
    return cell;
  });
  add("d = b ? t : f", 5, [&](size_t i) {
    Cell cell =
        text_cell(std::to_string(s.d[i]),
                  s.b[i] ? trf("key {0} goes to position {1} (t: bit is 1)", s.keys_in[i], s.d[i])
                         : trf("key {0} goes to position {1} (f: bit is 0)", s.keys_in[i], s.d[i]));
    cell.fill = tint(i);
    return cell;
  });
  rows.back().gap_after = 2.4f;
  add(tr("output"), 6, [&](size_t k) {
    const uint32_t key = s.keys_out[k];
    Cell cell = text_cell(std::to_string(key), "output[" + std::to_string(k) + "] = " +
                                                   std::to_string(key) + " (" + binary(key) + ")");
    cell.fill = bit_fill(p, (key >> s.bit) & 1u);
    return cell;
  });
  const int from = static_cast<int>(rows.size()) - 2, to = from + 1;
  const RowsGeometry g = draw_cells(c, origin, size, std::move(rows), p, font);
  if (step >= 6) {
    for (size_t i = 0; i < n; ++i)
      cell_arrow(c, g, from, static_cast<int>(i), to, s.d[i], bit_line(p, s.b[i]),
                 g.cell_w > 12 ? 1.5f : 1);
  }
}

void Figure::draw_lsd(gfx::Canvas& c, Vec2 origin, Vec2 size, const gfx::Palette& p,
                      float font) const {
  const radix::LsdSort& sort = r.lsd;
  const int passes = static_cast<int>(sort.passes.size());
  const bool show_binary = r.key_bits <= 12;
  // The rows shown: the keys before pass k for k = first..step (at most 8 rows on screen).
  const int first = std::max(0, step - 7);
  std::vector<CellRow> rows;
  for (int k = first; k <= step; ++k) {
    const std::vector<uint32_t>& keys = k == 0 ? r.keys : sort.passes[k - 1].keys_out;
    CellRow row;
    row.label = k == 0 ? std::string(tr("keys")) : trf("after bit {0}", k - 1);
    if (k == passes) row.label = trf("{0}: sorted", row.label);
    row.gap_after = 1.6f;
    for (size_t i = 0; i < keys.size(); ++i) {
      Cell cell = text_cell(show_binary ? binary(keys[i]) : std::to_string(keys[i]),
                            trf("key {0} = {1}", keys[i], binary(keys[i])));
      if (k < passes) {
        const int b = static_cast<int>((keys[i] >> k) & 1u);
        cell.fill = bit_fill(p, b);
        cell.hover = trf("{0}; pass {1} splits on bit {2} = {3}", cell.hover, k + 1, k, b);
      } else {
        cell.fill = kept_fill(p);
        cell.mismatch = keys[i] != r.reference[i];
        cell.hover += cell.mismatch ? tr(" (std::stable_sort differs here)")
                                    : tr(" (std::stable_sort agrees)");
      }
      cell.emphasis = k == step && k > 0;
      row.cells.push_back(std::move(cell));
    }
    rows.push_back(std::move(row));
  }
  const RowsGeometry g = draw_cells(c, origin, size, std::move(rows), p, font);
  for (int k = std::max(first, 1); k <= step; ++k) {
    const radix::SplitPass& pass = sort.passes[k - 1];
    for (size_t i = 0; i < pass.d.size(); ++i)
      cell_arrow(c, g, k - 1 - first, static_cast<int>(i), k - first, pass.d[i],
                 bit_line(p, pass.b[i]), g.cell_w > 12 ? 1.5f : 1);
  }
}

void Figure::draw_buckets(gfx::Canvas& c, Vec2 origin, Vec2 size, const gfx::Palette& p,
                          float font) const {
  if (r.sort.passes.empty()) return;
  const int pass = step / kRadixBucketPhases, phase = step % kRadixBucketPhases;
  const radix::BucketPass& bp = r.sort.passes[pass];
  const size_t n = bp.keys_in.size();
  const bool last_pass = pass + 1 == static_cast<int>(r.sort.passes.size());
  auto fill_of = [&](int d) { return digit_fill(p, d); };
  std::vector<CellRow> rows;
  rows.push_back(index_row(n, p));
  auto block_of = [&](size_t i) { return static_cast<int>(i) / bp.block_size; };
  CellRow keys;
  keys.label = tr("keys");
  CellRow digits;
  digits.label = trf("digit = bits {0}..{1}", bp.shift, bp.shift + bp.radix_bits - 1);
  for (size_t i = 0; i < n; ++i) {
    Cell k = text_cell(std::to_string(bp.keys_in[i]), trf("key {0} = {1}, block {2}", bp.keys_in[i],
                                                          binary(bp.keys_in[i]), block_of(i)));
    k.fill = fill_of(bp.digit[i]);
    keys.cells.push_back(std::move(k));
    Cell d = text_cell(std::to_string(bp.digit[i]),
                       trf("digit {0} of key {1} (bucket {0})", bp.digit[i], bp.keys_in[i]));
    d.fill = fill_of(bp.digit[i]);
    digits.cells.push_back(std::move(d));
  }
  // Room for the two tables under the digits: a title, a header row and one row per digit.
  digits.gap_after = bp.buckets + 2.6f;
  rows.push_back(std::move(keys));
  rows.push_back(std::move(digits));
  CellRow rank, destination, output;
  rank.label = tr("local rank in block");
  destination.label = tr("destination");
  output.label = last_pass ? tr("output: sorted") : tr("output");
  destination.gap_after = 2.4f;
  for (size_t i = 0; i < n; ++i) {
    const int b = block_of(i), d = bp.digit[i];
    const int offset = bp.offsets[static_cast<size_t>(d) * bp.blocks + b];
    Cell k = text_cell(
        std::to_string(bp.local_rank[i]),
        trf("{0} keys of digit {1} come before this one in block {2}", bp.local_rank[i], d, b));
    Cell t = text_cell(std::to_string(bp.destination[i]),
                       trf("offset[{0}][{1}] {2} + rank {3} = {4}", d, b, offset, bp.local_rank[i],
                           bp.destination[i]));
    const uint32_t key = bp.keys_out[i];
    const int out_digit = static_cast<int>((key >> bp.shift) & (bp.buckets - 1));
    Cell o =
        text_cell(std::to_string(key), trf("output[{0}] = {1} (digit {2})", i, key, out_digit));
    k.fill = t.fill = fill_of(d);
    o.fill = fill_of(out_digit);
    k.unwritten = t.unwritten = o.unwritten = phase < 2;
    k.emphasis = t.emphasis = o.emphasis = phase == 2;
    if (last_pass) o.mismatch = key != r.reference[i];
    rank.cells.push_back(std::move(k));
    destination.cells.push_back(std::move(t));
    output.cells.push_back(std::move(o));
  }
  rows.push_back(std::move(rank));
  rows.push_back(std::move(destination));
  rows.push_back(std::move(output));
  const RowsGeometry g = draw_cells(c, origin, size, std::move(rows), p, font);
  // Block boundaries through the key rows and the rank/destination rows.
  for (size_t b = bp.block_size; b < n; b += bp.block_size) {
    const float x = g.x0 + b * g.cell_w;
    c.line({x, g.top[1] - 3}, {x, g.top[2] + g.cell_h + 3}, p.text_muted, 1.5f);
    c.line({x, g.top[3] - 3}, {x, g.top[4] + g.cell_h + 3}, p.text_muted, 1.5f);
  }
  if (phase == 2)
    for (size_t i = 0; i < n; ++i)
      cell_arrow(c, g, 4, static_cast<int>(i), 5, bp.destination[i], digit_line(p, bp.digit[i]),
                 g.cell_w > 12 ? 1.5f : 1);

  // The bucket table and its scan, side by side under the digits: one row per digit, one column
  // per block.
  const float table_top = g.top[2] + g.cell_h * 1.35f;
  const float cell_h = g.cell_h;
  const float label_w = c.text_size(trf("digit {0}", "00"), font * 0.8f).x + font * 0.6f;
  const float room = (size.x - g.label_w) / 2 - label_w - font * 2;
  const float cell_w = std::clamp(room / bp.blocks, 6.0f, font * 2.8f);
  const float table_w = label_w + cell_w * bp.blocks;
  const float small = std::min(font * 0.8f, cell_h * 0.6f);
  auto draw_table = [&](float x, const std::string& title, const std::vector<int32_t>& values,
                        bool shown, bool scan_table) {
    c.text({x, table_top}, fit_text(c, title, font * 0.85f, size.x - x), font * 0.85f, p.text);
    const float y0 = table_top + font * 1.3f;
    for (int b = 0; b < bp.blocks; ++b)
      if (cell_w >= small * 1.2f)
        c.text({x + label_w + (b + 0.5f) * cell_w, y0 + cell_h * 0.5f}, "b" + std::to_string(b),
               small, p.text_muted, gfx::HAlign::Center, gfx::VAlign::Middle);
    for (int d = 0; d < bp.buckets; ++d) {
      const float y = y0 + (d + 1) * cell_h;
      c.text({x, y + cell_h / 2}, trf("digit {0}", d), small, p.text_muted, gfx::HAlign::Left,
             gfx::VAlign::Middle);
      for (int b = 0; b < bp.blocks; ++b) {
        const Vec2 a{x + label_w + b * cell_w + 1, y + 1};
        const Vec2 z{x + label_w + (b + 1) * cell_w - 1, y + cell_h - 1};
        const int32_t v = values[static_cast<size_t>(d) * bp.blocks + b];
        const gfx::Color fill = shown ? fill_of(d) : p.cell_unwritten;
        c.rect_filled(a, z, fill, 2);
        c.rect(a, z, shown ? p.cell_border : p.inactive, 1, 2);
        if (shown && ((scan_table && phase == 1) || (!scan_table && phase == 0)))
          c.rect(a, z, p.highlight, 3, 2);
        const float text_font = std::min(small, cell_w * 0.45f);
        if (shown && text_font >= 7)
          c.text({(a.x + z.x) / 2, (a.y + z.y) / 2}, std::to_string(v), text_font, ink_on(fill),
                 gfx::HAlign::Center, gfx::VAlign::Middle);
        const std::string what =
            scan_table ? trf("offset: {0} keys with a smaller digit, or digit {1} in an earlier "
                             "block, come first",
                             v, d)
                       : trf("{0} keys of block {1} have digit {2}", v, b, d);
        hover.add(a, z, shown ? what : std::string(tr("not computed yet")));
      }
    }
  };
  const float x1 = g.x0;
  draw_table(x1, tr("bucket table: count[digit][block]"), bp.table, true, false);
  draw_table(x1 + table_w + font * 2.5f, tr("offsets: exclusive scan, digit by digit over blocks"),
             bp.offsets, phase >= 1, true);
}

void draw_radix(gfx::Canvas& c, gfx::Theme theme, const Taught<RadixRun>& run,
                const RadixSettings& settings, int step, HoverMap& hover) {
  const gfx::Palette& p = gfx::palette(theme);
  const RadixRun& r = run.run;
  const Figure figure{r, settings, step, hover};
  const Vec2 size = c.size();
  const float font = figure_font(size);
  std::string title;
  std::string detail = trf("{0} keys of {1} bits ({2})", r.keys.size(), r.key_bits,
                           settings.keys.empty() ? trf("random, seed {0}", settings.seed)
                                                 : std::string(tr("typed keys")));
  switch (settings.view) {
    case RadixView::Lsd:
      title = tr("Radix sort: LSD, one split per bit (PMPP 13.3)");
      break;
    case RadixView::Buckets:
      title = tr("Radix sort: multi-bit passes over a bucket table (PMPP 13.4-13.5)");
      detail += trf(" · {0}-bit digits · blocks of {1} keys", settings.radix_bits, settings.block);
      break;
    default:
      title = trf("Radix sort: one split pass on bit {0} (PMPP 13.3)", settings.bit);
      break;
  }
  const std::string step_line =
      trf("step {0} / {1}: {2}", step + 1, radix_step_count(r, settings.view),
          radix_step_label(r, settings.view, step, true));
  c.begin_group("header");
  const float top = draw_header(c, title, detail, step_line, explanation(settings.view), p, font);
  c.end_group();
  const float footer = font * 3.2f;
  const Vec2 origin{4, top}, body{size.x - 8, size.y - top - footer};
  c.begin_group(std::string("radix-") + radix_view_name(settings.view));
  if (settings.view == RadixView::Split)
    figure.draw_split(c, origin, body, p, font);
  else if (settings.view == RadixView::Lsd)
    figure.draw_lsd(c, origin, body, p, font);
  else
    figure.draw_buckets(c, origin, body, p, font);
  c.end_group();

  std::vector<Swatch> legend;
  if (settings.view == RadixView::Buckets) {
    // Every digit the passes use: with more than four, the numbers alone after the first.
    const int digits = 1 << settings.radix_bits;
    for (int d = 0; d < digits; ++d)
      legend.push_back(
          {digit_fill(p, d), d == 0 || digits <= 4 ? trf("digit {0}", d) : std::to_string(d)});
  } else {
    legend = {{bit_fill(p, 0), tr("bit 0: goes first")}, {bit_fill(p, 1), tr("bit 1: goes after")}};
  }
  legend.push_back({p.highlight, tr("new in this step"), SwatchKind::Outline});
  legend.push_back({p.mismatch, tr("differs from std::stable_sort"), SwatchKind::Outline});
  draw_swatches(c, {4, size.y - footer + 2}, legend, p, font * 0.8f);
  const bool ok = r.lsd.sorted == r.reference && r.sort.sorted == r.reference;
  const std::string line = trf(
      "split on bit {0}: {1} zeros, {2} ones · LSD: {3} passes · multi-bit: {4} passes of {5} "
      "bits · {6}",
      settings.bit, r.split.total_falses, static_cast<int>(r.keys.size()) - r.split.total_falses,
      r.lsd.passes.size(), r.sort.passes.size(), settings.radix_bits,
      ok ? tr("both sorts match std::stable_sort") : tr("a sort DIFFERS from std::stable_sort"));
  draw_footer(c, line, p, font, ok ? p.text : p.mismatch);
}

}  // namespace ws::app
