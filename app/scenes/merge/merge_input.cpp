#include "merge_input.h"

#include "common/inputs.h"

namespace ws::app {

merge::MergeInput merge_input_of(const MergeSettings& s) {
  merge::MergeInput in;
  if (!s.a_text || !s.b_text) in = merge::make_merge_input(s.gen, s.n_a, s.n_b, s.seed, s.key_type);
  if (s.a_text) in.a = merge::parse_sorted_keys(*s.a_text, s.key_type, "--a");
  if (s.b_text) in.b = merge::parse_sorted_keys(*s.b_text, s.key_type, "--b");
  const auto m = static_cast<int64_t>(in.a.size()), n = static_cast<int64_t>(in.b.size());
  in.a_values = merge::make_tags(m, 0);
  in.b_values = merge::make_tags(n, static_cast<uint32_t>(m));
  return in;
}

merge::SortInput sort_input_of(const MergeSettings& s) {
  if (!s.input_text) return merge::make_sort_input(s.sort_gen, s.n, s.seed, s.key_type);
  merge::SortInput in;
  in.keys = parse_values(*s.input_text, merge::value_type(s.key_type));
  in.values = merge::make_tags(static_cast<int64_t>(in.keys.size()), 0);
  return in;
}

std::string merge_input_label(const MergeSettings& s) {
  if (s.a_text && s.b_text) return "typed";
  return std::string(merge::merge_gen_id(s.gen)) + ", seed " + std::to_string(s.seed);
}

std::string sort_input_label(const MergeSettings& s) {
  if (s.input_text) return "typed";
  return std::string(merge::sort_gen_id(s.sort_gen)) + ", seed " + std::to_string(s.seed);
}

}  // namespace ws::app
