// The sorting network figure: the keys before the stage shown down the left, the network (wires
// across, comparators by stage) in the middle, the keys after it down the right, a legend and the
// stage's counters at the bottom.
#include <algorithm>
#include <cmath>

#include "i18n/i18n.h"
#include "i18n/wording.h"
#include "network_layout.h"
#include "networks_run.h"
#include "views/cell_rows.h"
#include "views/figure_parts.h"

namespace ws::app {

namespace {

using gfx::Vec2;

struct NetFrame {
  float x0 = 0, unit = 0, wires_top = 0, row_h = 0;
  float y(int wire) const { return wires_top + (float(wire) + 0.5f) * row_h; }
};

std::string net_key_text(double v, ValueType type) {
  if (v == network_padding_key(type)) return type == ValueType::Float32 ? "+inf" : "max";
  return number(v, type);
}

std::string net_thread_text(const merge::SortTeachRun& run, int thread) {
  const int block_dim = std::max(1, run.params.block_dim);
  return trf("thread {0} (block {1}, tid {2}; warp {3})", thread, thread / block_dim,
             thread % block_dim, (thread % block_dim) / 32);
}

// One column of keys (before or after the stage), changed ones outlined.
void net_key_column(gfx::Canvas& c, float x, float width, const NetFrame& f,
                    const std::vector<double>& keys, const std::vector<double>* before,
                    const merge::SortTeachRun& run, const gfx::Palette& p, float font,
                    const std::string& title, HoverMap& hover) {
  c.text({x + width / 2, f.wires_top - font * 0.2f}, title, font * 0.75f, p.text_muted,
         gfx::HAlign::Center, gfx::VAlign::Bottom);
  const float text_font = std::min(font * 0.8f, f.row_h * 0.75f);
  for (int w = 0; w < int(keys.size()); ++w) {
    const Vec2 min{x, f.y(w) - f.row_h * 0.45f}, max{x + width, f.y(w) + f.row_h * 0.45f};
    const bool pad = run.network.is_padding(w);
    const bool changed = before && (*before)[size_t(w)] != keys[size_t(w)];
    c.rect_filled(min, max, pad ? p.cell_unwritten : p.cell_fill);
    c.rect(min, max, changed ? p.highlight : p.cell_border, changed ? 2.0f : 1.0f);
    const std::string text = net_key_text(keys[size_t(w)], run.trace.type);
    if (text_font >= 7)
      c.text({x + width / 2, f.y(w)}, fit_text(c, text, text_font, width - 2), text_font,
             pad ? p.text_muted : p.text, gfx::HAlign::Center, gfx::VAlign::Middle);
    std::string say = trf("{0} wire {1}: {2}", title, w, text);
    if (pad) say += std::string("; ") + tr("a padding wire: n is not a power of two");
    if (changed) say += std::string("; ") + tr("changed by this stage");
    hover.add(min, max, say);
  }
}

void net_stage(gfx::Canvas& c, const NetFrame& f, const NetworkColumns& cols,
               const NetworkTaught& t, const NetworkFacts& facts, int s, bool current,
               const gfx::Palette& p, float font, HoverMap& hover) {
  const merge::SortTeachRun& run = t.run;
  const merge::NetworkStage& stage = run.network.stages[size_t(s)];
  const float left = f.x0 + cols.stage_x[size_t(s)] * f.unit;
  const float right = left + cols.stage_width(s) * f.unit;
  const float bottom = f.wires_top + f.row_h * float(run.network.wires);
  const gfx::Color shade = facts.stage_shared[size_t(s)] ? p.shared_row : p.global_row;
  c.rect_filled({left, f.wires_top}, {right, bottom}, shade);
  if (current) c.rect({left - 2, f.wires_top - 2}, {right + 2, bottom + 2}, p.highlight, 3.0f);
  c.text({(left + right) / 2, f.wires_top - font * 0.2f}, trf("j {0}", stage.j), font * 0.7f,
         current ? p.text : p.text_muted, gfx::HAlign::Center, gfx::VAlign::Bottom);
  for (size_t i = 0; i < stage.comparators.size(); ++i) {
    const merge::Comparator& cmp = stage.comparators[i];
    const float x = f.x0 + cols.comparator_x(s, int(i)) * f.unit;
    const gfx::Color full = p.warp_color(network_colour_group(run, cmp.thread));
    const gfx::Color col = current ? full : mix(full, p.background, 0.45f);
    const float top = f.y(cmp.lo), low = f.y(cmp.hi);
    const float dot = std::clamp(f.row_h * 0.16f, 1.5f, f.unit * 0.3f);
    c.line({x, top}, {x, low}, col, current ? 2.5f : 1.5f);
    c.circle_filled({x, top}, dot, col);
    c.circle_filled({x, low}, dot, col);
    // The arrow head at the wire that receives the larger key.
    const float head = std::min(f.row_h * 0.45f, f.unit * 0.4f);
    const float tip = cmp.ascending ? low - dot : top + dot;
    const float base = cmp.ascending ? tip - head : tip + head;
    c.triangle_filled({x, tip}, {x - head * 0.55f, base}, {x + head * 0.55f, base}, col);
    const std::vector<double>& in = facts.wires[size_t(s)];
    const std::vector<double>& out = facts.wires[size_t(s) + 1];
    const ValueType type = run.trace.type;
    const std::string keys =
        trf("keys {0}, {1} become {2}, {3}", net_key_text(in[size_t(cmp.lo)], type),
            net_key_text(in[size_t(cmp.hi)], type), net_key_text(out[size_t(cmp.lo)], type),
            net_key_text(out[size_t(cmp.hi)], type));
    hover.add({x - f.unit * 0.5f, top}, {x + f.unit * 0.5f, low},
              trf("stage {0} (k {1}, j {2}), {3}: wires {4} and {5}, {6}; {7}", s + 1, stage.k,
                  stage.j, net_thread_text(run, cmp.thread), cmp.lo, cmp.hi,
                  cmp.ascending ? tr("ascending: the larger key goes down")
                                : tr("descending: the larger key goes up"),
                  keys));
  }
}

void net_group_labels(gfx::Canvas& c, const NetFrame& f, const NetworkColumns& cols,
                      const merge::Network& net, const gfx::Palette& p, float font) {
  for (size_t s = 0; s < net.stages.size();) {
    size_t e = s;
    while (e + 1 < net.stages.size() && net.stages[e + 1].k == net.stages[s].k) ++e;
    const float left = f.x0 + cols.stage_x[s] * f.unit;
    const float right = f.x0 + (cols.stage_x[e] + cols.stage_width(int(e))) * f.unit;
    const float y = f.wires_top - font * 1.25f;
    c.line({left, y}, {right, y}, p.text_muted, 1.0f);
    c.text({(left + right) / 2, y - 1}, trf("k {0}", net.stages[s].k), font * 0.75f, p.text,
           gfx::HAlign::Center, gfx::VAlign::Bottom);
    s = e + 1;
  }
}

}  // namespace

void draw_network_teach(gfx::Canvas& c, gfx::Theme theme, const NetworkTaught& t,
                        const NetworkFacts& facts, int step, HoverMap& hover) {
  const gfx::Palette& p = gfx::palette(theme);
  const float font = figure_ground(c, p);
  const merge::SortTeachRun& run = t.run;
  const merge::SortInfo& info = merge::sort_info(run.params.variant);
  const int steps = int(run.trace.steps.size());
  const int shown = std::clamp(step, 0, std::max(0, steps - 1));
  const std::string step_line =
      steps == 0 ? tr("no steps: nothing to sort") : trace_step_line(run.trace, shown);
  const float top = draw_header(
      c,
      trf("{0}: {1} keys on {2} wires", tr_text(info.title), run.input.size(), run.network.wires),
      network_counts_text(run, facts), step_line, tr_text(info.lesson), p, font);
  const Vec2 size = c.size();
  const int wires = run.network.wires;
  const float bottom = size.y - font * 4.6f;
  const float key_w = font * 3.2f, label_w = font * 2.6f, gap = font * 0.6f;
  NetFrame f;
  f.wires_top = top + font * 2.2f;
  f.row_h = std::min(font * 3.0f, (bottom - f.wires_top) / float(std::max(1, wires)));
  f.x0 = label_w + key_w + gap * 2;
  const float diagram_w = size.x - f.x0 - key_w - gap * 2 - font * 0.5f;
  const NetworkColumns cols = network_columns(run.network);
  f.unit = std::min(font * 2.4f, diagram_w / std::max(1.0f, cols.units));
  const float right = f.x0 + cols.units * f.unit;
  const int stage = network_stage_near(facts, steps ? shown : -1);
  // The keys around the stage shown; at a store, the keys the last stage before it left.
  int before_index = stage >= 0 ? stage : 0;
  if (stage < 0)
    for (int s = 0; s < int(facts.stage_step.size()); ++s)
      if (facts.stage_step[size_t(s)] >= 0 && facts.stage_step[size_t(s)] < shown)
        before_index = s + 1;
  const std::vector<double>& before = facts.wires[size_t(before_index)];
  const std::vector<double>& after = facts.wires[size_t(stage >= 0 ? stage + 1 : before_index)];
  // Wires, their names and the padding marked.
  for (int w = 0; w < wires; ++w) {
    const bool pad = run.network.is_padding(w);
    const gfx::Color col = pad ? p.inactive : p.text_muted;
    if (pad) {
      for (float x = f.x0; x < right; x += font * 0.6f)
        c.line({x, f.y(w)}, {std::min(right, x + font * 0.35f), f.y(w)}, col, 1.0f);
    } else {
      c.line({f.x0, f.y(w)}, {right, f.y(w)}, col, 1.0f);
    }
    const float label_font = std::min(font * 0.75f, f.row_h * 0.7f);
    if (label_font >= 7)
      c.text({label_w - 2, f.y(w)}, pad ? trf("pad {0}", w) : trf("w{0}", w), label_font,
             pad ? p.text_muted : p.text, gfx::HAlign::Right, gfx::VAlign::Middle);
  }
  net_group_labels(c, f, cols, run.network, p, font);
  for (int s = 0; s < int(run.network.stages.size()); ++s)
    net_stage(c, f, cols, t, facts, s, s == stage, p, font, hover);
  net_key_column(c, label_w + gap, key_w, f, before, nullptr, run, p, font, tr("before"), hover);
  net_key_column(c, right + gap, key_w, f, after, &before, run, p, font, tr("after"), hover);
  std::vector<Swatch> legend = {
      {p.shared_row, tr("stage in shared memory")},
      {p.global_row, tr("stage on global memory (its own launch)")},
      {p.inactive, tr("padding wire (+inf)"), SwatchKind::Arrow},
      {p.highlight, tr("stage shown, keys it changed"), SwatchKind::Outline}};
  draw_swatches(c, {4, size.y - font * 2.9f}, legend, p, font * 0.8f);
  // The owners' colours on a line of their own (up to 8; more threads or blocks reuse them).
  const int groups = std::min(8, network_colour_group(run, std::max(0, wires / 2 - 1)) + 1);
  const bool by_thread = wires / 2 <= 8;
  std::vector<Swatch> owners;
  for (int g = 0; g < groups; ++g)
    owners.push_back({p.warp_color(g), by_thread ? trf("thread {0}", g) : trf("block {0}", g)});
  draw_swatches(c, {4, size.y - font * 4.1f}, owners, p, font * 0.8f);
  if (steps > 0) {
    const StepCounters& k = t.traced.counters.per_step.at(size_t(shown));
    draw_footer(c,
                trf("this step: comparators {0}, active threads {1}, divergent warps {2}, bank "
                    "conflicts {3}, barriers {4}",
                    k.ops, k.active_threads, k.divergent_warps, k.bank_conflicts, k.barriers),
                p, font, p.text);
  }
}

}  // namespace ws::app
