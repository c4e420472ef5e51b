// The line reader and number parsing shared by the graph loaders (graph_lines.h).
#include "graph_lines.h"

#include <charconv>
#include <cmath>
#include <cstring>
#include <utility>

#include "../common/cancelled.h"
#include "../common/error.h"
#include "common/parse_real.h"

namespace ws::graph {

namespace {
constexpr size_t kChunk = size_t{4} << 20;  // bytes read per fread
constexpr size_t kHead = 4096;              // bytes looked at for format and binary checks
}  // namespace

LineReader LineReader::open_file(const std::string& path) {
  LineReader r;
  r.name_ = path;
  r.file_ = std::fopen(path.c_str(), "rb");
  if (!r.file_)
    throw ws::Error(path + ": cannot open the file (" + std::strerror(errno) +
                    "); expected a readable graph file");
  if (std::fseek(r.file_, 0, SEEK_END) == 0) {
    r.total_bytes_ = std::max<int64_t>(0, std::ftell(r.file_));
    std::rewind(r.file_);
  }
  r.buffer_.resize(kChunk);
  r.begin_ = r.end_ = r.buffer_.data();
  r.eof_ = false;
  r.fill();
  return r;
}

LineReader LineReader::from_text(std::string_view text, std::string name) {
  LineReader r;
  r.name_ = std::move(name);
  r.begin_ = text.data();
  r.end_ = text.data() + text.size();
  r.eof_ = true;
  return r;
}

LineReader::LineReader(LineReader&& o) noexcept
    : name_(std::move(o.name_)),
      file_(o.file_),
      buffer_(std::move(o.buffer_)),
      begin_(o.begin_),
      end_(o.end_),
      eof_(o.eof_),
      line_(o.line_),
      consumed_before_(o.consumed_before_),
      total_bytes_(o.total_bytes_),
      progress_(std::move(o.progress_)),
      cancel_(o.cancel_) {
  o.file_ = nullptr;
}

LineReader::~LineReader() {
  if (file_) std::fclose(file_);
}

bool LineReader::fill() {
  if (eof_) return false;
  // Keep the unread bytes, moved to the front; grow when they fill the buffer (a long line).
  size_t keep = size_t(end_ - begin_);
  consumed_before_ += int64_t(begin_ - buffer_.data());
  if (keep > 0 && begin_ != buffer_.data()) std::memmove(buffer_.data(), begin_, keep);
  if (keep + kChunk / 2 > buffer_.size()) buffer_.resize(buffer_.size() * 2);
  size_t got = std::fread(buffer_.data() + keep, 1, buffer_.size() - keep, file_);
  if (got == 0) {
    eof_ = true;
    if (std::ferror(file_)) fail_at(line_ + 1, "the file could not be read to its end");
  }
  begin_ = buffer_.data();
  end_ = begin_ + keep + got;
  return got > 0;
}

bool LineReader::next(std::string_view& line) {
  const char* nl = nullptr;
  size_t scanned = 0;
  for (;;) {
    nl = static_cast<const char*>(
        std::memchr(begin_ + scanned, '\n', size_t(end_ - begin_) - scanned));
    if (nl) break;
    scanned = size_t(end_ - begin_);
    if (!fill()) break;
  }
  if (!nl && begin_ == end_) return false;
  const char* stop = nl ? nl : end_;
  line = std::string_view(begin_, size_t(stop - begin_));
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  begin_ = nl ? nl + 1 : end_;
  ++line_;
  if ((progress_ || cancel_) && line_ % kCheckLines == 0) {
    if (cancel_ && cancel_->load(std::memory_order_relaxed))
      throw ws::Cancelled(name_ + ": loading cancelled");
    if (progress_ && file_)
      progress_(consumed_before_ + int64_t(begin_ - buffer_.data()), total_bytes_);
  }
  return true;
}

void LineReader::report_end() const {
  if (progress_ && file_) progress_(total_bytes_, total_bytes_);
}

void LineReader::watch(std::function<void(int64_t, int64_t)> progress,
                       const std::atomic<bool>* cancel) {
  progress_ = std::move(progress);
  cancel_ = cancel;
}

std::string_view LineReader::head() const {
  return std::string_view(begin_, std::min(size_t(end_ - begin_), kHead));
}

void LineReader::require_text() const {
  std::string_view h = head();
  if (h.empty()) fail_at(1, "the file is empty; expected a graph (a header or edges)");
  auto u = [&](size_t i) { return static_cast<unsigned char>(h[i]); };
  if (h.size() >= 2 && u(0) == 0x1f && u(1) == 0x8b)
    fail_at(1, "found a gzip-compressed file; expected text (decompress it first, e.g. gunzip)");
  if (h.size() >= 4 && h.substr(0, 4) == std::string_view("PK\x03\x04", 4))
    fail_at(1, "found a zip archive; expected text (extract the graph file first)");
  int64_t line = 1, first_bad_line = 0;
  size_t control = 0;
  for (size_t i = 0; i < h.size(); ++i) {
    unsigned char c = u(i);
    if (c == 0) fail_at(line, "found a NUL byte (a binary file); expected a text graph file");
    if (c == '\n') ++line;
    if ((c < 0x20 && c != '\n' && c != '\r' && c != '\t' && c != '\f' && c != '\v') || c == 0x7f) {
      ++control;
      if (!first_bad_line) first_bad_line = line;
    }
  }
  if (control * 10 > h.size())
    fail_at(first_bad_line,
            "found mostly non-text bytes (a binary file); expected a text graph file");
}

void LineReader::fail(const std::string& what) const {
  fail_at(line_, what);
}

void LineReader::fail_at(int64_t line, const std::string& what) const {
  throw ws::Error(name_ + ", line " + std::to_string(line) + ": " + what);
}

bool Fields::next(std::string_view& field) {
  size_t i = 0, n = rest_.size();
  auto sep = [&](char c) { return c == ' ' || c == '\t' || (commas_ && c == ','); };
  while (i < n && sep(rest_[i])) ++i;
  if (i == n) {
    rest_ = {};
    return false;
  }
  size_t j = i;
  while (j < n && !sep(rest_[j])) ++j;
  field = rest_.substr(i, j - i);
  rest_ = rest_.substr(j);
  return true;
}

int Fields::count() const {
  Fields copy = *this;
  std::string_view f;
  int n = 0;
  while (copy.next(f)) ++n;
  return n;
}

bool is_blank(std::string_view line) {
  for (char c : line)
    if (c != ' ' && c != '\t') return false;
  return true;
}

std::string_view trim(std::string_view line) {
  size_t b = 0, e = line.size();
  while (b < e && (line[b] == ' ' || line[b] == '\t')) ++b;
  while (e > b && (line[e - 1] == ' ' || line[e - 1] == '\t')) --e;
  return line.substr(b, e - b);
}

std::string quote(std::string_view field) {
  std::string s;
  size_t n = std::min<size_t>(field.size(), 40);
  for (size_t i = 0; i < n; ++i) {
    unsigned char c = static_cast<unsigned char>(field[i]);
    s += (c < 0x20 || c == 0x7f) ? '?' : char(c);
  }
  return "'" + s + (field.size() > 40 ? "...'" : "'");
}

int64_t parse_int(const LineReader& in, std::string_view f, const char* what) {
  int64_t v = 0;
  auto [p, ec] = std::from_chars(f.data(), f.data() + f.size(), v);
  if (ec == std::errc::result_out_of_range)
    in.fail("found " + quote(f) + ", too large; expected " + what);
  if (ec != std::errc() || p != f.data() + f.size())
    in.fail("found " + quote(f) + "; expected " + what + " (a whole number)");
  return v;
}

double parse_real(const LineReader& in, std::string_view f, const char* what) {
  double v = 0;
  const char* b = f.data();
  if (!f.empty() && f[0] == '+') ++b;
  auto [p, ec] = ws::from_chars_real(b, f.data() + f.size(), v);
  if (ec != std::errc() || p != f.data() + f.size() || !std::isfinite(v))
    in.fail("found " + quote(f) + "; expected " + what + " (a finite number)");
  return v;
}

int64_t parse_id(const LineReader& in, std::string_view f, int64_t base, int64_t last) {
  int64_t v = 0;
  auto [p, ec] = std::from_chars(f.data(), f.data() + f.size(), v);
  auto range = [&] {
    return "a vertex id from " + std::to_string(base) + " to " + std::to_string(last);
  };
  if (ec == std::errc::result_out_of_range && !f.empty() && f[0] != '-')
    in.fail("found vertex id " + quote(f) + ", past the declared vertex count; expected " +
            range());
  if (ec != std::errc() || p != f.data() + f.size()) {
    if (!f.empty() && f[0] == '-')
      in.fail("found a negative vertex id " + quote(f) + "; expected " + range());
    in.fail("found " + quote(f) + ", not a number; expected " + range());
  }
  if (v < 0) in.fail("found a negative vertex id " + quote(f) + "; expected " + range());
  if (v < base || v > last) {
    if (v > last)
      in.fail("found vertex id " + std::string(f) + ", past the declared vertex count; expected " +
              range());
    in.fail("found vertex id " + std::string(f) + "; expected " + range() + " (ids are " +
            std::to_string(base) + "-based)");
  }
  return v;
}

}  // namespace ws::graph
