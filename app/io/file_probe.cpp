// probe_file: the kind and a preview of a file from its first bytes (file_probe.h). Reads at most
// kHead bytes of a graph or text, the header of an image (stbi_info on the first bytes), and a
// session's JSON (up to kMaxSessionBytes).
#include "file_probe.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <system_error>
#include <vector>

#include "byte_order.h"
#include "i18n/i18n.h"
#include "image_header.h"
#include "stb_decoder.h"
#include "common/parse_real.h"

namespace ws::app {

namespace {

namespace fs = std::filesystem;

// The format names describe_preview shows through tr_text (the others are names).
[[maybe_unused]] const char* const kFormatWords[] = {TR_NOOP("edge list"), TR_NOOP("text"),
                                                     TR_NOOP("session")};

constexpr size_t kHead = size_t{64} << 10;               // graphs, text: the part looked at
constexpr size_t kImageHead = size_t{1} << 20;           // a JPEG's SOF may follow a large EXIF
constexpr size_t kNumbersHead = size_t{1} << 20;         // text: the part whose numbers are counted
constexpr int64_t kMaxSessionBytes = int64_t{16} << 20;  // sessions are small JSON files

std::string lower_extension(const std::string& path) {
  std::string ext = fs::path(path).extension().string();
  if (!ext.empty() && ext[0] == '.') ext.erase(0, 1);
  for (char& c : ext) c = char(std::tolower(static_cast<unsigned char>(c)));
  return ext;
}

std::string read_head(const std::string& path, size_t bytes) {
  std::ifstream in(path, std::ios::binary);
  std::string data(bytes, '\0');
  in.read(data.data(), static_cast<std::streamsize>(bytes));
  data.resize(static_cast<size_t>(std::max<std::streamsize>(0, in.gcount())));
  return data;
}

bool starts_with(std::string_view s, std::string_view prefix) {
  return s.substr(0, prefix.size()) == prefix;
}

const unsigned char* bytes_of(const std::string& s) {
  return reinterpret_cast<const unsigned char*>(s.data());
}

// ---- images

// The image format the magic number shows ("" for none); `unsupported` for the formats stb_image
// could read but warpscope's decoder leaves out.
std::string image_magic(const std::string& head, bool& unsupported) {
  unsupported = false;
  if (starts_with(head, "\x89PNG\r\n\x1a\n")) return "PNG";
  if (head.size() >= 3 && bytes_of(head)[0] == 0xFF && bytes_of(head)[1] == 0xD8 &&
      bytes_of(head)[2] == 0xFF)
    return "JPEG";
  if (starts_with(head, "BM") && head.size() >= 26) {
    const int32_t dib = le32(bytes_of(head) + 14);  // the size of the header after the file's
    if (dib == 12 || dib == 40 || dib == 52 || dib == 56 || dib == 64 || dib == 108 || dib == 124)
      return "BMP";
  }
  if (head.size() >= 3 && head[0] == 'P' && head[1] >= '1' && head[1] <= '6' &&
      std::isspace(static_cast<unsigned char>(head[2])))
    return "PGM/PPM";
  unsupported = true;
  if (starts_with(head, "GIF8")) return "GIF";
  if (starts_with(head, "8BPS")) return "Photoshop (PSD)";
  if (starts_with(head, "#?RADIANCE") || starts_with(head, "#?RGBE")) return "Radiance HDR";
  if (starts_with(head, "\x53\x80\xF6\x34")) return "Softimage PIC";
  if (starts_with(head, "RIFF") && head.size() >= 12 && head.substr(8, 4) == "WEBP") return "WebP";
  if (head.size() >= 12 && head.substr(4, 8) == "ftypavif") return "AVIF";
  if (starts_with(head, "II*\0") || starts_with(head, std::string_view("MM\0*", 4))) return "TIFF";
  unsupported = false;
  return "";
}

// A PNG whose chunks run past the end of the file (cut short), walked with seeks: each chunk is
// 4 bytes length, 4 type, data, 4 CRC.
bool png_truncated(const std::string& path, int64_t size) {
  std::ifstream in(path, std::ios::binary);
  int64_t pos = 8;
  for (int chunks = 0; chunks < 1 << 20 && pos < size; ++chunks) {
    unsigned char header[8];
    in.seekg(pos);
    if (!in.read(reinterpret_cast<char*>(header), 8)) return true;
    const int64_t length = be32(header);
    if (pos + 12 + length > size) return true;
    if (std::memcmp(header + 4, "IEND", 4) == 0) return false;
    pos += 12 + length;
  }
  return pos > size;
}

void probe_image(FilePreview& p, const std::string& format, const std::string& head) {
  p.format = format;
  p.info.kind = FileKind::Image;
  stb::Info info;
  if (!stb::info(bytes_of(head), head.size(), info)) {
    // stbi_info refuses sizes it would not allocate; the header still says what it claims.
    if (const auto claimed = header_size(bytes_of(head), head.size())) {
      p.width = static_cast<int>(std::min<int64_t>(claimed->width, INT32_MAX));
      p.height = static_cast<int>(std::min<int64_t>(claimed->height, INT32_MAX));
      return;
    }
    p.info.kind = FileKind::Unknown;
    const char* reason = stb::failure_reason();
    p.problem = trf("not a readable {0} image ({1})", format, reason ? reason : "?");
    return;
  }
  p.width = info.width;
  p.height = info.height;
  p.channels = info.channels;
  if (format == "PNG" && png_truncated(p.info.path, p.info.bytes)) {
    p.info.kind = FileKind::Unknown;
    p.problem = tr("the PNG file is cut short (a chunk runs past its end)");
  }
}

// ---- text and graphs

// Whether the bytes look like text: no NUL, at most 1 in 10 control characters.
bool looks_like_text(std::string_view head) {
  size_t control = 0;
  for (char ch : head) {
    const unsigned char c = static_cast<unsigned char>(ch);
    if (c == 0) return false;
    if ((c < 0x20 && c != '\n' && c != '\r' && c != '\t' && c != '\f' && c != '\v') || c == 0x7f)
      ++control;
  }
  return control * 10 <= head.size();
}

// The lines of `text`, the last one dropped when the text was cut (it may be partial).
std::vector<std::string_view> lines_of(std::string_view text, bool cut) {
  std::vector<std::string_view> lines;
  size_t pos = 0;
  while (pos < text.size()) {
    size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) {
      if (!cut) lines.push_back(text.substr(pos));
      break;
    }
    std::string_view line = text.substr(pos, end - pos);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    lines.push_back(line);
    pos = end + 1;
  }
  return lines;
}

std::vector<std::string_view> words_of(std::string_view line, bool commas = true) {
  std::vector<std::string_view> words;
  size_t i = 0;
  auto sep = [&](char c) {
    return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v' ||
           (commas && (c == ',' || c == ';'));
  };
  while (i < line.size()) {
    while (i < line.size() && sep(line[i])) ++i;
    size_t j = i;
    while (j < line.size() && !sep(line[j])) ++j;
    if (j > i) words.push_back(line.substr(i, j - i));
    i = j;
  }
  return words;
}

bool is_whole(std::string_view w, int64_t& value) {
  auto [p, ec] = std::from_chars(w.data(), w.data() + w.size(), value);
  return ec == std::errc() && p == w.data() + w.size();
}

bool is_number(std::string_view w) {
  if (!w.empty() && w[0] == '+') w.remove_prefix(1);
  double v = 0;
  auto [p, ec] = ws::from_chars_real(w.data(), w.data() + w.size(), v);
  return ec == std::errc() && p == w.data() + w.size();
}

// The numbers of a header line ("n m [fmt]", "rows cols nnz"); false when a word is no number.
bool header_numbers(std::string_view line, std::vector<int64_t>& out, size_t at_least) {
  out.clear();
  for (std::string_view w : words_of(line, false)) {
    int64_t v = 0;
    if (!is_whole(w, v) || v < 0) return false;
    out.push_back(v);
  }
  return out.size() >= at_least;
}

std::string_view trimmed(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
    s.remove_suffix(1);
  return s;
}

void as_graph(FilePreview& p, const char* format) {
  p.info.kind = FileKind::Graph;
  p.format = format;
}

void probe_matrix_market(FilePreview& p, const std::vector<std::string_view>& lines) {
  as_graph(p, "Matrix Market");
  if (lines.empty()) return;
  std::string banner(lines[0]);
  for (char& c : banner) c = char(std::tolower(static_cast<unsigned char>(c)));
  p.undirected = banner.find("symmetric") != std::string::npos ||
                 banner.find("hermitian") != std::string::npos;
  std::vector<int64_t> n;
  for (size_t i = 1; i < lines.size(); ++i) {
    const std::string_view l = trimmed(lines[i]);
    if (l.empty() || l[0] == '%') continue;
    if (header_numbers(l, n, 3)) {
      p.vertices = std::max(n[0], n[1]);
      p.edges = n[2];
    }
    return;
  }
}

void probe_metis(FilePreview& p, const std::vector<std::string_view>& lines) {
  as_graph(p, "METIS");
  p.undirected = true;
  std::vector<int64_t> n;
  for (const std::string_view line : lines) {
    const std::string_view l = trimmed(line);
    if (l.empty() || l[0] == '%') continue;
    if (header_numbers(l, n, 2)) {
      p.vertices = n[0];
      p.edges = n[1];
    }
    return;
  }
}

void probe_dimacs(FilePreview& p, const std::vector<std::string_view>& lines) {
  as_graph(p, "DIMACS");
  for (const std::string_view line : lines) {
    const std::string_view l = trimmed(line);
    if (!starts_with(l, "p ")) continue;
    const std::vector<std::string_view> w = words_of(l, false);
    int64_t n = 0, m = 0;
    if (w.size() >= 4 && is_whole(w[2], n) && is_whole(w[3], m)) {
      p.vertices = n;
      p.edges = m;
      p.undirected = w[1] == "edge";
    }
    return;
  }
}

// SNAP writes "# Nodes: 4039 Edges: 88234" in its header; otherwise the edges are the file's
// size over the average length of the first edge lines.
void probe_edge_list(FilePreview& p, const std::vector<std::string_view>& lines, bool cut) {
  as_graph(p, "edge list");
  int64_t edge_lines = 0, edge_bytes = 0, comment_bytes = 0;
  for (const std::string_view line : lines) {
    const std::string_view l = trimmed(line);
    if (!l.empty() && (l[0] == '#' || l[0] == '%')) {
      comment_bytes += int64_t(line.size()) + 1;
      const size_t nodes = l.find("Nodes:"), edges = l.find("Edges:");
      int64_t v = 0;
      if (nodes != std::string_view::npos) {
        const auto w = words_of(l.substr(nodes + 6), false);
        if (!w.empty() && is_whole(w[0], v)) p.vertices = v;
      }
      if (edges != std::string_view::npos) {
        const auto w = words_of(l.substr(edges + 6), false);
        if (!w.empty() && is_whole(w[0], v)) p.edges = v;
      }
      continue;
    }
    if (l.empty()) continue;
    ++edge_lines;
    edge_bytes += int64_t(line.size()) + 1;
  }
  if (p.edges >= 0 || edge_lines == 0) return;
  if (!cut) {
    p.edges = edge_lines;
    return;
  }
  // Lines grow with their ids (a sorted list starts "0 1"): the average length is measured at
  // the start and at a few places further on.
  double bytes = double(edge_bytes), counted = double(edge_lines);
  std::ifstream in(p.info.path, std::ios::binary);
  constexpr int kSamples = 6;
  constexpr size_t kSample = size_t{16} << 10;
  std::string sample(kSample, '\0');
  for (int i = 1; i <= kSamples; ++i) {
    const int64_t at = p.info.bytes * i / (kSamples + 1);
    if (at + int64_t(kSample) > p.info.bytes || at < int64_t(kHead)) continue;
    in.clear();
    in.seekg(at);
    in.read(sample.data(), static_cast<std::streamsize>(kSample));
    const std::string_view got(sample.data(),
                               static_cast<size_t>(std::max<std::streamsize>(0, in.gcount())));
    const size_t first = got.find('\n'), last = got.rfind('\n');
    if (first == std::string_view::npos || last <= first) continue;
    bytes += double(last - first);
    counted += double(std::count(got.begin() + first, got.begin() + last, '\n'));
  }
  p.edges = static_cast<int64_t>(double(p.info.bytes - comment_bytes) / (bytes / counted) + 0.5);
  p.edges_estimated = true;
}

// Every meaningful line two or three whole numbers, the first two non-negative ids: "u v [w]".
// Three columns count only after '#' comments (SNAP) or with an edge-list extension, so a typed
// 3-column matrix stays a text.
bool looks_like_edge_list(const std::vector<std::string_view>& lines, bool comments_seen,
                          bool edge_extension) {
  int64_t edge_lines = 0;
  for (const std::string_view line : lines) {
    const std::string_view l = trimmed(line);
    if (l.empty() || l[0] == '#' || l[0] == '%') continue;
    const std::vector<std::string_view> w = words_of(l);
    if (w.size() < 2 || w.size() > 3) return false;
    if (w.size() == 3 && !comments_seen && !edge_extension) return false;
    int64_t u = 0, v = 0;
    if (!is_whole(w[0], u) || !is_whole(w[1], v) || u < 0 || v < 0) return false;
    if (w.size() == 3 && !is_number(w[2])) return false;
    ++edge_lines;
  }
  return edge_lines >= 2 || (edge_lines >= 1 && (comments_seen || edge_extension));
}

void probe_text(FilePreview& p, const std::string& head, bool cut) {
  p.info.kind = FileKind::Text;
  p.format = "text";
  // The numbers: over the first MiB (the head was 64 KiB: read more when the file has more).
  const std::string body = cut ? read_head(p.info.path, kNumbersHead) : head;
  p.numbers_partial = int64_t(body.size()) < p.info.bytes;
  const std::vector<std::string_view> lines = lines_of(body, p.numbers_partial);
  p.lines = int64_t(lines.size());
  p.numeric = true;
  for (const std::string_view line : lines)
    for (const std::string_view w : words_of(line)) {
      if (!is_number(w)) p.numeric = false;
      ++p.numbers;
    }
  if (p.numbers == 0) p.numeric = false;
  if (!p.numeric) p.numbers = 0;
  // The first words, on one line, cut at a character boundary.
  std::string words;
  for (const std::string_view line : lines) {
    for (const std::string_view w : words_of(line, false)) {
      if (words.size() + w.size() > 60) break;
      words += (words.empty() ? "" : " ") + std::string(w);
    }
    if (words.size() > 40) break;
  }
  p.first_words = words;
}

void probe_json(FilePreview& p, const std::string& head) {
  p.format = "session";
  if (p.info.bytes > kMaxSessionBytes) {
    p.problem = tr("a JSON file larger than 16 MB: not a warpscope session");
    return;
  }
  const std::string text = int64_t(head.size()) < p.info.bytes
                               ? read_head(p.info.path, static_cast<size_t>(p.info.bytes))
                               : head;
  const nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
  if (j.is_discarded()) {
    p.problem = tr("not valid JSON, so not a warpscope session");
    return;
  }
  if (!j.is_object() || !j.contains("warpscope_session")) {
    p.problem = tr("a JSON file that is not a warpscope session (no \"warpscope_session\" key)");
    return;
  }
  p.info.kind = FileKind::Session;
  if (j.contains("scene") && j["scene"].is_string()) p.scene = j["scene"].get<std::string>();
}

const char* graph_extension_format(const std::string& ext) {
  if (ext == "mtx") return "Matrix Market";
  if (ext == "graph" || ext == "metis") return "METIS";
  if (ext == "gr") return "DIMACS";
  if (ext == "el" || ext == "wel" || ext == "snap" || ext == "edges") return "edge list";
  return nullptr;
}

bool image_extension(const std::string& ext) {
  return ext == "png" || ext == "jpg" || ext == "jpeg" || ext == "bmp" || ext == "tga" ||
         ext == "pgm" || ext == "ppm" || ext == "pnm" || ext == "pbm";
}

void probe_content(FilePreview& p) {
  const std::string ext = lower_extension(p.info.path);
  const size_t head_size = static_cast<size_t>(
      std::min<int64_t>(p.info.bytes, int64_t(image_extension(ext) ? kImageHead : kHead)));
  std::string head = read_head(p.info.path, head_size);
  if (head.size() < head_size) {
    p.problem = tr("cannot be read to the end of its first bytes (is it readable?)");
    return;
  }
  bool unsupported = false;
  const std::string image = image_magic(head, unsupported);
  if (unsupported) {
    p.format = image;
    p.problem = trf("a {0} image: warpscope reads PNG, JPEG, BMP, TGA and PGM/PPM", image);
    return;
  }
  if (!image.empty() || ext == "tga") {
    if (head.size() < kImageHead && int64_t(head.size()) < p.info.bytes)
      head = read_head(p.info.path,
                       static_cast<size_t>(std::min<int64_t>(p.info.bytes, int64_t(kImageHead))));
    FilePreview as_image = p;
    probe_image(as_image, image.empty() ? "TGA" : image, head);
    // A magic number alone ("P3 ..." or "BM..." starting a text) is no image unless the name
    // says it is one or stb_image reads its header.
    if (as_image.problem.empty() || image_extension(ext)) {
      p = as_image;
      return;
    }
    head.resize(std::min(head.size(), kHead));
  }
  if (starts_with(head, "\x1f\x8b") || starts_with(head, "PK\x03\x04")) {
    p.problem = tr("a compressed file (gzip or zip): extract it first");
    return;
  }
  const std::string_view text(head.data(), std::min(head.size(), kHead));
  if (!looks_like_text(text)) {
    p.problem = image_extension(ext)
                    ? tr("not an image: no PNG, JPEG, BMP or PGM/PPM header (a corrupt file?)")
                : graph_extension_format(ext)
                    ? trf("binary data, not a {0} text file", graph_extension_format(ext))
                    : tr("binary data that warpscope does not read (not an image, graph, "
                         "session or text)");
    return;
  }
  if (image_extension(ext)) {
    p.problem = tr("not an image: no PNG, JPEG, BMP or PGM/PPM header (a corrupt file?)");
    return;
  }
  const bool cut = int64_t(head.size()) < p.info.bytes;
  const std::vector<std::string_view> lines = lines_of(head, cut);
  std::string_view first;
  bool comments = false;
  for (const std::string_view line : lines) {
    const std::string_view l = trimmed(line);
    if (l.empty()) continue;
    if (l[0] == '#') {
      comments = true;
      continue;
    }
    first = l;
    break;
  }
  const size_t brace = head.find_first_not_of(" \t\r\n");
  if (brace != std::string::npos && head[brace] == '{' && !comments) {
    probe_json(p, head);
    if (p.info.kind == FileKind::Session || ext == "json") return;
    p.problem.clear();  // braces in a text: read it as text
  }
  if (starts_with(trimmed(lines.empty() ? std::string_view() : lines[0]), "%%MatrixMarket")) {
    probe_matrix_market(p, lines);
    return;
  }
  const char* by_extension = graph_extension_format(ext);
  if (by_extension && std::string(by_extension) == "Matrix Market") {
    probe_matrix_market(p, lines);  // no banner: the loader will say what it expected
    return;
  }
  if (by_extension && std::string(by_extension) == "METIS") return probe_metis(p, lines);
  const bool dimacs_line = starts_with(first, "p sp ") || starts_with(first, "p edge ") ||
                           (first.size() >= 2 && first[0] == 'c' && first[1] == ' ');
  if ((by_extension && std::string(by_extension) == "DIMACS") || dimacs_line)
    return probe_dimacs(p, lines);
  if (by_extension || looks_like_edge_list(lines, comments, false))
    return probe_edge_list(p, lines, cut);
  probe_text(p, head, cut);
}

}  // namespace

