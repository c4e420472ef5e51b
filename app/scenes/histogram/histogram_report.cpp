#include "histogram_report.h"

#include <algorithm>

#include "histogram_strings.h"
#include "i18n/i18n.h"

namespace ws::app {

namespace hg = ws::histogram;

namespace {

// The bin with the longest chain (the hottest one when it has it).
int chain_bin(const BinContention& c) {
  int bin = c.hottest_bin;
  if (bin < 0 || bin >= static_cast<int>(c.chain.size()) || c.chain[size_t(bin)] != c.longest_chain)
    bin = static_cast<int>(std::max_element(c.chain.begin(), c.chain.end()) - c.chain.begin());
  return bin;
}

}  // namespace

std::string contention_line_text(hg::Variant v, const BinContention& c, const hg::BinSpec& bins,
                                 bool letters) {
  std::string line =
      trf("variant {0}: {1}", int(v),
          histogram_counted(c.total_atomics, TR_NOOP("{0} atomic"), TR_NOOP("{0} atomics")));
  if (c.longest_chain > 0) {
    const int bin = chain_bin(c);
    const std::string range = bin_range_text(bins, bin, letters);
    line += range == std::to_string(bin)
                ? trf(", longest chain {0} on bin {1}", c.longest_chain, bin)
                : trf(", longest chain {0} on bin {1} ({2})", c.longest_chain, bin, range);
  }
  return line;
}

std::string contention_line(hg::Variant v, const BinContention& c, const hg::BinSpec& bins,
                            bool letters) {
  std::string line = "variant " + std::to_string(int(v)) + ": " + std::to_string(c.total_atomics) +
                     " atomic" + (c.total_atomics == 1 ? "" : "s");
  if (c.longest_chain > 0) {
    int bin = c.hottest_bin;
    if (bin < 0 || bin >= static_cast<int>(c.chain.size()) ||
        c.chain[size_t(bin)] != c.longest_chain)
      bin = static_cast<int>(std::max_element(c.chain.begin(), c.chain.end()) - c.chain.begin());
    const std::string range = bin_range_text(bins, bin, letters);
    line += ", longest chain " + std::to_string(c.longest_chain) + " on bin " +
            std::to_string(bin) + (range == std::to_string(bin) ? "" : " (" + range + ")");
  }
  return line;
}

RunJson histogram_run_json(const HistogramSettings& s, Backend backend, const HistogramInput& in,
                           const std::vector<uint32_t>* counts,
                           const std::vector<uint32_t>& reference, const BinContention& contention,
                           const char* mode) {
  RunJson doc;
  doc.scene = kHistogramSceneId;
  doc.params = histogram_params_json(s);
  doc.params["mode"] = mode;
  doc.backend = backend;
  nlohmann::json input = {{"label", in.label},
                          {"source", source_name(s.source)},
                          {"samples", in.samples.size()},
                          {"total", in.total},
                          {"truncated", in.truncated},
                          {"sample_type", hg::sample_type_name(in.samples.type)}};
  if (in.image_width > 0) input["image"] = {{"width", in.image_width}, {"height", in.image_height}};
  if (in.samples.size() <= hg::kTeachMaxSamples) {
    nlohmann::json values = nlohmann::json::array();
    for (int64_t i = 0; i < in.samples.size(); ++i) values.push_back(in.samples.at(i));
    input["values"] = std::move(values);
  }
  doc.input = std::move(input);
  doc.reference = {{"counts", reference}, {"in_range", hg::in_range(reference)}};
  if (counts) {
    doc.result = {{"counts", *counts}, {"in_range", hg::in_range(*counts)}};
    doc.matches_reference = *counts == reference;
  }
  const hg::BinSpec& b = in.bins;
  doc.extra["bins"] = {{"count", b.count}, {"lo", b.lo}, {"hi", b.hi}, {"width", b.width()}};
  doc.extra["variant"] = {{"id", hg::info(s.variant).id},
                          {"number", int(s.variant)},
                          {"title", hg::info(s.variant).title}};
  doc.extra["contention"] = {{"atomics", contention.atomics},
                             {"chain", contention.chain},
                             {"total_atomics", contention.total_atomics},
                             {"longest_chain", contention.longest_chain},
                             {"hottest_bin", contention.hottest_bin},
                             {"from", contention.source}};
  doc.summary = contention_line(s.variant, contention, b, in.letters) + " on " + in.label;
  if (counts)
    doc.summary += *counts == reference ? "; counts match the sequential reference"
                                        : "; counts DIFFER from the sequential reference";
  return doc;
}

}  // namespace ws::app
