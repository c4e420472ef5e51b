// Reading graph text files line by line with line numbers, and the number parsing every loader
// shares. The file is read in large chunks (no iostream, no per-line allocation), so memory is
// bounded by the longest line, not by the file; numbers are parsed with std::from_chars.
// Every error is a ws::Error "<file>, line <n>: <what was found>; <what was expected>".
#pragma once

#include <atomic>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace ws::graph {

class LineReader {
 public:
  // Opens `path` (throws ws::Error naming it when it cannot be read).
  static LineReader open_file(const std::string& path);
  // Reads `text` (not copied: it must outlive the reader); `name` stands in for the file name.
  static LineReader from_text(std::string_view text, std::string name);

  LineReader(LineReader&& other) noexcept;
  LineReader& operator=(LineReader&&) = delete;
  LineReader(const LineReader&) = delete;
  ~LineReader();

  // The next line without its "\n" / "\r\n"; false at the end of the input.
  bool next(std::string_view& line);
  int64_t line_number() const { return line_; }  // of the line `next` returned last (1-based)
  const std::string& name() const { return name_; }

  // Up to the first 4 KiB of the input (for format detection and the binary check); does not
  // move the reader.
  std::string_view head() const;
  // Throws ws::Error when the input is empty, or binary (a NUL byte, or more than 1 in 10 of
  // the first 4 KiB control characters; a gzip or zip file is named as such).
  void require_text() const;

  // A worker thread's load: `progress` (optional) gets the bytes read so far and the file's size
  // every kCheckLines lines, and a set `cancel` (optional) throws ws::Cancelled there.
  void watch(std::function<void(int64_t, int64_t)> progress, const std::atomic<bool>* cancel);
  // After the last line: tells `progress` the whole file was read (bytes read = the size).
  void report_end() const;
  static constexpr int64_t kCheckLines = 1 << 14;

  // Throws ws::Error "<name>, line <line_number()>: <what>".
  [[noreturn]] void fail(const std::string& what) const;
  [[noreturn]] void fail_at(int64_t line, const std::string& what) const;

 private:
  LineReader() = default;
  bool fill();  // reads more of the file behind the unread bytes; false at its end

  std::string name_;
  std::FILE* file_ = nullptr;
  std::vector<char> buffer_;     // file mode: the chunk being read
  const char* begin_ = nullptr;  // unread bytes [begin_, end_)
  const char* end_ = nullptr;
  bool eof_ = true;
  int64_t line_ = 0;
  int64_t consumed_before_ = 0;  // bytes of the file before buffer_[0]
  int64_t total_bytes_ = 0;      // the file's size (0 for text in memory)
  std::function<void(int64_t, int64_t)> progress_;
  const std::atomic<bool>* cancel_ = nullptr;
};

// The whitespace-separated fields of a line ("\t", " ", and "," when `commas`).
class Fields {
 public:
  explicit Fields(std::string_view line, bool commas = false) : rest_(line), commas_(commas) {}
  // The next field; false when none is left.
  bool next(std::string_view& field);
  // The number of fields left (walks a copy).
  int count() const;

 private:
  std::string_view rest_;
  bool commas_;
};

// Whether a line holds only spaces and tabs.
bool is_blank(std::string_view line);
// The line without leading and trailing blanks.
std::string_view trim(std::string_view line);
// A field quoted for a message, cut to 40 characters: 'abc', or 'abcdef...'.
std::string quote(std::string_view field);

// Parsing one field; each throws through `in.fail` naming `what` (e.g. "a vertex id") with the
// field found when it is not a whole number / a finite number.
int64_t parse_int(const LineReader& in, std::string_view field, const char* what);
double parse_real(const LineReader& in, std::string_view field, const char* what);
// A vertex id of a file whose ids run from `base` to `last` (inclusive); names both.
int64_t parse_id(const LineReader& in, std::string_view field, int64_t base, int64_t last);

}  // namespace ws::graph