FilePreview probe_file(const std::string& path) {
  FilePreview p;
  p.info.path = path;
  std::error_code ec;
  const fs::file_status status = fs::status(path, ec);
  if (path.empty()) {
    p.problem = tr("no file given");
  } else if (!fs::exists(status)) {
    p.problem = tr("not found");
  } else if (fs::is_directory(status)) {
    p.problem = tr("is a folder, not a file");
  } else if (!fs::is_regular_file(status)) {
    p.problem = tr("is not a regular file");
  } else {
    const uintmax_t bytes = fs::file_size(path, ec);
    if (ec) {
      p.problem = trf("cannot be read ({0})", ec.message());
    } else {
      p.info.bytes = static_cast<int64_t>(bytes);
      if (bytes == 0) {
        p.problem = tr("is an empty file (0 bytes)");
      } else {
        std::ifstream probe(path, std::ios::binary);
        if (!probe)
          p.problem = tr("cannot be opened (is it readable?)");
        else
          probe_content(p);
      }
    }
  }
  if (!p.problem.empty()) p.info.kind = FileKind::Unknown;
  return p;
}

unsigned kinds_from_extension(const std::string& path) {
  const std::string ext = lower_extension(path);
  if (image_extension(ext)) return kind_bit(FileKind::Image);
  if (graph_extension_format(ext)) return kind_bit(FileKind::Graph);
  if (ext == "json") return kind_bit(FileKind::Session);
  if (ext == "txt" || ext == "csv" || ext == "tsv" || ext == "dat")
    return kind_bit(FileKind::Text) | kind_bit(FileKind::Graph);
  if (ext == "text") return kind_bit(FileKind::Text);
  return 0;
}

