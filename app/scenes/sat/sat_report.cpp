#include "sat_report.h"

#include <algorithm>
#include <cmath>

#include "sat/sat_filter_cpu.h"

namespace ws::app {

nlohmann::json table_rows_json(const std::vector<double>& values, int width) {
  nlohmann::json rows = nlohmann::json::array();
  for (size_t i = 0; width > 0 && i < values.size(); i += width)
    rows.push_back(std::vector<double>(values.begin() + i, values.begin() + i + width));
  return rows;
}

nlohmann::json table_checksum(const std::vector<double>& table, sat::Accum accum) {
  if (accum == sat::Accum::U8U32) {
    uint64_t sum = 0;
    for (double v : table) sum += static_cast<uint64_t>(v);
    return sum;
  }
  double sum = 0;
  for (double v : table) sum += v;
  return sum;
}

namespace {

// Whether `table` is the reference as the accumulation type holds it: u32 modulo 2^32, f64
// exactly, f32 within float rounding of each partial sum (a relative 2^-24 per addition along the
// longest chain, w + h additions).
bool matches(const std::vector<double>& table, const std::vector<double>& reference,
             sat::Accum accum, int w, int h) {
  if (table.size() != reference.size()) return false;
  for (size_t i = 0; i < table.size(); ++i) {
    const double r = reference[i];
    switch (accum) {
      case sat::Accum::U8U32:
        if (table[i] != std::fmod(r, 4294967296.0)) return false;
        break;
      case sat::Accum::F32F64:
        if (table[i] != r) return false;
        break;
      case sat::Accum::F32F32:
        if (std::abs(table[i] - r) > std::abs(r) * (w + h + 2) * 0x1p-24 + 1e-30) return false;
        break;
    }
  }
  return true;
}

}  // namespace

namespace {

// The run document's input: its source, size, channels and (small inputs) its values.
void fill_sat_input(RunJson& doc, const ImageInput& input) {
  doc.input = {{"source", input.label},
               {"width", input.width},
               {"height", input.height},
               {"channels", input.channels}};
  if (input.pixels() <= kSatJsonCells && !input.planes.empty())
    doc.input["values"] = table_rows_json(
        std::vector<double>(input.planes.begin(), input.planes.begin() + input.pixels()),
        input.width);
}

}  // namespace

void fill_sat_fused_teach(RunJson& doc, int radius, const ImageInput& input,
                          const std::vector<double>* filtered) {
  fill_sat_input(doc, input);
  const std::string what = "sat teach fused r " + std::to_string(radius) + " " +
                           std::to_string(input.width) + "x" + std::to_string(input.height);
  if (!filtered) {
    doc.summary = what + ": no run";
    return;
  }
  // The reference: the direct filter (the whole window summed) on the same bytes.
  const sat::Plane plane = sat_plane(input, 0);
  const std::vector<uint8_t> bytes(plane.values.begin(), plane.values.end());
  std::vector<uint8_t> direct(bytes.size());
  sat::FilterParams box;  // the radius alone: the teach run has no depth of field
  box.radius = radius;
  sat::filter_direct_cpu(bytes.data(), input.width, input.height, box, nullptr, direct.data());
  const std::vector<double> reference(direct.begin(), direct.end());
  doc.result = {{"radius", radius},
                {"checksum", table_checksum(*filtered, sat::Accum::U8U32)},
                {"filtered", table_rows_json(*filtered, input.width)}};
  doc.reference = {{"method", "direct (cpu)"},
                   {"checksum", table_checksum(reference, sat::Accum::U8U32)},
                   {"filtered", table_rows_json(reference, input.width)}};
  doc.matches_reference = *filtered == reference;
  doc.summary = what + (doc.matches_reference ? ": the output equals the direct filter's"
                                              : ": the output DIFFERS from the direct filter's");
}

void fill_sat_table(RunJson& doc, const SatSettings& s, const ImageInput& input,
                    const std::vector<double>* table, const char* mode) {
  fill_sat_input(doc, input);
  const std::string variant = sat::info(s.variant).id;
  if (!table) {
    doc.summary = std::string("sat ") + mode + ": no run";
    return;
  }
  const std::vector<double> reference = sat::sat_reference(sat_plane(input, 0));
  const bool small = input.pixels() <= kSatJsonCells;
  doc.result = {{"checksum", table_checksum(*table, s.accum)},
                {"total", table->empty() ? 0.0 : table->back()}};
  if (small) doc.result["sat"] = table_rows_json(*table, input.width);
  doc.reference = {{"checksum", table_checksum(reference, sat::Accum::F32F64)},
                   {"total", reference.empty() ? 0.0 : reference.back()}};
  if (small) doc.reference["sat"] = table_rows_json(reference, input.width);
  const bool ok = matches(*table, reference, s.accum, input.width, input.height);
  if (s.accum != sat::Accum::U8U32) {
    // The precision the table lost against the exact sums (0 for f64 at these sizes).
    double worst = 0;
    for (size_t i = 0; i < table->size(); ++i)
      worst = std::max(worst, std::abs((*table)[i] - reference[i]));
    doc.extra["table_max_abs_error"] = worst;
  }
  doc.matches_reference = ok;
  if (s.accum == sat::Accum::U8U32)
    doc.extra["reference_note"] = "u32 tables are compared modulo 2^32";
  else if (s.accum == sat::Accum::F32F32)
    doc.extra["reference_note"] =
        "f32 tables are compared within float rounding along the longest addition chain";
  doc.summary = std::string("sat ") + mode + " " + variant + " " + sat::accum_name(s.accum) + " " +
                std::to_string(input.width) + "x" + std::to_string(input.height) + ": total " +
                nlohmann::json(table->back()).dump() +
                (!ok                             ? ", DIFFERS from the double reference"
                 : s.accum == sat::Accum::F32F32 ? ", within float rounding of the double reference"
                                                 : ", matches the double reference");
}

}  // namespace ws::app
