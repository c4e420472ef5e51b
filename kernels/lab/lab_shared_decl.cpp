// Shared arrays named from their WS_SHARED declarations: `WS_SHARED(float, tile, TILE * TILE)` at
// line 7 -> {"tile", F32, 256, 7}. The size is evaluated from integer literals and the constants
// the source defines (`#define TILE 16`, `const int TILE = 16;`, `constexpr int TILE = 16;`).
#include <cctype>
#include <cstring>
#include <map>
#include <regex>
#include <sstream>

#include "lab_shared.h"

namespace ws::lab {
namespace {

// A tiny integer expression evaluator: + - * / % and parentheses over literals and names.
struct SizeExpression {
  const std::string& text;
  const std::map<std::string, std::string>& constants;
  size_t pos = 0;
  int depth = 0;
  bool ok = true;

  void skip() {
    while (pos < text.size() && std::isspace(static_cast<unsigned char>(text[pos]))) ++pos;
  }
  long long primary() {
    skip();
    if (pos >= text.size() || depth > 20) return ok = false, 0;
    if (text[pos] == '(') {
      ++pos;
      long long v = sum();
      skip();
      if (pos < text.size() && text[pos] == ')')
        ++pos;
      else
        ok = false;
      return v;
    }
    if (text[pos] == '-') return ++pos, -primary();
    if (std::isdigit(static_cast<unsigned char>(text[pos]))) {
      size_t used = 0;
      long long v = std::stoll(text.substr(pos), &used, 0);
      pos += used;
      while (pos < text.size() && std::isalpha(static_cast<unsigned char>(text[pos]))) ++pos;
      return v;
    }
    size_t start = pos;
    while (pos < text.size() &&
           (std::isalnum(static_cast<unsigned char>(text[pos])) || text[pos] == '_'))
      ++pos;
    auto it = constants.find(text.substr(start, pos - start));
    if (start == pos || it == constants.end()) return ok = false, 0;
    SizeExpression inner{it->second, constants, 0, depth + 1};
    long long v = inner.sum();
    ok = ok && inner.ok;
    return v;
  }
  long long product() {
    long long v = primary();
    for (skip(); ok && pos < text.size() && std::strchr("*/%", text[pos]); skip()) {
      char op = text[pos++];
      long long r = primary();
      if (op != '*' && r == 0) return ok = false, 0;
      v = op == '*' ? v * r : op == '/' ? v / r : v % r;
    }
    return v;
  }
  long long sum() {
    long long v = product();
    for (skip(); ok && pos < text.size() && (text[pos] == '+' || text[pos] == '-'); skip()) {
      char op = text[pos++];
      long long r = product();
      v = op == '+' ? v + r : v - r;
    }
    return v;
  }
};

ElemType shared_elem_type(std::string t) {
  t = std::regex_replace(t, std::regex("\\s+"), " ");
  if (t == "unsigned char" || t == "uint8_t") return ElemType::U8;
  if (t == "int" || t == "int32_t") return ElemType::I32;
  if (t == "unsigned" || t == "unsigned int" || t == "uint32_t") return ElemType::U32;
  return ElemType::F32;
}

}  // namespace

SharedArray parse_shared_declaration(const std::string& source, int line) {
  std::vector<std::string> lines;
  std::map<std::string, std::string> constants;
  static const std::regex define_re(R"(^\s*#\s*define\s+(\w+)\s+(.+?)\s*$)");
  static const std::regex const_re(
      R"(\b(?:constexpr|const)\s+(?:int|unsigned|long|size_t)\s+(\w+)\s*=\s*([^;]+);)");
  std::istringstream in(source);
  for (std::string s; std::getline(in, s);) {
    lines.push_back(s);
    std::smatch m;
    if (std::regex_match(s, m, define_re)) constants[m[1]] = m[2];
    for (auto it = std::sregex_iterator(s.begin(), s.end(), const_re); it != std::sregex_iterator();
         ++it)
      constants[(*it)[1]] = (*it)[2];
  }
  SharedArray out;
  out.line = line;
  out.name = "shared@" + std::to_string(line);
  if (line < 1 || line > static_cast<int>(lines.size())) return out;
  static const std::regex decl(R"(WS_SHARED\s*\(\s*([^,]+?)\s*,\s*(\w+)\s*,(.*)\))");
  std::smatch m;
  const std::string& text = lines[static_cast<size_t>(line - 1)];
  if (!std::regex_search(text, m, decl)) return out;
  out.type = shared_elem_type(m[1]);
  out.name = m[2];
  const std::string size_text = m[3];
  SizeExpression e{size_text, constants};
  long long size = e.sum();
  e.skip();
  if (e.ok && e.pos == size_text.size() && size > 0 && size < (1ll << 30))
    out.size = static_cast<int>(size);
  return out;
}

}  // namespace ws::lab
