// Shared arrays named from their WS_SHARED declarations: `WS_SHARED(float, tile, TILE * TILE)` at
// line 7 -> {"tile", F32, 256, 7}. The size is evaluated from integer literals and the constants
// the source defines (`#define TILE 16`, `const int TILE = 16;`, `constexpr int TILE = 16;`).
#include <algorithm>
#include <cctype>
#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <map>
#include <vector>
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
      // strtoll, not stoll: a literal past 64 bits is "not a size the lab can read", not a throw.
      const char* begin = text.c_str() + pos;
      char* end = nullptr;
      errno = 0;
      long long v = std::strtoll(begin, &end, 0);
      if (errno == ERANGE) ok = false;
      pos += static_cast<size_t>(end - begin);
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
      if (op == '*' ? __builtin_mul_overflow(v, r, &v) : (v == LLONG_MIN && r == -1))
        return ok = false, 0;
      if (op != '*') v = op == '/' ? v / r : v % r;
    }
    return v;
  }
  long long sum() {
    long long v = product();
    for (skip(); ok && pos < text.size() && (text[pos] == '+' || text[pos] == '-'); skip()) {
      char op = text[pos++];
      long long r = product();
      if (op == '+' ? __builtin_add_overflow(v, r, &v) : __builtin_sub_overflow(v, r, &v))
        return ok = false, 0;
    }
    return v;
  }
};

std::string trimmed(const std::string& s) {
  const size_t first = s.find_first_not_of(" \t\r");
  if (first == std::string::npos) return "";
  return s.substr(first, s.find_last_not_of(" \t\r") - first + 1);
}

bool word_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}

// The words of `s` (identifiers and numbers), ignoring other characters.
std::vector<std::string> words_of(const std::string& s) {
  std::vector<std::string> out;
  for (size_t i = 0; i < s.size();) {
    if (!word_char(s[i])) {
      ++i;
      continue;
    }
    size_t j = i;
    while (j < s.size() && word_char(s[j])) ++j;
    out.push_back(s.substr(i, j - i));
    i = j;
  }
  return out;
}

ElemType shared_elem_type(const std::string& declared) {
  std::string t;
  for (const std::string& w : words_of(declared)) t += (t.empty() ? "" : " ") + w;
  if (t == "unsigned char" || t == "uint8_t") return ElemType::U8;
  if (t == "int" || t == "int32_t") return ElemType::I32;
  if (t == "unsigned" || t == "unsigned int" || t == "uint32_t") return ElemType::U32;
  return ElemType::F32;
}

// `#define NAME value` and `const int NAME = value;` (also constexpr, unsigned, long, size_t).
void collect_constants(const std::string& line, std::map<std::string, std::string>& constants) {
  const std::string t = trimmed(line);
  if (!t.empty() && t[0] == '#') {
    const std::vector<std::string> w = words_of(t);
    const size_t name_at = t.find(w.size() > 1 ? w[1] : "", t.find("define"));
    if (w.size() >= 3 && w[0] == "define" && name_at != std::string::npos) {
      const std::string value = t.substr(name_at + w[1].size());
      constants[w[1]] = trimmed(value.substr(0, std::min(value.find("//"), value.find("/*"))));
    }
    return;
  }
  for (size_t at = t.find("const"); at != std::string::npos; at = t.find("const", at + 1)) {
    if (at > 0 && word_char(t[at - 1])) continue;
    const size_t eq = t.find('=', at), end = t.find(';', at);
    if (eq == std::string::npos || end == std::string::npos || end < eq) continue;
    const std::vector<std::string> w = words_of(t.substr(at, eq - at));
    if (w.size() < 3 || (w[0] != "const" && w[0] != "constexpr")) continue;
    bool integer_type = true;
    for (size_t i = 1; i + 1 < w.size(); ++i)
      integer_type &= w[i] == "int" || w[i] == "unsigned" || w[i] == "long" || w[i] == "size_t" ||
                      w[i] == "static";
    if (integer_type) constants[w.back()] = trimmed(t.substr(eq + 1, end - eq - 1));
  }
}

std::map<std::string, std::string> source_constants(const std::string& source) {
  std::map<std::string, std::string> constants;
  std::istringstream in(source);
  for (std::string s; std::getline(in, s);) collect_constants(s, constants);
  return constants;
}

}  // namespace

SourceConstant source_constant(const std::string& source, const std::string& name) {
  const std::map<std::string, std::string> constants = source_constants(source);
  SourceConstant out;
  const auto it = constants.find(name);
  if (it == constants.end()) return out;
  out.defined = true;
  out.text = it->second;
  SizeExpression e{it->second, constants};
  out.value = e.sum();
  e.skip();
  out.ok = e.ok && e.pos == it->second.size();
  return out;
}

SharedArray parse_shared_declaration(const std::string& source, int line) {
  std::vector<std::string> lines;
  std::map<std::string, std::string> constants;
  std::istringstream in(source);
  for (std::string s; std::getline(in, s);) {
    lines.push_back(s);
    collect_constants(s, constants);
  }
  SharedArray out;
  out.line = line;
  out.name = "shared@" + std::to_string(line);
  if (line < 1 || line > static_cast<int>(lines.size())) return out;
  const std::string& text = lines[static_cast<size_t>(line - 1)];
  size_t p = text.find("WS_SHARED");
  if (p == std::string::npos) return out;
  p = text.find('(', p);
  if (p == std::string::npos) return out;
  // The three arguments, split at the commas outside parentheses.
  std::vector<std::string> args(1);
  int depth = 0;
  for (++p; p < text.size(); ++p) {
    const char c = text[p];
    if (c == ')' && depth == 0) break;
    depth += c == '(' ? 1 : (c == ')' ? -1 : 0);
    if (c == ',' && depth == 0)
      args.emplace_back();
    else
      args.back() += c;
  }
  if (args.size() != 3) return out;
  out.type = shared_elem_type(args[0]);
  out.name = trimmed(args[1]);
  const std::string size_text = trimmed(args[2]);
  SizeExpression e{size_text, constants};
  long long size = e.sum();
  e.skip();
  if (e.ok && e.pos == size_text.size() && size > 0 && size < (1ll << 30))
    out.size = static_cast<int>(size);
  return out;
}

}  // namespace ws::lab
