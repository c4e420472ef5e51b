// The summed-area-table scene's pieces that every mode shares: the panels (the input, the variant
// and type, the notes: the worked example, what u32 wrap-around means), the captions' sentences and
// the figures' grids in the hover map.
#pragma once

#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "sat_settings.h"
#include "scene_kit/hover_map.h"
#include "scene_kit/panel_widgets.h"
#include "views/value_grid.h"

namespace ws::app {

// Typed values, an image file (the shipped photos in a list), a random size and seed; `colour`
// adds the luminance / RGB choice (the filter mode). Returns what changed.
nlohmann::json sat_input_controls(const SatSettings& s, bool colour);
// Variant and accumulation type; `tile` adds the tile edge of variants 4 and 5 (teach mode).
nlohmann::json sat_variant_controls(const SatSettings& s, bool tile);
// Teach mode's kernel: the summed-area table (of the variant) or the fused box filter, and the
// fused filter's radius (0..32: beyond the longer side of a teaching image the windows are the
// same). Choosing the fused filter sets type u8, the only type it filters.
nlohmann::json sat_teach_kernel_controls(const SatSettings& s);
// The notes: the worked example, four look-ups, u32 wrap-around, float precision.
void sat_notes_panel();
// Sentences of a caption, joined as the language writes them.
std::string sat_sentences(const std::vector<std::string>& sentences);
// The cells of `grid` in the hover map: `describe(x, y)` says what cell (x, y) holds.
void add_grid_hover(HoverMap& hover, const GridGeometry& grid,
                    std::function<std::string(int x, int y)> describe);

}  // namespace ws::app
