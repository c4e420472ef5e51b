// CUDA source as the code editor shows it, without ImGui: the source cut into lines and tokens
// for syntax colouring (keywords, ws:: names, numbers, comments, strings, preprocessor lines), and
// the marks of its lines (diagnostics, the lines the current step ran). The lab's editor
// (app/ui/code_editor.h) draws these; tests/scenes/lab checks them as plain functions.
#pragma once

#include <map>
#include <set>
#include <string>
#include <vector>

namespace ws::app {

enum class CodeTokenKind { Plain, Keyword, WsName, Number, Comment, String, Preprocessor };

// One token of a line: bytes [begin, end) of that line.
struct CodeToken {
  int begin = 0, end = 0;
  CodeTokenKind kind = CodeTokenKind::Plain;
};

// The source's lines (split at '\n'; a trailing '\r' stays with its line): at least one.
std::vector<std::string> split_code_lines(const std::string& source);
// Each line's tokens, in order, covering every byte of the line (Plain for what is not
// coloured). A block comment runs across lines; a string or a // comment ends with its line.
std::vector<std::vector<CodeToken>> tokenize_cuda(const std::vector<std::string>& lines);
// Whether `word` is coloured as a keyword (__global__, threadIdx, int, for, ...).
bool is_cuda_keyword(const std::string& word);

// A message about one line of the source (lines count from 1): a compile error, an out-of-bounds
// read, a race. `error` false is a warning (amber).
struct CodeNote {
  int line = 0;
  bool error = true;
  std::string message;
};
// What the editor marks on one line: red when any note of it is an error, else amber; the
// messages joined one per line, errors first, in the order given.
struct LineMark {
  bool error = false;
  std::string message;
};
// The marks by line; notes on lines outside 1..line_count are dropped (a message without a line
// is listed under the editor, not marked).
std::map<int, LineMark> line_marks(const std::vector<CodeNote>& notes, int line_count);

// The byte offset `offset` of `source` as a 0-based (line, byte in line).
struct CodePosition {
  int line = 0, column = 0;
};
CodePosition position_of(const std::string& source, int offset);
// The byte offset where 1-based `line` starts (clamped to the source).
int offset_of_line(const std::string& source, int line);

}  // namespace ws::app
