// The summed-area-table scene's run documents: the kit's RunJson filled with the table (small
// inputs), its checksum and the exact reference.
#pragma once

#include <vector>

#include "sat_input.h"
#include "sat_settings.h"
#include "scene_kit/run_json.h"

namespace ws::app {

// Tables up to this many cells go into the JSON whole; larger ones as checksums only.
inline constexpr int64_t kSatJsonCells = 64 * 64;

// A row-major table as rows of numbers.
nlohmann::json table_rows_json(const std::vector<double>& values, int width);
// Fills the run document of one table of channel 0 (`table` null: no run): input, result = the
// table (small) and its checksum, reference = the exact double table's, matches_reference = every
// entry equals the reference in the accumulation type (u32 modulo 2^32; f32 within the rounding
// the order allows, said in "reference_note"), and the summary.
void fill_sat_table(RunJson& doc, const SatSettings& s, const ImageInput& input,
                    const std::vector<double>* table, const char* mode);
// Fills the run document of the fused box filter's teach run at `radius` (`filtered` null: no
// run): input,
// result = the output image, reference = the direct filter's on the same bytes (the CPU),
// matches_reference = equal pixel for pixel, and the summary.
void fill_sat_fused_teach(RunJson& doc, int radius, const ImageInput& input,
                          const std::vector<double>* filtered);
// The checksum the documents use: the sum of the entries modulo 2^64 (u32 tables), or in double.
nlohmann::json table_checksum(const std::vector<double>& table, sat::Accum accum);

}  // namespace ws::app
