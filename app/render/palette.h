// Diagram colours for the light and dark themes. Warp colours are the Okabe-Ito set, which stays
// distinguishable for colour-blind viewers and on projectors; inactive lanes are grey, not a hue.
#pragma once

#include <string>

#include "canvas.h"

namespace ws::gfx {

enum class Theme { Light, Dark };

struct Palette {
  Color background, text, text_muted, cell_fill, cell_border, cell_unwritten;
  Color inactive, highlight, read, write, atomic, mismatch, divergent;
  Color shared_row, global_row, register_row;
  Color warp[8];
  Color warp_color(int index) const { return warp[((index % 8) + 8) % 8]; }
};

const Palette& palette(Theme theme);
bool parse_theme(const std::string& name, Theme& out);
const char* theme_name(Theme theme);

}  // namespace ws::gfx
