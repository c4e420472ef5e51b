// For tests of translated figures: the English words left in a text drawn in Chinese.
#pragma once

#include <cctype>
#include <set>
#include <string>
#include <vector>

namespace ws::test {

// Runs of `min_letters` or more ASCII letters in `text` that are not in `allowed` (identifiers
// from the kernel source, units, names such as CUDA, CUB, PMPP, Kogge-Stone): a figure drawn in
// Chinese should have none left. A word joined to digits or '_' (x_i, __syncthreads, s2) counts
// as code and is skipped.
inline std::vector<std::string> english_words(const std::string& text,
                                              const std::set<std::string>& allowed,
                                              size_t min_letters = 3) {
  std::vector<std::string> found;
  size_t i = 0;
  while (i < text.size()) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (!std::isalpha(c)) {
      ++i;
      continue;
    }
    size_t end = i;
    while (end < text.size() && std::isalpha(static_cast<unsigned char>(text[end]))) ++end;
    const bool code =
        (i > 0 && (std::isdigit(static_cast<unsigned char>(text[i - 1])) || text[i - 1] == '_')) ||
        (end < text.size() && (std::isdigit(static_cast<unsigned char>(text[end])) ||
                               text[end] == '_' || text[end] == '('));
    const std::string word = text.substr(i, end - i);
    if (!code && word.size() >= min_letters && !allowed.count(word)) found.push_back(word);
    i = end;
  }
  return found;
}

}  // namespace ws::test
