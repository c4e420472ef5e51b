// The histogram scene's parameters: one parse for the command line (every value a string),
// sessions and the panels of every mode, each key read once; teach mode's limits as one table; and
// what a switch between the modes hands over.
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
#include <tuple>

#include "common/error.h"
#include "histogram_scene.h"
#include "scene_kit/json_params.h"
#include "common/variant_table.h"

namespace ws::app {

namespace hg = ws::histogram;

std::string short_number(double v) {
  char text[32];
  std::snprintf(text, sizeof text, "%.9g", v);
  return text;
}

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

bool HistogramData::operator==(const HistogramData& o) const {
  auto tied = [](const HistogramData& d) {
    return std::tie(d.source, d.text, d.values, d.file, d.channel, d.dist, d.skew, d.n, d.seed,
                    d.bins, d.lo, d.hi, d.width, d.auto_range);
  };
  return tied(*this) == tied(o);
}

namespace {

// The keys that choose the input (any of them gives the scene another input).
const char* const kInputKeys[] = {"source", "text", "values", "file", "image",
                                  "dist",   "skew", "n",      "seed"};

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
void source_default_bins(HistogramData& s) {
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

// The bins the settings describe, checked as the run checks them (count 1..65536, lo < hi, a
// width that gives at most 65536) before the run.
void check_bins(const HistogramData& s) {
  if (s.auto_range && s.source == HistogramSource::Synthetic)
    throw Error(
        "--range auto: synthetic samples are drawn over the bins' range; give --range "
        "LO,HI (e.g. 0,256)");
  if (s.auto_range) return;
  try {
    if (s.width > 0)
      (void)hg::make_bins_by_width(s.lo, s.hi, s.width);
    else
      (void)hg::make_bins(s.bins, s.lo, s.hi);
  } catch (const std::exception& e) {
    throw Error(std::string("bins (--bins, --range, --width): ") + e.what());
  }
}

// The input itself, checked here so a bad one never replaces a good one.
void check_input(const HistogramData& s) {
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
}

// The source the input keys of an edit name or imply; false when they name none.
bool read_source(HistogramSettings& s, ParamReader& keys, const std::set<std::string>& implied) {
  if (const auto name = keys.text("source")) {
    if (!parse_source(*name, s.source))
      throw Error("--source: expected text, values, text-file, image or synthetic, got '" + *name +
                  "'");
    return true;
  }
  if (implied.empty()) return false;
  const bool synthetic = implied.count("--dist") || implied.count("--skew") ||
                         implied.count("--n") || implied.count("--seed");
  const int inputs = int(implied.count("--text")) + int(implied.count("--values")) +
                     int(implied.count("--file")) + int(implied.count("--image")) + int(synthetic);
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
  return true;
}

// The input keys: the source named, or the one the keys given imply; returns the image given
// ("" for none).
std::string read_input(HistogramSettings& s, ParamReader& keys) {
  const HistogramSource before = s.source;
  std::set<std::string> implied;
  if (const auto text = keys.text("text")) {
    s.text = *text;
    implied.insert("--text");
  }
  if (const auto values = keys.text("values")) {
    s.values = *values;
    implied.insert("--values");
  }
  const std::string file = keys.text("file").value_or("");
  const std::string image = keys.text("image").value_or("");
  if (!file.empty()) implied.insert("--file");
  if (!image.empty()) implied.insert("--image");
  if (const auto channel = keys.text("channel")) {
    s.channel = *channel;
    if (s.channel != "luminance" && s.channel != "r" && s.channel != "g" && s.channel != "b")
      throw Error("--channel: expected luminance, r, g or b, got '" + s.channel + "'");
  }
  if (const auto d = keys.text("dist")) {
    double skew = s.skew;
    if (!hg::parse_dist(*d, s.dist, skew))
      throw Error(
          "--dist: expected uniform, normal, zipf:S (S the skew, e.g. zipf:1.2), "
          "all-equal or sorted, got '" +
          *d + "'");
    s.skew = skew;
    implied.insert("--dist");
  }
  if (const auto skew = keys.number("skew", 0, 10)) {
    s.skew = *skew;
    implied.insert("--skew");
  }
  if (const auto n = keys.integer("n", 1, hg::kMaxSamples)) {
    s.n = *n;
    implied.insert("--n");
  }
  if (const auto seed = keys.integer("seed", 0, INT64_MAX)) {
    s.seed = static_cast<uint64_t>(*seed);
    implied.insert("--seed");
  }
  const bool source_given = read_source(s, keys, implied);
  if (s.source == HistogramSource::TextFile && !file.empty()) s.file = file;
  if (s.source == HistogramSource::Image && !image.empty()) s.file = image;
  check_input(s);
  // The bins: the new source's defaults when the kind of input changes (a range of letters means
  // nothing to pixels), then what was given with it (`--dist sorted --bins 16`: 16 bins over the
  // synthetic range). A new text, skew or seed for the same kind keeps the user's bins.
  if (source_given && before != s.source) source_default_bins(s);
  return image;
}

void read_bins(HistogramSettings& s, ParamReader& keys) {
  if (const auto bins = keys.integer("bins", 1, hg::kMaxBins)) {
    s.bins = static_cast<int>(*bins);
    if (!keys.has("width")) s.width = 0;
  }
  if (const auto range = keys.text("range")) {
    if (*range == "auto") {
      s.auto_range = true;
    } else {
      const auto [lo, hi] = json_range({{"range", *range}}, "range");
      s.lo = lo;
      s.hi = hi;
      s.auto_range = false;
    }
  }
  if (const auto width = keys.number("width", 0, 1e30)) s.width = *width;
  check_bins(s);
}

// The variant and the launch: the same keys set teach mode's and the full-size runs' (each mode's
// limits check its own); grid 0 and coarsening 0 mean the variant's own choice.
void read_variant(HistogramSettings& s, ParamReader& keys) {
  if (const auto v = keys.text("variant")) {
    if (!hg::parse_variant(*v, s.variant)) {
      throw Error("--variant: expected 1-8 or one of " + variant_id_list(hg::variant_infos()) +
                  ", got '" + *v + "'");
    }
  }
  if (const auto block = keys.integer("block", 32, 1024)) {
    const int b = static_cast<int>(*block);
    if (b % 32 != 0)
      throw Error("--block: expected a multiple of 32 (whole warps), 32..1024, got " +
                  std::to_string(b));
    s.teach.block_dim = s.launch.block_dim = b;
  }
  if (const auto grid = keys.integer("grid", 0, 1 << 30))
    s.teach.grid_dim = s.launch.grid_dim = static_cast<int>(*grid);
  if (const auto c = keys.integer("coarsening", 0, 4096))
    s.teach.coarsening = s.launch.coarsening = static_cast<int>(*c);
  if (const auto race = keys.flag("race")) s.teach.inject_race = *race;
  if (const auto equalize = keys.flag("equalize")) s.equalize = *equalize;
}

bool is_textbook(const HistogramData& s) {
  return s.source == HistogramSource::Text && s.text == kTextbookPhrase;
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

void HistogramScene::parse(HistogramSettings& s, ParamReader& keys, std::string& mode) const {
  const std::string image = read_input(s, keys);
  read_bins(s, keys);
  read_variant(s, keys);
  // An image teach mode cannot show whole goes to the contention mode.
  if (!keys.has("mode") && mode == "teach" && !image.empty()) mode = "contention";
}

nlohmann::json HistogramScene::to_json(const HistogramSettings& s, const std::string& mode) const {
  nlohmann::json j = histogram_params_json(s);
  if (mode == "contention") {  // the full-size launch
    j["block"] = s.launch.block_dim;
    j["grid"] = s.launch.grid_dim;
    j["coarsening"] = s.launch.coarsening;
  }
  return j;
}

void HistogramScene::on_switch(HistogramSettings& s, const std::string& /*from*/,
                               const std::string& to, const ParamReader& keys) const {
  bool input_given = false;
  for (const char* k : kInputKeys) input_given = input_given || keys.has(k);
  const bool bins_given = keys.has("bins") || keys.has("range") || keys.has("width");
  const HistogramSettings& shown = settings();  // before this edit
  if (to == "teach") {
    // The teaching input comes back when the input is still what replaced it, and this edit
    // names no other. (The teach limits' fits then shrink what a traced run cannot draw.)
    if (s.stash && !input_given && !bins_given &&
        static_cast<const HistogramData&>(shown) == s.stash->replaced_by)
      static_cast<HistogramData&>(s) = s.stash->teaching;
    s.stash.reset();
    if (s.variant_before_image && !keys.has("variant") && s.variant == hg::Variant::WarpAggregated)
      s.variant = *s.variant_before_image;
    s.variant_before_image.reset();
    return;
  }
  // The contention and image modes want a full-size input: the textbook's phrase gives way to a
  // million Zipf samples over 256 bins (the user's own input stays; what the edit gives wins),
  // and a teaching launch to the full-size one.
  s.stash.reset();
  if (to == "contention" && is_textbook(shown)) {
    if (!input_given) s.source = HistogramSource::Synthetic;
    if (!keys.has("dist")) {
      s.dist = hg::Dist::Zipf;
      if (!keys.has("skew")) s.skew = 1.2;
    }
    if (!keys.has("n")) s.n = int64_t{1} << 20;
    if (!input_given) {
      if (!keys.has("bins")) s.bins = 256;
      if (!keys.has("range")) {
        s.lo = 0;
        s.hi = 256;
        s.auto_range = false;
      }
      if (!keys.has("width")) s.width = 0;
    }
    if (!input_given && !bins_given) s.stash = HistogramSettings::Stash{shown, s};
    check_bins(s);
  }
  if (!keys.has("block")) s.launch.block_dim = 256;
  if (!keys.has("grid")) s.launch.grid_dim = 0;
  if (!keys.has("coarsening")) s.launch.coarsening = 0;
  // A photograph's histograms with the teaching default (global atomics, tens of milliseconds)
  // would make the image mode feel broken: it starts on the fastest variant, and teach mode gets
  // the variant back.
  if (to == "image" && s.variant == hg::Variant::GlobalAtomic && !keys.has("variant")) {
    s.variant_before_image = s.variant;
    s.variant = hg::Variant::WarpAggregated;
  }
}

}  // namespace ws::app
