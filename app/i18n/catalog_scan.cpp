#include "i18n/catalog_scan.h"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "i18n/i18n.h"

namespace ws::i18n {

namespace {

bool identifier_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// Reads one "..." literal starting at `i` (on the quote); decodes escapes into `out` and leaves
// `i` after the closing quote. False when the literal does not end on its line.
bool read_literal(const std::string& s, size_t& i, std::string& out) {
  ++i;
  while (i < s.size() && s[i] != '"') {
    if (s[i] == '\n') return false;
    if (s[i] != '\\') {
      out += s[i++];
      continue;
    }
    if (i + 1 >= s.size()) return false;
    const char e = s[i + 1];
    i += 2;
    switch (e) {
      case 'n':
        out += '\n';
        break;
      case 't':
        out += '\t';
        break;
      case 'r':
        out += '\r';
        break;
      case '0':
        out += '\0';
        break;
      case 'x': {
        int v = 0, digits = 0;
        while (i < s.size() && hex_value(s[i]) >= 0) v = v * 16 + hex_value(s[i++]), ++digits;
        if (digits == 0) return false;
        out += static_cast<char>(v);
        break;
      }
      default:
        out += e;  // \" \\ \' \?
    }
  }
  if (i >= s.size()) return false;
  ++i;
  return true;
}

void skip_space(const std::string& s, size_t& i) {
  while (i < s.size()) {
    if (std::isspace(static_cast<unsigned char>(s[i]))) {
      ++i;
    } else if (s.compare(i, 2, "//") == 0) {
      while (i < s.size() && s[i] != '\n') ++i;
    } else if (s.compare(i, 2, "/*") == 0) {
      const size_t end = s.find("*/", i + 2);
      i = end == std::string::npos ? s.size() : end + 2;
    } else {
      break;
    }
  }
}

// The printf conversions of a text in order ("%d", "%.2f"): ImGui formats some labels itself
// ("step %d"), so a translation must keep them as they are.
std::vector<std::string> printf_conversions(const std::string& text) {
  std::vector<std::string> found;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '%') continue;
    if (i + 1 < text.size() && text[i + 1] == '%') {
      ++i;
      continue;
    }
    size_t end = i + 1;
    while (end < text.size() && std::strchr("-+ #0123456789.lhz", text[end])) ++end;
    if (end < text.size() && std::strchr("diufFeEgGxXcsp", text[end])) {
      found.push_back(text.substr(i, end - i + 1));
      i = end;
    }
  }
  return found;
}

int line_of(const std::string& s, size_t at) {
  return 1 + int(std::count(s.begin(), s.begin() + long(at), '\n'));
}

}  // namespace

void scan_keys(const std::string& source, const std::string& file,
               std::map<std::string, KeyUse>& keys, std::vector<std::string>& problems) {
  static const char* const kCalls[] = {"TR_NOOP(", "trf(", "tr("};
  size_t i = 0;
  while (i < source.size()) {
    // Skip comments and literals that are not call arguments, so "tr(" inside them is not a call.
    if (source.compare(i, 2, "//") == 0 || source.compare(i, 2, "/*") == 0) {
      skip_space(source, i);
      continue;
    }
    if (source[i] == '"' || source[i] == '\'') {
      const char quote = source[i++];
      while (i < source.size() && source[i] != quote && source[i] != '\n')
        i += source[i] == '\\' ? 2 : 1;
      ++i;
      continue;
    }
    const char* call = nullptr;
    if (i == 0 || !identifier_char(source[i - 1])) {
      for (const char* c : kCalls)
        if (source.compare(i, std::char_traits<char>::length(c), c) == 0) call = c;
    }
    if (!call) {
      ++i;
      continue;
    }
    const size_t at = i;
    i += std::char_traits<char>::length(call);
    skip_space(source, i);
    if (i < source.size() && source[i] == 'R' && i + 1 < source.size() && source[i + 1] == '"') {
      problems.push_back(file + ":" + std::to_string(line_of(source, at)) +
                         ": a raw string literal as a translation key (write a plain literal)");
      continue;
    }
    if (i >= source.size() || source[i] != '"') continue;  // translates a variable: not a key
    std::string key;
    bool ok = true;
    while (i < source.size() && source[i] == '"') {
      if (!read_literal(source, i, key)) {
        ok = false;
        break;
      }
      skip_space(source, i);
    }
    if (!ok) {
      problems.push_back(file + ":" + std::to_string(line_of(source, at)) +
                         ": an unterminated literal in a translation call");
      continue;
    }
    if (key.empty()) continue;
    keys.emplace(key, KeyUse{file, line_of(source, at)});
  }
}

std::map<std::string, KeyUse> scan_tree(const std::string& root,
                                        std::vector<std::string>& problems) {
  namespace fs = std::filesystem;
  std::vector<fs::path> files;
  for (const auto& entry : fs::recursive_directory_iterator(root)) {
    if (!entry.is_regular_file()) continue;
    const std::string ext = entry.path().extension().string();
    if (ext == ".cpp" || ext == ".h" || ext == ".cu" || ext == ".cuh")
      files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  std::map<std::string, KeyUse> keys;
  for (const fs::path& f : files) {
    // The translation code and the scanner spell the calls in comments and strings: not keys.
    const std::string name = f.filename().string();
    if (f.parent_path().filename() == "i18n" &&
        (name.rfind("catalog_", 0) == 0 || name.rfind("i18n.", 0) == 0))
      continue;
    std::ifstream in(f, std::ios::binary);
    std::stringstream buffer;
    buffer << in.rdbuf();
    scan_keys(buffer.str(), fs::relative(f, fs::path(root).parent_path()).string(), keys, problems);
  }
  return keys;
}

CatalogCheck check_catalog(const std::set<std::string>& keys,
                           const std::vector<std::pair<std::string, std::string>>& strings) {
  CatalogCheck check;
  std::set<std::string> present;
  for (const auto& [key, value] : strings) {
    if (!keys.count(key)) {
      check.stale.push_back(key);
      continue;
    }
    if (value.empty()) continue;
    present.insert(key);
    if (placeholders(key) != placeholders(value) ||
        printf_conversions(key) != printf_conversions(value))
      check.mismatched.push_back(key);
  }
  for (const std::string& key : keys)
    if (!present.count(key)) check.missing.push_back(key);
  return check;
}

}  // namespace ws::i18n
