// What the histogram scene's modes share: the input (the textbook's phrase, typed values, a text
// file, an image channel or seeded synthetic samples), the bins, the variant and its launch, the
// injected race and the image mode's equalization. The modes hold one HistogramSettings together,
// so switching modes keeps all of it.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "histogram/histogram.h"

namespace ws::app {

inline constexpr const char* kHistogramSceneId = "histogram";
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

struct HistogramSettings {
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

  histogram::Variant variant = histogram::Variant::GlobalAtomic;
  histogram::TeachParams teach;   // block_dim, grid_dim, coarsening, inject_race (teach mode)
  histogram::LaunchShape launch;  // full-size runs

  bool equalize = true;  // image mode: show the equalized image beside the original

  // What the input is, for headers and JSON: "text (41 chars)", "blackmarble_night.jpg (r)",
  // "zipf 1.2, 256 samples, seed 1".
  std::string input_label() const;
};

// The parameters as JSON (the keys of every mode; "mode" is added by the scene).
nlohmann::json histogram_params_json(const HistogramSettings& s);
// `j` read over `current`; nothing changes on a bad key or value (ws::Error names it and says
// what is accepted).
HistogramSettings parse_histogram_params(const HistogramSettings& current, const nlohmann::json& j);

}  // namespace ws::app
