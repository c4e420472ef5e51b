// The sorts' reference and result: std::stable_sort beside what the run wrote.
#include <algorithm>
#include <numeric>

#include "sort_run.h"

namespace ws::app {

SortedPairs stable_sorted(const std::vector<double>& keys, const std::vector<uint32_t>& values) {
  std::vector<size_t> order(keys.size());
  std::iota(order.begin(), order.end(), size_t{0});
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t a, size_t b) { return keys[a] < keys[b]; });
  SortedPairs out;
  for (size_t i : order) {
    out.keys.push_back(keys[i]);
    if (!values.empty()) out.values.push_back(values[i]);
  }
  return out;
}

namespace {

nlohmann::json sort_numbers(const std::vector<double>& v) {
  nlohmann::json out = nlohmann::json::array();
  for (double x : v) out.push_back(number_or_null(x));
  return out;
}

}  // namespace

void fill_sort_result(RunJson& doc, const merge::SortTeachRun& run, const std::string& source,
                      bool values_ordered) {
  const SortedPairs want = stable_sorted(run.input, run.input_values);
  doc.input = {{"n", run.input.size()}, {"keys", sort_numbers(run.input)}, {"source", source}};
  // The values are the tags the run carried (input order unless given): where each key went.
  doc.input["values"] = run.input_values;
  doc.reference = {{"keys", sort_numbers(want.keys)}, {"values", want.values}};
  doc.result = {{"keys", sort_numbers(run.output)}, {"values", run.output_values}};
  const bool matches =
      run.output == want.keys && (!values_ordered || run.output_values == want.values);
  doc.matches_reference = matches;
  const merge::SortInfo& info = merge::sort_info(run.params.variant);
  doc.summary = std::string(info.id) + ": " + std::to_string(run.input.size()) + " keys in " +
                std::to_string(run.trace.steps.size()) + " steps; " +
                (matches ? "sorted as std::stable_sort sorts them"
                         : "the output differs from std::stable_sort's");
}

}  // namespace ws::app
