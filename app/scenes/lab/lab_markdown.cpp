#include "lab_markdown.h"

#include <algorithm>
#include <cctype>

namespace ws::app {

namespace {

std::string trimmed(const std::string& s) {
  const size_t a = s.find_first_not_of(" \t\r");
  if (a == std::string::npos) return "";
  const size_t b = s.find_last_not_of(" \t\r");
  return s.substr(a, b - a + 1);
}

// "12. text" -> 12 and the text's start; 0 when the line is not a numbered item.
int item_number(const std::string& line, size_t& text_start) {
  size_t i = 0;
  int number = 0;
  for (; i < line.size() && std::isdigit(static_cast<unsigned char>(line[i])); ++i) {
    if (i == 4) return 0;  // "20261129. ..." is a sentence, not a list item
    number = number * 10 + (line[i] - '0');
  }
  if (i == 0 || i + 1 >= line.size() || line[i] != '.' || line[i + 1] != ' ') return 0;
  text_start = i + 2;
  return number;
}

}  // namespace

std::string strip_inline_marks(const std::string& line) {
  std::string out;
  out.reserve(line.size());
  bool in_code = false;
  for (size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (c == '`') {
      in_code = !in_code;
      continue;
    }
    // '*' and '_' around words are emphasis; inside code, or between spaces ("a * b"), they stay.
    if (!in_code && c == '*') {
      const bool before_space = i == 0 || line[i - 1] == ' ';
      const bool after_space = i + 1 >= line.size() || line[i + 1] == ' ';
      if (!(before_space && after_space)) continue;
    }
    out += c;
  }
  return out;
}

std::vector<MarkdownBlock> parse_markdown(const std::string& text) {
  std::vector<MarkdownBlock> blocks;
  bool in_code = false, paragraph_open = false;
  size_t start = 0;
  while (start <= text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    std::string raw = text.substr(start, end - start);
    if (!raw.empty() && raw.back() == '\r') raw.pop_back();
    start = end + 1;
    const std::string line = trimmed(raw);
    if (line.rfind("```", 0) == 0) {
      in_code = !in_code;
      paragraph_open = false;
      if (in_code) blocks.push_back({MarkdownBlock::Kind::Code, 0, ""});
      continue;
    }
    if (in_code) {
      std::string& code = blocks.back().text;
      code += (code.empty() ? "" : "\n") + raw;
      continue;
    }
    if (line.empty()) {
      paragraph_open = false;
      continue;
    }
    size_t number_start = 0;
    if (line[0] == '#') {
      size_t level = line.find_first_not_of('#');
      if (level == std::string::npos) level = line.size();
      blocks.push_back({MarkdownBlock::Kind::Heading, int(std::min<size_t>(level, 3)),
                        strip_inline_marks(trimmed(line.substr(level)))});
      paragraph_open = false;
    } else if ((line[0] == '-' || line[0] == '*') && line.size() > 1 && line[1] == ' ') {
      blocks.push_back(
          {MarkdownBlock::Kind::Bullet, 0, strip_inline_marks(trimmed(line.substr(2)))});
      paragraph_open = true;  // a continuation line joins the item
    } else if (const int n = item_number(line, number_start)) {
      blocks.push_back({MarkdownBlock::Kind::Numbered, n,
                        strip_inline_marks(trimmed(line.substr(number_start)))});
      paragraph_open = true;
    } else if (paragraph_open) {
      // Chinese lines join without a space (a space is a word break only between Latin words).
      std::string& text = blocks.back().text;
      const bool cjk = (!text.empty() && static_cast<unsigned char>(text.back()) >= 0x80) ||
                       static_cast<unsigned char>(line[0]) >= 0x80;
      text += (cjk ? "" : " ") + strip_inline_marks(line);
    } else {
      blocks.push_back({MarkdownBlock::Kind::Paragraph, 0, strip_inline_marks(line)});
      paragraph_open = true;
    }
    if (end == text.size()) break;
  }
  return blocks;
}

}  // namespace ws::app