std::string human_bytes(int64_t bytes) {
  char text[32];
  if (bytes < 1024) return trf("{0} bytes", bytes);
  const char* units[] = {"KB", "MB", "GB", "TB"};
  double v = double(bytes) / 1024.0;
  int u = 0;
  while (v >= 1024.0 && u < 3) v /= 1024.0, ++u;
  std::snprintf(text, sizeof text, "%.1f %s", v, units[u]);
  return text;
}

std::string grouped(int64_t n) {
  std::string digits = std::to_string(n < 0 ? -n : n), out;
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return n < 0 ? "-" + out : out;
}

std::string kind_name(FileKind kind) {
  switch (kind) {
    case FileKind::Image:
      return tr("image");
    case FileKind::Graph:
      return tr("graph");
    case FileKind::Session:
      return tr("session");
    case FileKind::Text:
      return tr("text");
    case FileKind::Unknown:
      break;
  }
  return tr("unknown");
}

std::string describe_preview(const FilePreview& p) {
  const std::string size = human_bytes(p.info.bytes);
  if (!p.problem.empty()) return p.problem;
  switch (p.info.kind) {
    case FileKind::Image: {
      const char* colour = p.channels == 1   ? tr("grey")
                           : p.channels == 2 ? tr("grey + alpha")
                           : p.channels == 3 ? "RGB"
                           : p.channels == 4 ? "RGBA"
                                             : "";
      const std::string pixels = p.width > 0 && p.height > 0
                                     ? trf("{0} × {1} pixels", p.width, p.height)
                                     : std::string(tr("size unknown"));
      return trf("{0} image, {1}, {2}, {3}", p.format, pixels, colour, size);
    }
    case FileKind::Graph: {
      std::string counts;
      if (p.vertices >= 0) counts += trf("{0} vertices", grouped(p.vertices));
      if (p.edges >= 0) {
        if (!counts.empty()) counts += ", ";
        // An estimate to two significant digits: 94,958 reads as 95,000.
        int64_t rounded = p.edges, unit = 1;
        while (rounded >= 100) rounded /= 10, unit *= 10;
        rounded = (p.edges + unit / 2) / unit * unit;
        counts += p.edges_estimated
                      ? trf("about {0} edges (estimated from the file size)", grouped(rounded))
                      : trf("{0} edges", grouped(p.edges));
        if (p.undirected) counts += std::string(" ") + tr("(undirected)");
      }
      if (counts.empty()) counts = tr("size not in the header");
      return trf("{0} graph: {1}, {2}", tr_text(p.format), counts, size);
    }
    case FileKind::Session:
      return p.scene.empty() ? trf("warpscope session, {0}", size)
                             : trf("warpscope session of the scene '{0}', {1}", p.scene, size);
    case FileKind::Text: {
      const std::string words = p.first_words.empty() ? "" : ": \"" + p.first_words + "\"";
      if (p.numeric)
        return p.numbers_partial
                   ? trf("text of numbers, {0}, more than {1} numbers{2}", size, p.numbers, words)
                   : trf("text of numbers, {0}, {1} numbers{2}", size, p.numbers, words);
      return trf("text, {0}, {1} lines{2}", size, p.lines, words);
    }
    case FileKind::Unknown:
      break;
  }
  return tr("not a file warpscope reads");
}

}  // namespace ws::app
