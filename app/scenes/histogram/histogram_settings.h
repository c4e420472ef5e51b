// What the histogram scene's parameters set, shared by its modes: the input (the textbook's
// phrase, typed values, a text file, an image channel or seeded synthetic samples) and its bins,
// the variant and its launch, the injected race and the image mode's equalization; and what a
// switch between the modes hands over (the teaching input the contention mode replaced, the
// variant the image mode replaced), kept here so a refused edit rolls it back with the rest.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "histogram/histogram.h"

namespace ws::app {

// PMPP 9.1's example: 7 bins of four letters give 5 5 6 10 10 1 1 over its 38 letters.
inline constexpr const char* kTextbookPhrase = "programming massively parallel processors";

enum class HistogramSource : uint8_t {
  Text = 0,       // `text`
  Values = 1,     // `values`: typed numbers
  TextFile = 2,   // `file`: a text file's bytes, as `text`
  Image = 3,      // `file`: an image (shipped asset name or path), channel `channel`
  Synthetic = 4,  // `dist`, `skew`, `n`, `seed`
};
const char* source_name(HistogramSource s);  // "text", "values", "text-file", "image", "synthetic"

// The input and its bins: what a switch to the contention mode may replace and give back.
struct HistogramData {
  HistogramSource source = HistogramSource::Text;
  std::string text = kTextbookPhrase;
  std::string values;
  std::string file;                   // the text file or image of the two file sources
  std::string channel = "luminance";  // image: luminance | r | g | b
  histogram::Dist dist = histogram::Dist::Zipf;
  double skew = 1.2;
  int64_t n = 256;
  uint64_t seed = 1;
  // Bins: `bins` equal bins over [lo, hi), or bins of `width` from lo when width > 0; with
  // auto_range the range is the data's min..max.
  int bins = 7;
  double lo = 'a', hi = 'z' + 1;
  double width = 4;
  bool auto_range = false;

  bool operator==(const HistogramData& o) const;
  bool operator!=(const HistogramData& o) const { return !(*this == o); }
};

struct HistogramSettings : HistogramData {
  histogram::Variant variant = histogram::Variant::GlobalAtomic;
  histogram::TeachParams teach;   // block_dim, grid_dim, coarsening, inject_race (teach mode)
  histogram::LaunchShape launch;  // full-size runs
  bool equalize = true;           // image mode: show the equalized image beside the original

  // The teaching input a switch to the contention mode replaced (the textbook's phrase gives way
  // to 2^20 Zipf samples), given back on the way to teach mode unless the input changed since.
  struct Stash {
    HistogramData teaching, replaced_by;
  };
  std::optional<Stash> stash;
  // The variant the image mode replaced with the fastest, given back on the way to teach mode.
  std::optional<histogram::Variant> variant_before_image;

  // What the input is, for headers and JSON: "text (41 chars)", "blackmarble_night.jpg (r)",
  // "zipf 1.2, 256 samples, seed 1".
  std::string input_label() const;
};

// The parameters as JSON (teach mode's launch; "mode" is added by the scene).
nlohmann::json histogram_params_json(const HistogramSettings& s);
// A number with enough digits to read back as the same float ("0.1", "1e+06"), and no more.
std::string short_number(double v);

}  // namespace ws::app
