// What the scan scene's parameters set: one part per mode (the scan variants, stream compaction,
// radix sort, segmented scan). An edit reads the keys of the mode it asks for into that mode's part
// (each mode's *_settings.cpp), every key once; the other parts keep what they hold, so a switch
// back finds a mode as it was left.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "compact/compact.h"
#include "scan/scan.h"
#include "scene_kit/json_params.h"
#include "scene_kit/scene_inputs.h"
#include "segmented_scan/segmented_scan.h"

namespace ws::app {

// The diagrams the scan mode draws. Auto picks the one that fits the variant.
enum class ScanView : uint8_t { Auto, Network, Ranges, Levels, Timeline, Trace, Scaling };

// The scan mode's input: typed values or n seeded values, at most scan::kTeachMaxN.
InputLimits scan_input_limits();

struct ScanVariantsSettings {
  scan::Params params;
  InputSource input = InputSource::defaults(scan_input_limits());
  std::optional<scan::Variant> compare;  // drawn beside the variant at the same step
  ScanView view = ScanView::Auto;
  // Single-pass variants: record the block timeline at this many elements (record_timeline) and
  // draw it instead of the teach run's; 0 = the teach run's.
  int64_t record = 0;
};

// Compaction's input: typed values, random data, or an image's pixels (up to 4096).
InputLimits compact_input_limits();

struct CompactSettings {
  compact::Params params = {{compact::Predicate::Greater, 3}, ValueType::Int32, 0};
  InputSource input = InputSource::defaults(compact_input_limits());
};

// The radix sort's three figures: one split pass, the LSD passes, the multi-bit bucket table.
enum class RadixView : uint8_t { Split = 0, Lsd = 1, Buckets = 2 };

struct RadixSettings {
  // 4-bit keys with repeats (stability shows): every bucket of a 2-bit digit used, unevenly.
  std::string keys = "13 2 7 14 5 9 1 12 6 3 11 4 9 0 15 5";  // "" = n random keys
  int64_t n = 16;
  uint64_t seed = 1;
  int key_bits = 0;  // 0: what the keys need (typed keys) or 4 (random keys)
  int bit = 0;       // the split view's bit
  int radix_bits = 2;
  int block = 4;
  RadixView view = RadixView::Split;
};

struct SegmentedSettings {
  std::string segments = "[1 2] [6 7 1] [1 2 3 4]";
  segscan::Params params;
};

struct ScanSettings {
  ScanVariantsSettings scan;
  CompactSettings compact;
  RadixSettings radix;
  SegmentedSettings segmented;
};

// Each mode's keys read into its part, with messages naming the key, and its part as parameters.
void parse_scan_variants(ScanVariantsSettings& s, ParamReader& keys);
nlohmann::json scan_variants_json(const ScanVariantsSettings& s);
void parse_compact(CompactSettings& s, ParamReader& keys);
nlohmann::json compact_json(const CompactSettings& s);
void parse_radix(RadixSettings& s, ParamReader& keys);
nlohmann::json radix_json(const RadixSettings& s);
void parse_segmented(SegmentedSettings& s, ParamReader& keys);
nlohmann::json segmented_json(const SegmentedSettings& s);

// "inclusive" and "exclusive" (the scan and the segmented scan): whether the scan is inclusive,
// nullopt when the edit gives neither; both given and contradicting each other throw
// `contradiction`.
std::optional<bool> inclusive_param(ParamReader& keys, const std::string& contradiction);

}  // namespace ws::app
