// The summed-area-table scene's run documents and benchmark: the kit's RunJson filled with the
// table (small inputs), its checksum and the exact reference, and the bench job of every mode.
#pragma once

#include <vector>

#include "sat_input.h"
#include "sat_settings.h"
#include "scene_kit/bench_report.h"
#include "scene_kit/run_json.h"

namespace ws::app {

// Tables up to this many cells go into the JSON whole; larger ones as checksums only.
inline constexpr int64_t kSatJsonCells = 64 * 64;

// A row-major table as rows of numbers.
nlohmann::json table_rows_json(const std::vector<double>& values, int width);
// The run document of one table of channel 0 (`table` null: no run): result = the table (small)
// and its checksum, reference = the exact double table's, matches_reference = every entry equals
// the reference in the accumulation type (u32 modulo 2^32; f32 within the rounding the order
// allows, said in "reference_note").
RunJson sat_table_json(const SatSettings& s, Backend backend, const SatInput& input,
                       const std::vector<double>* table, const char* mode);
// The checksum the documents use: the sum of the entries modulo 2^64 (u32 tables), or in double.
nlohmann::json table_checksum(const std::vector<double>& table, sat::Accum accum);

// `warpscope bench --scene sat`: every variant (or --variant's) at each size (--sizes N or WxH;
// default 1024, 4096, 8192) and type (--type u8, f32, f32-f64; default u8 and f32), GB/s and %
// of copy, next to CUB by rows and columns and NPP's integral when it is installed; then the box
// filter through the table at r = 4 and 64 on the largest size.
BenchJob sat_bench_job(const BenchRequest& request, const SatSettings& s);

}  // namespace ws::app
