// The lab editor's plain parts: the CUDA tokenizer that colours the source, the line marks of
// diagnostics, byte offsets <-> lines, and the statements' markdown blocks.
#include <gtest/gtest.h>

#include "scenes/lab/lab_markdown.h"
#include "views/code_text.h"

namespace ws::app {
namespace {

// The text of each token of `line` with its kind, as "kind:text" (plain tokens left out).
std::vector<std::string> coloured(const std::string& line, const std::vector<CodeToken>& tokens) {
  std::vector<std::string> out;
  for (const CodeToken& t : tokens) {
    if (t.kind == CodeTokenKind::Plain) continue;
    const char* kinds[] = {"plain", "kw", "ws", "num", "comment", "str", "pp"};
    out.push_back(std::string(kinds[int(t.kind)]) + ":" +
                  line.substr(size_t(t.begin), size_t(t.end - t.begin)));
  }
  return out;
}

TEST(LabCodeText, ColoursKeywordsWsNamesNumbersAndStrings) {
  const std::vector<std::string> lines = {
      "__global__ void k(ws::Global<const float> in, int n) {", "  WS_SHARED(float, s, 256);",
      "  if (threadIdx.x + 2u < n) s[0] = in[1.5e-3f] + 0x1F; // \"done\"",
      "  const char* t = \"a \\\" // b\";"};
  const auto tokens = tokenize_cuda(lines);
  ASSERT_EQ(tokens.size(), 4u);
  EXPECT_EQ(coloured(lines[0], tokens[0]),
            (std::vector<std::string>{"kw:__global__", "kw:void", "ws:ws::Global", "kw:const",
                                      "kw:float", "kw:int"}));
  EXPECT_EQ(coloured(lines[1], tokens[1]),
            (std::vector<std::string>{"ws:WS_SHARED", "kw:float", "num:256"}));
  EXPECT_EQ(coloured(lines[2], tokens[2]),
            (std::vector<std::string>{"kw:if", "kw:threadIdx", "num:2u", "num:0", "num:1.5e-3f",
                                      "num:0x1F", "comment:// \"done\""}));
  // An escaped quote stays inside the string; the // inside it is no comment.
  EXPECT_EQ(coloured(lines[3], tokens[3]),
            (std::vector<std::string>{"kw:const", "kw:char", "str:\"a \\\" // b\""}));
}

TEST(LabCodeText, TokensCoverEveryByteOfEveryLine) {
  const std::vector<std::string> lines =
      split_code_lines("#include <x>\nint a = 1; /* open\n still */ float b;\n\n\"unterminated");
  ASSERT_EQ(lines.size(), 5u);
  const auto tokens = tokenize_cuda(lines);
  for (size_t i = 0; i < lines.size(); ++i) {
    int at = 0;
    for (const CodeToken& t : tokens[i]) {
      EXPECT_EQ(t.begin, at) << "line " << i;
      EXPECT_GT(t.end, t.begin);
      at = t.end;
    }
    EXPECT_EQ(at, int(lines[i].size())) << "line " << i;
  }
}

TEST(LabCodeText, BlockCommentsRunAcrossLinesAndPreprocessorLinesAreOneToken) {
  const std::vector<std::string> lines = {"#define N 4", "int a; /* one", "two int */ int c;", "x"};
  const auto tokens = tokenize_cuda(lines);
  EXPECT_EQ(coloured(lines[0], tokens[0]), (std::vector<std::string>{"pp:#define N 4"}));
  EXPECT_EQ(coloured(lines[1], tokens[1]), (std::vector<std::string>{"kw:int", "comment:/* one"}));
  EXPECT_EQ(coloured(lines[2], tokens[2]),
            (std::vector<std::string>{"comment:two int */", "kw:int"}));
  EXPECT_TRUE(coloured(lines[3], tokens[3]).empty());
  EXPECT_TRUE(is_cuda_keyword("__syncthreads"));
  EXPECT_FALSE(is_cuda_keyword("sum"));
}

TEST(LabCodeText, LineMarksPutErrorsFirstAndDropLinesOutsideTheSource) {
  const std::vector<CodeNote> notes = {{3, false, "unused variable"},
                                       {3, true, "read past the end"},
                                       {5, false, "narrowing"},
                                       {0, true, "no line"},
                                       {9, true, "past the last line"}};
  const std::map<int, LineMark> marks = line_marks(notes, 5);
  ASSERT_EQ(marks.size(), 2u);
  EXPECT_TRUE(marks.at(3).error);
  EXPECT_EQ(marks.at(3).message, "read past the end\nunused variable");
  EXPECT_FALSE(marks.at(5).error);
  EXPECT_EQ(marks.at(5).message, "narrowing");
}

TEST(LabCodeText, OffsetsAndLinesAgree) {
  const std::string source = "ab\ncde\n\nf";
  EXPECT_EQ(offset_of_line(source, 1), 0);
  EXPECT_EQ(offset_of_line(source, 2), 3);
  EXPECT_EQ(offset_of_line(source, 4), 8);
  EXPECT_EQ(offset_of_line(source, 99), 8);  // clamped to the last line's start
  EXPECT_EQ(position_of(source, 5).line, 1);
  EXPECT_EQ(position_of(source, 5).column, 2);
  EXPECT_EQ(position_of(source, 8).line, 3);
  EXPECT_EQ(position_of(source, 1000).line, 3);
}

TEST(LabMarkdown, StatementsBecomeHeadingsParagraphsItemsAndCode) {
  const auto blocks = parse_markdown(
      "# Reduction\n\nSum **all** the\n`in` values.\n\n- one\n- two *items*\n1. first\n"
      "```\n  int x;\n```\nLast a * b");
  ASSERT_EQ(blocks.size(), 7u);
  EXPECT_EQ(blocks[0].kind, MarkdownBlock::Kind::Heading);
  EXPECT_EQ(blocks[0].text, "Reduction");
  EXPECT_EQ(blocks[1].kind, MarkdownBlock::Kind::Paragraph);
  EXPECT_EQ(blocks[1].text, "Sum all the in values.");
  EXPECT_EQ(blocks[2].kind, MarkdownBlock::Kind::Bullet);
  EXPECT_EQ(blocks[3].text, "two items");
  EXPECT_EQ(blocks[4].kind, MarkdownBlock::Kind::Numbered);
  EXPECT_EQ(blocks[4].level, 1);
  EXPECT_EQ(blocks[5].kind, MarkdownBlock::Kind::Code);
  EXPECT_EQ(blocks[5].text, "  int x;");
  EXPECT_EQ(blocks[6].text, "Last a * b");
  // Chinese lines of one paragraph join without a space.
  const auto zh = parse_markdown("超出 n 的元素按 0\n计算，也不写出。\nthen");
  ASSERT_EQ(zh.size(), 1u);
  EXPECT_EQ(zh[0].text, "超出 n 的元素按 0计算，也不写出。then");
}

}  // namespace
}  // namespace ws::app
