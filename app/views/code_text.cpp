#include "views/code_text.h"

#include <algorithm>
#include <cctype>
#include <unordered_set>

namespace ws::app {

namespace {

bool identifier_start(char c) {
  return std::isalpha(static_cast<unsigned char>(c)) || c == '_';
}
bool identifier_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}
bool is_digit_char(char c) {
  return std::isdigit(static_cast<unsigned char>(c)) != 0;
}

// The end of a number starting at `i` (123, 0x1F, 1.5e-3f, .5, 10u).
size_t number_end(const std::string& line, size_t i) {
  while (i < line.size()) {
    const char c = line[i];
    const bool exponent_sign =
        (c == '+' || c == '-') && i > 0 && (line[i - 1] == 'e' || line[i - 1] == 'E');
    if (identifier_char(c) || c == '.' || exponent_sign)
      ++i;
    else
      break;
  }
  return i;
}

// The end of a string or character literal opened by line[i] (its closing quote included; the
// line's end when it is not closed).
size_t quoted_end(const std::string& line, size_t i) {
  const char quote = line[i++];
  while (i < line.size()) {
    if (line[i] == '\\') {
      i += 2;
      continue;
    }
    if (line[i++] == quote) return i;
  }
  return line.size();
}

// Appends [begin, end) as `kind`, merging it into the previous token of the same kind.
void push_token(std::vector<CodeToken>& tokens, size_t begin, size_t end, CodeTokenKind kind) {
  if (begin >= end) return;
  if (!tokens.empty() && tokens.back().kind == kind && tokens.back().end == int(begin)) {
    tokens.back().end = int(end);
    return;
  }
  tokens.push_back({int(begin), int(end), kind});
}

// The tokens of one line; `in_comment` carries a block comment from line to line.
std::vector<CodeToken> tokenize_line(const std::string& line, bool& in_comment) {
  std::vector<CodeToken> tokens;
  size_t i = 0;
  if (!in_comment) {
    const size_t first = line.find_first_not_of(" \t");
    if (first != std::string::npos && line[first] == '#') {
      push_token(tokens, 0, line.size(), CodeTokenKind::Preprocessor);
      return tokens;
    }
  }
  while (i < line.size()) {
    if (in_comment) {
      const size_t close = line.find("*/", i);
      const size_t end = close == std::string::npos ? line.size() : close + 2;
      push_token(tokens, i, end, CodeTokenKind::Comment);
      in_comment = close == std::string::npos;
      i = end;
      continue;
    }
    const char c = line[i];
    const char next = i + 1 < line.size() ? line[i + 1] : '\0';
    if (c == '/' && next == '/') {
      push_token(tokens, i, line.size(), CodeTokenKind::Comment);
      break;
    }
    if (c == '/' && next == '*') {
      in_comment = true;
      push_token(tokens, i, i + 2, CodeTokenKind::Comment);
      i += 2;
      continue;
    }
    if (c == '"' || c == '\'') {
      const size_t end = quoted_end(line, i);
      push_token(tokens, i, end, CodeTokenKind::String);
      i = end;
      continue;
    }
    if (is_digit_char(c) || (c == '.' && is_digit_char(next))) {
      const size_t end = number_end(line, i);
      push_token(tokens, i, end, CodeTokenKind::Number);
      i = end;
      continue;
    }
    if (identifier_start(c)) {
      size_t end = i;
      while (end < line.size() && identifier_char(line[end])) ++end;
      const std::string word = line.substr(i, end - i);
      CodeTokenKind kind = CodeTokenKind::Plain;
      if (word == "ws" && line.compare(end, 2, "::") == 0) {
        end += 2;  // ws::Global, ws::atomic_add: the namespace and the name, one token
        while (end < line.size() && identifier_char(line[end])) ++end;
        kind = CodeTokenKind::WsName;
      } else if (word.rfind("WS_", 0) == 0) {
        kind = CodeTokenKind::WsName;  // WS_SHARED
      } else if (is_cuda_keyword(word)) {
        kind = CodeTokenKind::Keyword;
      }
      push_token(tokens, i, end, kind);
      i = end;
      continue;
    }
    push_token(tokens, i, i + 1, CodeTokenKind::Plain);
    ++i;
  }
  return tokens;
}

}  // namespace

bool is_cuda_keyword(const std::string& word) {
  static const std::unordered_set<std::string> keywords = {
      "__global__",   "__shared__", "__device__", "__host__", "__syncthreads",
      "__restrict__", "threadIdx",  "blockIdx",   "blockDim", "gridDim",
      "int",          "float",      "unsigned",   "char",     "double",
      "bool",         "void",       "long",       "short",    "signed",
      "auto",         "struct",     "if",         "else",     "for",
      "while",        "do",         "break",      "continue", "return",
      "const",        "true",       "false",      "sizeof",   "int64_t",
      "size_t"};
  return keywords.count(word) > 0;
}

std::vector<std::string> split_code_lines(const std::string& source) {
  std::vector<std::string> lines;
  size_t start = 0;
  while (true) {
    const size_t end = source.find('\n', start);
    if (end == std::string::npos) {
      lines.push_back(source.substr(start));
      return lines;
    }
    lines.push_back(source.substr(start, end - start));
    start = end + 1;
  }
}

std::vector<std::vector<CodeToken>> tokenize_cuda(const std::vector<std::string>& lines) {
  std::vector<std::vector<CodeToken>> tokens;
  tokens.reserve(lines.size());
  bool in_comment = false;
  for (const std::string& line : lines) tokens.push_back(tokenize_line(line, in_comment));
  return tokens;
}

std::map<int, LineMark> line_marks(const std::vector<CodeNote>& notes, int line_count) {
  std::map<int, LineMark> marks;
  for (const bool errors : {true, false}) {
    for (const CodeNote& note : notes) {
      if (note.error != errors || note.line < 1 || note.line > line_count) continue;
      LineMark& mark = marks[note.line];
      mark.error = mark.error || note.error;
      if (!mark.message.empty()) mark.message += '\n';
      mark.message += note.message;
    }
  }
  return marks;
}

CodePosition position_of(const std::string& source, int offset) {
  const size_t end = std::min(source.size(), size_t(std::max(offset, 0)));
  CodePosition p;
  size_t line_start = 0;
  for (size_t i = 0; i < end; ++i) {
    if (source[i] == '\n') {
      ++p.line;
      line_start = i + 1;
    }
  }
  p.column = int(end - line_start);
  return p;
}

int offset_of_line(const std::string& source, int line) {
  size_t offset = 0;
  for (int l = 1; l < line; ++l) {
    const size_t next = source.find('\n', offset);
    if (next == std::string::npos) return int(offset);
    offset = next + 1;
  }
  return int(offset);
}

}  // namespace ws::app
