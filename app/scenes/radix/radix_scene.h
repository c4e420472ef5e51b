// Radix sort, a mode of the scan scene (PMPP 13.3-13.5), three views chosen by "radix-view":
//   split    one 1-bit split pass as columns b, e, f, totalFalses, t, d and the output, with
//            arrows to the destinations; the timeline reveals one column per step
//   lsd      a full LSD sort of small keys, one split pass per timeline step
//   buckets  the coalesced multi-bit version: per-block digit counts (the bucket table), its
//            exclusive scan in digit-major order, local ranks and the scatter, pass by pass; the
//            columns come from the backend's traced sort (radix::teach: the CUDA kernels, checked
//            against their CPU twin, or the twin itself), and so do the counters and captions
// Fast mode: our sort (onesweep on CUDA) vs CUB DeviceRadixSort::SortKeys or std::stable_sort.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "i18n/i18n.h"
#include "radix_sort/radix_sort.h"
#include "scene_kit/fast_panel.h"
#include "scene_kit/step_cursor.h"
#include "scene_kit/teach_pipeline.h"
#include "scene_kit/scene.h"
#include "views/cell_rows.h"
#include "scene_kit/panel_widgets.h"

namespace ws::app {

enum class RadixView : uint8_t { Split = 0, Lsd = 1, Buckets = 2 };
const char* radix_view_name(RadixView v);  // "split", "lsd", "buckets"

// A rectangle of the figure with its tooltip (cells drawn outside a row layout).
struct HoverBox {
  gfx::Vec2 min, max;
  std::string text;
};

class RadixScene : public Scene {
 public:
  RadixScene();
  const char* id() const override { return "radix"; }
  const char* title() const override { return TR_NOOP("Radix sort"); }
  SceneCapabilities capabilities() const override;
  void attach(SceneContext& context) override;
  void detach() override { context_ = nullptr; }
  nlohmann::json params_to_json() const override;
  void params_from_json(const nlohmann::json& params) override;
  void reset() override;
  int step_count() const override;
  int current_step() const override { return cursor_.step(); }
  void seek(int step) override { cursor_.seek(step, step_count()); }
  void ui() override;
  void code_ui() override;
  // The kernel and the current step's statement the code panel shows.
  KernelSource kernel_source() const;
  void draw(gfx::Canvas& canvas, gfx::Theme theme) const override;
  std::string describe_at(gfx::Vec2 point) const override;
  // Lecture mode: what the current step of the view does and why (the split's columns, an LSD
  // pass, a bucket-table phase), with its numbers.
  std::string caption() const override;
  nlohmann::json results_json() const override;
  BenchJob bench_job(const BenchRequest& request) const override;

  static constexpr int kSplitSteps = 7;    // keys and bit, e, f, totalFalses, t, d, scatter
  static constexpr int kBucketPhases = 3;  // count, scan, scatter

 private:
  std::vector<uint32_t> make_keys() const;
  int effective_key_bits() const;
  void draw_split(gfx::Canvas& c, gfx::Vec2 origin, gfx::Vec2 size, const gfx::Palette& p,
                  float font) const;
  void draw_lsd(gfx::Canvas& c, gfx::Vec2 origin, gfx::Vec2 size, const gfx::Palette& p,
                float font) const;
  void draw_buckets(gfx::Canvas& c, gfx::Vec2 origin, gfx::Vec2 size, const gfx::Palette& p,
                    float font) const;
  // The current step's label: English (for run --json) or, `translated`, in the current language.
  std::string step_label(bool translated = false) const;
  // The buckets view's step in the trace: the phase's step of the pass on screen (digits and
  // histograms, the table scan, the scatter); -1 in the other views.
  int trace_step() const;
  std::string explanation() const;
  std::string binary(uint32_t key) const;
  void panel_parameters();
  Backend backend() const { return context_ ? context_->backend : Backend::Cpu; }
  int step() const { return cursor_.step(); }

  SceneContext* context_ = nullptr;

  // parameters
  std::string keys_text_;
  int64_t n_ = 16;
  uint64_t seed_ = 1;
  int key_bits_ = 0;  // 0: what the keys need (typed keys) or 4 (random keys)
  int bit_ = 0;       // the split view's bit
  int radix_bits_ = 2;
  int block_ = 4;
  RadixView view_ = RadixView::Split;

  // state
  std::vector<uint32_t> keys_;
  std::optional<radix::SplitPass> split_;
  std::optional<radix::LsdSort> lsd_;
  std::optional<radix::MultiBitSort> multibit_;  // the traced sort's passes (radix::teach)
  Trace trace_;                                  // its trace
  TracedRun traced_;                 // counters, snapshots, the CPU-twin check of a CUDA run
  std::vector<uint32_t> reference_;  // std::stable_sort
  StepCursor cursor_;
  std::string error_;
  FastPanel fast_{22, 5};

  mutable std::vector<CellRow> hover_rows_;
  mutable RowsGeometry hover_geometry_;
  mutable std::vector<HoverBox> hover_boxes_;
};

}  // namespace ws::app
