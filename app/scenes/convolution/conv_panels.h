// The panel pieces the convolution scene's modes share: the input (typed values, the book's
// example, a photo, a random image), the filter (a name sized by radius and sigma, or typed
// weights, and the ghost-cell rule), the variant with its comparison and tile, the notes. Each
// returns the edit the user made ({} for none).
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "conv_settings.h"

namespace ws::app {

nlohmann::json conv_input_controls(const ConvSettings& s);
nlohmann::json conv_filter_controls(const ConvSettings& s, bool boundary);
// `teach`: the tile edge and the comparison variant too.
nlohmann::json conv_variant_controls(const ConvSettings& s, bool teach);
// The lesson of the chapter in a few paragraphs (closed at first).
void conv_notes_panel();
// The ghost-cell rule in words, translated: "zero ghost cells", "clamped ghost cells", "mirrored
// ghost cells".
const char* boundary_phrase(conv::Boundary b);
// A value as students read it: whole numbers in full, others with up to 4 significant digits.
std::string conv_number(double v);

}  // namespace ws::app
