// The exercise statements' markdown (assets/lab/<id>/statement.*.md), the simple subset they use,
// as blocks the panel draws as wrapped text: headings (#, ##, ###), paragraphs (lines joined),
// bullets (- or *), numbered items (1.) and fenced code (```), with **bold**, *emphasis* and
// `code` marks dropped from the words.
#pragma once

#include <string>
#include <vector>

namespace ws::app {

struct MarkdownBlock {
  enum class Kind { Heading, Paragraph, Bullet, Numbered, Code };
  Kind kind = Kind::Paragraph;
  int level = 0;     // heading level 1..3; the item's number for Numbered
  std::string text;  // code keeps its lines and spacing; the rest is one line of words
};

std::vector<MarkdownBlock> parse_markdown(const std::string& text);
// `line` without inline marks: **a** -> a, *a* -> a, `a` -> a.
std::string strip_inline_marks(const std::string& line);

}  // namespace ws::app
