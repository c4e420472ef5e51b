// The radix sort mode's keys: keys, n, seed, key-bits, bit, radix-bits, block, radix-view, read
// once for the command line, sessions and the panel.
#include <cerrno>
#include <cstdlib>

#include "common/error.h"
#include "radix_run.h"

namespace ws::app {

const char* radix_view_name(RadixView v) {
  switch (v) {
    case RadixView::Lsd:
      return "lsd";
    case RadixView::Buckets:
      return "buckets";
    default:
      return "split";
  }
}

std::vector<uint32_t> parse_radix_keys(const std::string& text) {
  std::vector<uint32_t> keys;
  size_t i = 0;
  while (i < text.size()) {
    if (text[i] == ' ' || text[i] == ',' || text[i] == '\t' || text[i] == '\n') {
      ++i;
      continue;
    }
    size_t end = i;
    while (end < text.size() && text[end] != ' ' && text[end] != ',' && text[end] != '\t' &&
           text[end] != '\n')
      ++end;
    const std::string token = text.substr(i, end - i);
    char* stop = nullptr;
    errno = 0;
    const unsigned long long v = std::strtoull(token.c_str(), &stop, 10);
    WS_REQUIRE(token[0] != '-' && stop && *stop == '\0' && errno == 0 && v <= 0xFFFFFFFFull,
               "--keys: '" + token + "' is not an unsigned 32-bit integer (0..4294967295)");
    keys.push_back(static_cast<uint32_t>(v));
    i = end;
  }
  return keys;
}

void parse_radix(RadixSettings& s, ParamReader& keys) {
  if (const auto t = keys.text("radix-view")) {
    if (*t == "split")
      s.view = RadixView::Split;
    else if (*t == "lsd")
      s.view = RadixView::Lsd;
    else if (*t == "buckets")
      s.view = RadixView::Buckets;
    else
      throw Error("--radix-view: unknown view '" + *t + "' (split, lsd, buckets)");
  }
  if (const auto n = keys.integer("n", 1, radix::kTeachMaxKeys)) s.n = *n;
  if (const auto seed = keys.integer("seed", 0, INT64_MAX)) s.seed = static_cast<uint64_t>(*seed);
  if ((keys.has("n") || keys.has("seed")) && !keys.has("keys")) s.keys.clear();  // random keys
  if (const auto bits = keys.integer("key-bits", 0, 32)) s.key_bits = static_cast<int>(*bits);
  if (const auto bit = keys.integer("bit", 0, 31)) s.bit = static_cast<int>(*bit);
  // The bucket table is drawn with one row per digit: 16 rows at most.
  if (const auto bits = keys.integer("radix-bits", 1, 4)) s.radix_bits = static_cast<int>(*bits);
  if (const auto block = keys.integer("block", 1, 1024)) s.block = static_cast<int>(*block);
  if (const auto text = keys.text("keys")) {
    s.keys = *text;
    if (!s.keys.empty()) {
      const std::vector<uint32_t> parsed = parse_radix_keys(s.keys);
      WS_REQUIRE(!parsed.empty(), std::string("--keys: no keys given"));
      WS_REQUIRE(static_cast<int64_t>(parsed.size()) <= radix::kTeachMaxKeys,
                 "--keys: the step-by-step sort shows at most " +
                     std::to_string(radix::kTeachMaxKeys) + " keys, got " +
                     std::to_string(parsed.size()));
    }
  }
  if (!s.keys.empty() && s.key_bits > 0) {
    const int needed = radix::key_bits_needed(parse_radix_keys(s.keys));
    WS_REQUIRE(s.key_bits >= needed, "--key-bits " + std::to_string(s.key_bits) +
                                         ": the keys need " + std::to_string(needed) +
                                         " bits to be sorted");
  }
}

nlohmann::json radix_json(const RadixSettings& s) {
  return {{"keys", s.keys},   {"n", s.n},
          {"seed", s.seed},   {"key-bits", s.key_bits},
          {"bit", s.bit},     {"radix-bits", s.radix_bits},
          {"block", s.block}, {"radix-view", radix_view_name(s.view)}};
}

}  // namespace ws::app
