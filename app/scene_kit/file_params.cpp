#include "file_params.h"

#include <charconv>
#include <filesystem>
#include <fstream>

#include "common/error.h"
#include "common/inputs.h"
#include "common/parse_real.h"

namespace ws::app {

namespace {

bool is_number(std::string_view w) {
  if (!w.empty() && w[0] == '+') w.remove_prefix(1);
  double v = 0;
  auto [p, ec] = ws::from_chars_real(w.data(), w.data() + w.size(), v);
  return ec == std::errc() && p == w.data() + w.size();
}

}  // namespace

unsigned file_kinds_taken(const Scene& scene) {
  // Asked about a file of each kind with no path: parameters, or an error from reading the (absent)
  // file to look at its content, mean the scene takes that kind; null means it does not.
  unsigned kinds = kind_bit(FileKind::Session);
  for (FileKind kind : {FileKind::Image, FileKind::Graph, FileKind::Text}) {
    try {
      if (!scene.params_for_file(FileInfo{"", kind, 0}).is_null()) kinds |= kind_bit(kind);
    } catch (const std::exception&) {
      kinds |= kind_bit(kind);
    }
  }
  return kinds;
}

std::optional<std::string> values_text_of(const FileInfo& file, int64_t max_values,
                                          const std::string& what, size_t max_bytes) {
  const std::string name = std::filesystem::path(file.path).filename().string();
  std::error_code ec;
  const uintmax_t bytes = std::filesystem::file_size(file.path, ec);
  if (ec) throw Error("'" + name + "' cannot be read (" + ec.message() + ")");
  std::ifstream in(file.path, std::ios::binary);
  if (!in) throw Error("'" + name + "' cannot be opened (is it readable?)");
  // Enough to tell words from numbers without reading a large file whole.
  std::string text(static_cast<size_t>(std::min<uintmax_t>(bytes, max_bytes)), '\0');
  in.read(text.data(), static_cast<std::streamsize>(text.size()));
  text.resize(static_cast<size_t>(std::max<std::streamsize>(0, in.gcount())));
  int64_t count = 0;
  size_t i = 0;
  const auto separator = [](char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == ',' || c == ';' || c == '\f' ||
           c == '\v';
  };
  while (i < text.size()) {
    while (i < text.size() && separator(text[i])) ++i;
    size_t j = i;
    while (j < text.size() && !separator(text[j])) ++j;
    if (j > i) {
      const bool cut = j == text.size() && text.size() < bytes;  // a number split by the limit
      if (!cut && !is_number(std::string_view(text).substr(i, j - i))) return std::nullopt;
      ++count;
    }
    i = j;
  }
  if (count == 0) return std::nullopt;
  if (bytes > max_bytes)
    throw Error("'" + name + "' is " + human_bytes(static_cast<int64_t>(bytes)) +
                " of numbers: typed values are read from files up to " +
                human_bytes(static_cast<int64_t>(max_bytes)) + " (" + what + ")");
  if (count > max_values)
    throw Error("'" + name + "' holds " + std::to_string(count) + " numbers: " + what);
  return text;
}

nlohmann::json values_params(const std::string& text, const nlohmann::json& current) {
  nlohmann::json params = {{"values", text}};
  if (current.is_object() && current.value("type", "") == "int32") {
    try {
      parse_values(text, ValueType::Int32);
    } catch (const std::exception&) {
      params["type"] = "float32";
    }
  }
  return params;
}

}  // namespace ws::app
