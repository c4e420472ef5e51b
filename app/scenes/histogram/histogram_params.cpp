// The histogram scene's parameters as JSON: one parser for the command line (every value a
// string), sessions and the panels of every mode.
//
// Changing the kind of input (text, values, file, image, or synthetic: any of dist / n / skew /
// seed) resets the bins to that kind's defaults; bins, range or width given with it then change
// those parts, and a new input of the same kind keeps the bins:
// clang-format off
//   text, text file   the textbook's bins: 7 bins of four letters from 'a', cut at 'z' (a-d ... y-z)
//   image             256 bins over [0, 256): one per 8-bit value
//   synthetic         256 bins over [0, 256) (the samples are drawn over the bins' range)
//   values            the range of the data (auto): bins of width 1 when every value is a whole
//                     number and they span fewer than 256, else 32 equal bins
// clang-format on
// `bins` alone makes equal bins over the current range; `width` W > 0 makes bins of width W from
// lo (the last one cut at hi) and wins over `bins`; `range` is LO,HI or auto (min..max of the
// data; not for synthetic samples, which are drawn over the range).
#include <cmath>
#include <set>

#include "common/error.h"
#include "histogram_settings.h"
#include "scene_kit/json_params.h"

namespace ws::app {

namespace hg = ws::histogram;

const char* source_name(HistogramSource s) {
  switch (s) {
    case HistogramSource::Text:
      return "text";
    case HistogramSource::Values:
      return "values";
    case HistogramSource::TextFile:
      return "text-file";
    case HistogramSource::Image:
      return "image";
    case HistogramSource::Synthetic:
      return "synthetic";
  }
  return "?";
}

namespace {

// Enough digits that the text reads back as the same float (a range saved in a session or
// restored after a refused edit keeps its bins), and no more.
std::string short_number(double v) {
  char text[32];
  std::snprintf(text, sizeof text, "%.9g", v);
  return text;
}

std::string file_name(const std::string& path) {
  const size_t slash = path.find_last_of('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

std::string dist_text(hg::Dist d, double skew) {
  std::string t = hg::dist_name(d);
  if (d == hg::Dist::Zipf) t += ":" + short_number(skew);
  return t;
}

bool parse_source(const std::string& text, HistogramSource& out) {
  for (HistogramSource s :
       {HistogramSource::Text, HistogramSource::Values, HistogramSource::TextFile,
        HistogramSource::Image, HistogramSource::Synthetic})
    if (text == source_name(s)) {
      out = s;
      return true;
    }
  return false;
}

// The bins a source starts with (see the top of this file).
void source_default_bins(HistogramSettings& s) {
  switch (s.source) {
    case HistogramSource::Text:
    case HistogramSource::TextFile:
      s.bins = 7;
      s.lo = 'a';
      s.hi = 'z' + 1;
      s.width = 4;
      s.auto_range = false;
      return;
    case HistogramSource::Image:
    case HistogramSource::Synthetic:
      s.bins = 256;
      s.lo = 0;
      s.hi = 256;
      s.width = 0;
      s.auto_range = false;
      return;
    case HistogramSource::Values: {
      s.auto_range = true;
      s.width = 0;
      s.bins = 32;
      const hg::Samples v = hg::parse_samples(s.values);
      double lo = 0, hi = 0;
      hg::sample_range(v, lo, hi);
      bool whole = true;
      for (float x : v.f32) whole = whole && x == std::floor(x);
      if (whole && hi - lo < 256) s.width = 1;
      return;
    }
  }
}

}  // namespace

std::string HistogramSettings::input_label() const {
  switch (source) {
    case HistogramSource::Text:
      return "text (" + std::to_string(text.size()) + " chars)";
    case HistogramSource::Values:
      return "typed values";
    case HistogramSource::TextFile:
      return file_name(file) + " (text file)";
    case HistogramSource::Image:
      return file_name(file) + " (" + channel + ")";
    case HistogramSource::Synthetic:
      return std::string(hg::dist_name(dist)) +
             (dist == hg::Dist::Zipf ? " " + short_number(skew) : std::string()) + ", " +
             std::to_string(n) + " samples, seed " + std::to_string(seed);
  }
  return "?";
}

nlohmann::json histogram_params_json(const HistogramSettings& s) {
  return {
      {"source", source_name(s.source)},
      {"text", s.text},
      {"values", s.values},
      {"file", s.source == HistogramSource::TextFile ? s.file : ""},
      {"image", s.source == HistogramSource::Image ? s.file : ""},
      {"channel", s.channel},
      {"dist", dist_text(s.dist, s.skew)},
      {"skew", s.skew},
      {"n", s.n},
      {"seed", s.seed},
      {"bins", s.bins},
      {"range", s.auto_range ? std::string("auto") : short_number(s.lo) + "," + short_number(s.hi)},
      {"width", s.width},
      {"variant", hg::info(s.variant).id},
      {"block", s.teach.block_dim},
      {"grid", s.teach.grid_dim},
      {"coarsening", s.teach.coarsening},
      {"race", s.teach.inject_race},
      {"equalize", s.equalize}};
}

HistogramSettings parse_histogram_params(const HistogramSettings& current,
                                         const nlohmann::json& j) {
  reject_unknown_keys(j, {"mode",    "source", "text", "values",     "file", "image",   "channel",
                          "dist",    "skew",   "n",    "seed",       "bins", "range",   "width",
                          "variant", "block",  "grid", "coarsening", "race", "equalize"},
                      kHistogramSceneId);
  HistogramSettings s = current;
  // The input: the source named, or the one the keys given imply.
  std::set<std::string> implied;
  if (j.contains("text")) {
    s.text = json_string(j, "text");
    implied.insert("--text");
  }
  if (j.contains("values")) {
    s.values = json_string(j, "values");
    implied.insert("--values");
  }
  std::string file, image;
  if (j.contains("file")) file = json_string(j, "file");
  if (j.contains("image")) image = json_string(j, "image");
  if (!file.empty()) implied.insert("--file");
  if (!image.empty()) implied.insert("--image");
  if (j.contains("channel")) {
    s.channel = json_string(j, "channel");
    if (s.channel != "luminance" && s.channel != "r" && s.channel != "g" && s.channel != "b")
      throw Error("--channel: expected luminance, r, g or b, got '" + s.channel + "'");
  }
  if (j.contains("dist")) {
    const std::string d = json_string(j, "dist");
    double skew = s.skew;
    if (!hg::parse_dist(d, s.dist, skew))
      throw Error(
          "--dist: expected uniform, normal, zipf:S (S the skew, e.g. zipf:1.2), "
          "all-equal or sorted, got '" +
          d + "'");
    s.skew = skew;
    implied.insert("--dist");
  }
  if (j.contains("skew")) {
    s.skew = json_double(j, "skew", 0, 10);
    implied.insert("--skew");
  }
  if (j.contains("n")) {
    s.n = json_int(j, "n", 1, hg::kMaxSamples);
    implied.insert("--n");
  }
  if (j.contains("seed")) {
    s.seed = static_cast<uint64_t>(json_int(j, "seed", 0, INT64_MAX));
    implied.insert("--seed");
  }
  bool source_given = false;
  if (j.contains("source")) {
    const std::string name = json_string(j, "source");
    if (!parse_source(name, s.source))
      throw Error("--source: expected text, values, text-file, image or synthetic, got '" + name +
                  "'");
    source_given = true;
  } else if (!implied.empty()) {
    const bool synthetic = implied.count("--dist") || implied.count("--skew") ||
                           implied.count("--n") || implied.count("--seed");
    const int inputs = int(implied.count("--text")) + int(implied.count("--values")) +
                       int(implied.count("--file")) + int(implied.count("--image")) +
                       int(synthetic);
    if (inputs > 1) {
      std::string given;
      for (const std::string& k : implied) given += (given.empty() ? "" : ", ") + k;
      throw Error(
          "one input at a time: --text, --values, --file (a text file), --image or "
          "synthetic samples (--dist, --n, --skew, --seed); got " +
          given);
    }
    s.source = implied.count("--text")     ? HistogramSource::Text
               : implied.count("--values") ? HistogramSource::Values
               : implied.count("--file")   ? HistogramSource::TextFile
               : implied.count("--image")  ? HistogramSource::Image
                                           : HistogramSource::Synthetic;
    source_given = true;
  }
  if (s.source == HistogramSource::TextFile && !file.empty()) s.file = file;
  if (s.source == HistogramSource::Image && !image.empty()) s.file = image;
  // The input itself, checked here so a bad one never replaces a good one.
  if (s.source == HistogramSource::Text && s.text.empty())
    throw Error("--text: the text is empty; type at least one character (e.g. the textbook's \"" +
                std::string(kTextbookPhrase) + "\")");
  if (s.source == HistogramSource::Values) {
    if (s.values.find_first_not_of(" \t\r\n,") == std::string::npos)
      throw Error(
          "--values: no numbers given; type numbers separated by spaces or commas, e.g. "
          "\"1 2 2 3 7\"");
    try {
      (void)hg::parse_samples(s.values);
    } catch (const std::exception& e) {
      throw Error(std::string("--values: ") + e.what());
    }
  }
  if ((s.source == HistogramSource::TextFile || s.source == HistogramSource::Image) &&
      s.file.empty())
    throw Error(std::string(s.source == HistogramSource::Image ? "--image" : "--file") +
                ": no file given (a path, or a shipped asset's name)");

  // The bins: the new source's defaults when the kind of input changes (a range of letters means
  // nothing to pixels), then what was given with it (`--dist sorted --bins 16`: 16 bins over the
  // synthetic range). A new text, skew or seed for the same kind keeps the user's bins.
  if (source_given && current.source != s.source) source_default_bins(s);
  if (j.contains("bins")) {
    s.bins = static_cast<int>(json_int(j, "bins", 1, hg::kMaxBins));
    if (!j.contains("width")) s.width = 0;
  }
  if (j.contains("range")) {
    if (json_string(j, "range") == "auto") {
      s.auto_range = true;
    } else {
      const auto [lo, hi] = json_range(j, "range");
      s.lo = lo;
      s.hi = hi;
      s.auto_range = false;
    }
  }
  if (j.contains("width")) s.width = json_double(j, "width", 0, 1e30);
  if (s.auto_range && s.source == HistogramSource::Synthetic)
    throw Error(
        "--range auto: synthetic samples are drawn over the bins' range; give --range "
        "LO,HI (e.g. 0,256)");
  if (!s.auto_range) {
    // The same checks as the run's (count 1..65536, lo < hi, a width that gives at most 65536).
    try {
      if (s.width > 0)
        (void)hg::make_bins_by_width(s.lo, s.hi, s.width);
      else
        (void)hg::make_bins(s.bins, s.lo, s.hi);
    } catch (const std::exception& e) {
      throw Error(std::string("bins (--bins, --range, --width): ") + e.what());
    }
  }

  if (j.contains("variant")) {
    const std::string v = json_string(j, "variant");
    if (!hg::parse_variant(v, s.variant)) {
      std::string ids;
      for (const auto& i : hg::variant_infos())
        ids += (ids.empty() ? "" : ", ") + std::string(i.id);
      throw Error("--variant: expected 1-8 or one of " + ids + ", got '" + v + "'");
    }
  }
  // The launch: the same keys set teach mode's and the full-size runs' (each mode checks its own
  // limits); grid 0 and coarsening 0 mean the variant's own choice.
  if (j.contains("block")) {
    const int b = static_cast<int>(json_int(j, "block", 32, 1024));
    if (b % 32 != 0)
      throw Error("--block: expected a multiple of 32 (whole warps), 32..1024, got " +
                  std::to_string(b));
    s.teach.block_dim = s.launch.block_dim = b;
  }
  if (j.contains("grid"))
    s.teach.grid_dim = s.launch.grid_dim = static_cast<int>(json_int(j, "grid", 0, 1 << 30));
  if (j.contains("coarsening"))
    s.teach.coarsening = s.launch.coarsening = static_cast<int>(json_int(j, "coarsening", 0, 4096));
  if (j.contains("race")) s.teach.inject_race = json_bool(j, "race");
  if (j.contains("equalize")) s.equalize = json_bool(j, "equalize");
  return s;
}

}  // namespace ws::app
