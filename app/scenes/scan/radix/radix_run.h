// What the radix sort mode computes and draws: the keys, the split pass and the LSD sort of the
// host functions, the backend's traced multi-bit sort (radix::teach) and std::stable_sort's
// answer; how the view's steps map onto them.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "radix_sort/radix_sort.h"
#include "render/palette.h"
#include "scene_kit/hover_map.h"
#include "scene_kit/teach_pipeline.h"
#include "scenes/scan/scan_settings.h"

namespace ws::app {

constexpr int kRadixSplitSteps = 7;    // keys and bit, e, f, totalFalses, t, d, scatter
constexpr int kRadixBucketPhases = 3;  // count, scan, scatter

struct RadixRun : radix::TeachRun {  // sort: the traced multi-bit sort's passes; trace: its trace
  std::vector<uint32_t> keys;
  int key_bits = 4;        // the bits the sorts look at (the setting, or what the keys need)
  radix::SplitPass split;  // the split view's pass
  radix::LsdSort lsd;
  std::vector<uint32_t> reference;  // std::stable_sort
};

const char* radix_view_name(RadixView v);  // "split", "lsd", "buckets"

// Whitespace- or comma-separated unsigned 32-bit integers; names the first bad token.
std::vector<uint32_t> parse_radix_keys(const std::string& text);

// The steps of the view: the split's columns, one per LSD pass (and the keys), or three phases
// per multi-bit pass.
int radix_step_count(const RadixRun& r, RadixView view);
// The buckets view's step in the trace: the phase's step of the pass on screen (digits and
// histograms, the table scan, the scatter); -1 in the other views.
int radix_trace_step(const RadixRun& r, RadixView view, int step);
// The step's label: English (for run --json) or, `translated`, in the current language.
std::string radix_step_label(const RadixRun& r, RadixView view, int step, bool translated);

// The figure of the view at `step`; its cells' texts go to `hover`.
void draw_radix(gfx::Canvas& c, gfx::Theme theme, const Taught<RadixRun>& run,
                const RadixSettings& s, int step, HoverMap& hover);
// What the view's step computes and why (lecture mode), with its numbers.
std::string radix_caption(const Taught<RadixRun>& run, RadixView view, int step);

}  // namespace ws::app
