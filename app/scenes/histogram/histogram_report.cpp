#include "histogram_report.h"

#include <algorithm>

#include "i18n/i18n.h"

namespace ws::app {

namespace hg = ws::histogram;

std::string contention_line(hg::Variant v, const hg::Contention& c, const hg::BinSpec& bins,
                            bool letters, bool shown) {
  auto say = [shown](const char* pattern, const std::vector<std::string>& values) {
    return i18n::format(shown ? tr(pattern) : pattern, values);
  };
  const int64_t total = c.total_atomics();
  std::string line = say(
      TR_NOOP("variant {0}: {1}"),
      {std::to_string(int(v)),
       say(total == 1 ? TR_NOOP("{0} atomic") : TR_NOOP("{0} atomics"), {std::to_string(total)})});
  if (c.longest_chain > 0) {
    // The bin with the longest chain (the hottest one when it has it).
    int bin = c.hottest_bin;
    if (bin < 0 || bin >= static_cast<int>(c.chain.size()) ||
        c.chain[size_t(bin)] != c.longest_chain)
      bin = static_cast<int>(std::max_element(c.chain.begin(), c.chain.end()) - c.chain.begin());
    const std::string range = bin_range_text(bins, bin, letters);
    const std::vector<std::string> values = {std::to_string(c.longest_chain), std::to_string(bin),
                                             range};
    line += range == std::to_string(bin)
                ? say(TR_NOOP(", longest chain {0} on bin {1}"), values)
                : say(TR_NOOP(", longest chain {0} on bin {1} ({2})"), values);
  }
  return line;
}

void fill_histogram_doc(RunJson& doc, const HistogramSettings& s, const HistogramInput& in,
                        const std::vector<uint32_t>* counts, const std::vector<uint32_t>& reference,
                        const hg::Contention& contention, const char* from) {
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
                             {"total_atomics", contention.total_atomics()},
                             {"longest_chain", contention.longest_chain},
                             {"hottest_bin", contention.hottest_bin},
                             {"from", from}};
  doc.summary = contention_line(s.variant, contention, b, in.letters) + " on " + in.label;
  if (counts)
    doc.summary += *counts == reference ? "; counts match the sequential reference"
                                        : "; counts DIFFER from the sequential reference";
}

}  // namespace ws::app
