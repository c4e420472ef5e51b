// What the SpMV scene's formats mode computes and draws, as free functions: every format's layout
// of a small matrix, every format's storage, the hybrid's bytes per ELL width; the figures.
#pragma once

#include <array>
#include <memory>
#include <string>
#include <vector>

#include "render/canvas.h"
#include "render/palette.h"
#include "scene_kit/hover_map.h"
#include "scenes/spmv/spmv_settings.h"

namespace ws::app {

inline constexpr int kFormatCount =
    5;  // coo, csr, ell, hybrid, jds: the steps, in the book's order
// Matrices drawn array by array: at most 64 x 64 with at most this many nonzeros and ELL slots.
inline constexpr int kFormatCellsMaxNonzeros = 96;
inline constexpr int kFormatCellsMaxSlots = 192;

struct FormatsFacts {
  std::shared_ptr<const spmv::CsrMatrix> matrix;
  std::string label;
  ValueType precision = ValueType::Float32;
  spmv::SparseFormat shown = spmv::SparseFormat::Csr;
  bool cells = false;  // small enough for the arrays as cells: the layouts below are built
  spmv::CooMatrix coo;
  spmv::EllMatrix ell;
  spmv::HybridMatrix hybrid;
  spmv::JdsMatrix jds;
  int32_t ell_width = 0;     // the longest row
  int32_t hybrid_width = 0;  // as chosen (or given)
  bool width_chosen = true;  // --ell-width auto
  // Storage of each format (index: SparseFormat), float32 and float64.
  std::array<spmv::FormatStorage, kFormatCount> storage32{}, storage64{};
  // The hybrid's bytes at ELL width 0..the longest row, in the run's value type.
  std::vector<int64_t> hybrid_bytes;
  std::vector<int32_t> lengths_sorted;  // row lengths, longest first (the JDS order)
};
FormatsFacts formats_facts(const SpmvSettings& s);

// The variants formats mode's lecture keys choose: coo, csr, ell, hybrid, jds (keys 1-5).
std::vector<std::string> formats_lecture_variants(const SpmvSettings& s);

void draw_formats_figure(gfx::Canvas& c, gfx::Theme theme, const FormatsFacts& f, HoverMap& hover);
// The format's arrays as cells in [min, max] (f.cells).
void draw_format_cells(gfx::Canvas& c, gfx::Vec2 min, gfx::Vec2 max, const FormatsFacts& f,
                       const gfx::Palette& p, float font, HoverMap& hover);
// The storage table (every format, float32 and float64 against CSR, padding); returns its height.
float draw_storage_table(gfx::Canvas& c, gfx::Vec2 min, float width, const FormatsFacts& f,
                         const gfx::Palette& p, float font);
// The hybrid's bytes against the ELL width, the chosen width marked.
void draw_hybrid_bytes_chart(gfx::Canvas& c, gfx::Vec2 min, gfx::Vec2 max, const FormatsFacts& f,
                             const gfx::Palette& p, float font, HoverMap& hover);
// Row lengths, longest first, against the ELL width (the longest row) and the hybrid's width.
void draw_width_chart(gfx::Canvas& c, gfx::Vec2 min, gfx::Vec2 max, const FormatsFacts& f,
                      const gfx::Palette& p, float font, HoverMap& hover);
// What the format shown costs and why, one or two sentences.
std::string format_explanation(const FormatsFacts& f);
std::string formats_caption(const FormatsFacts& f);

}  // namespace ws::app
