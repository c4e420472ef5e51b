// Radix sort as a mode of the scan scene (PMPP 13.3-13.5), three views chosen by "radix-view":
//   split    one 1-bit split pass as columns b, e, f, totalFalses, t, d and the output, with
//            arrows to the destinations; the timeline reveals one column per step
//   lsd      a full LSD sort of small keys, one split pass per timeline step
//   buckets  the coalesced multi-bit version: per-block digit counts (the bucket table), its
//            exclusive scan in digit-major order, local ranks and the scatter, pass by pass
// Fast mode: our sort vs CUB DeviceRadixSort::SortKeys (CUDA) or std::stable_sort (CPU).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "cell_rows.h"
#include "fast_panel.h"
#include "radix_sort/radix_sort.h"
#include "scenes/scan/scan_app_mode.h"

namespace ws::app {

enum class RadixView : uint8_t { Split = 0, Lsd = 1, Buckets = 2 };
const char* radix_view_name(RadixView v);  // "split", "lsd", "buckets"

// A rectangle of the figure with its tooltip (cells drawn outside a row layout).
struct HoverBox {
  gfx::Vec2 min, max;
  std::string text;
};

class RadixMode : public ScanAppMode {
 public:
  RadixMode();
  const char* id() const override { return "radix"; }
  const char* title() const override { return "Radix sort"; }
  nlohmann::json params_to_json() const override;
  void params_from_json(const nlohmann::json& params) override;
  void reset(Backend backend) override;
  int step_count() const override;
  int current_step() const override { return step_; }
  CodeRef code() const override;
  void seek(int step) override;
  void ui(Backend backend) override;
  void draw(gfx::Canvas& canvas, gfx::Theme theme) const override;
  std::string describe_at(gfx::Vec2 point) const override;
  nlohmann::json results_json() const override;

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
  std::string step_label() const;
  std::string explanation() const;
  std::string binary(uint32_t key) const;
  void panel_parameters(Backend backend);

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
  std::optional<radix::MultiBitSort> multibit_;
  std::vector<uint32_t> reference_;  // std::stable_sort
  Backend backend_ = Backend::Cpu;
  int step_ = 0;
  std::string error_;
  scan_apps::FastPanel fast_{22};

  mutable std::vector<scan_apps::CellRow> hover_rows_;
  mutable scan_apps::RowsGeometry hover_geometry_;
  mutable std::vector<HoverBox> hover_boxes_;
};

}  // namespace ws::app
