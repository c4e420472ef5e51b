// The file browser's model (file_browser.h); its ImGui view is file_browser_view.cpp.
#include "file_browser.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <system_error>

#include "i18n/i18n.h"

namespace ws::app {

namespace {

namespace fs = std::filesystem;

// Case-insensitive, with runs of digits compared as numbers: "file2" < "File10".
bool natural_less(const std::string& a, const std::string& b) {
  size_t i = 0, j = 0;
  while (i < a.size() && j < b.size()) {
    const unsigned char ca = static_cast<unsigned char>(a[i]),
                        cb = static_cast<unsigned char>(b[j]);
    if (std::isdigit(ca) && std::isdigit(cb)) {
      size_t ei = i, ej = j;
      while (ei < a.size() && std::isdigit(static_cast<unsigned char>(a[ei]))) ++ei;
      while (ej < b.size() && std::isdigit(static_cast<unsigned char>(b[ej]))) ++ej;
      std::string na = a.substr(i, ei - i), nb = b.substr(j, ej - j);
      na.erase(0, std::min(na.find_first_not_of('0'), na.size()));
      nb.erase(0, std::min(nb.find_first_not_of('0'), nb.size()));
      if (na.size() != nb.size()) return na.size() < nb.size();
      if (na != nb) return na < nb;
      i = ei;
      j = ej;
      continue;
    }
    const int la = std::tolower(ca), lb = std::tolower(cb);
    if (la != lb) return la < lb;
    ++i;
    ++j;
  }
  if ((a.size() - i) != (b.size() - j)) return a.size() - i < b.size() - j;
  return a < b;  // same but for case: a fixed order
}

std::string expand_home(const std::string& typed) {
  if (typed == "~" || typed.rfind("~/", 0) == 0) {
    const char* home = std::getenv("HOME");
    if (home && *home) return std::string(home) + typed.substr(1);
  }
  return typed;
}

std::string normal(const fs::path& p) {
  std::string s = p.lexically_normal().string();
  while (s.size() > 1 && s.back() == '/') s.pop_back();
  return s;
}

}  // namespace

FileBrowser::FileBrowser(const std::string& folder) {
  std::error_code ec;
  const std::string cwd = fs::current_path(ec).string();
  if (folder.empty() || !open_folder(folder)) {
    error_.clear();
    open_folder(cwd.empty() ? "/" : cwd);
  }
}

bool FileBrowser::open_folder(const std::string& folder) {
  std::error_code ec;
  const fs::path absolute = fs::absolute(expand_home(folder), ec);
  if (ec || !fs::is_directory(absolute, ec)) {
    error_ = trf("'{0}' is not a folder", folder);
    return false;
  }
  std::vector<Entry> entries;
  fs::directory_iterator it(absolute, fs::directory_options::skip_permission_denied, ec);
  if (ec) {
    error_ = trf("cannot list '{0}' ({1})", folder, ec.message());
    return false;
  }
  for (; it != fs::directory_iterator(); it.increment(ec)) {
    if (ec) break;
    Entry e;
    e.name = it->path().filename().string();
    e.path = normal(it->path());
    std::error_code entry_ec;
    e.folder = it->is_directory(entry_ec);
    if (!e.folder) {
      if (!it->is_regular_file(entry_ec)) continue;  // sockets, broken links
      e.kinds = kinds_from_extension(e.name);
      e.bytes = static_cast<int64_t>(it->file_size(entry_ec));
    }
    entries.push_back(std::move(e));
  }
  std::sort(entries.begin(), entries.end(), [](const Entry& a, const Entry& b) {
    if (a.folder != b.folder) return a.folder;
    return natural_less(a.name, b.name);
  });
  folder_ = normal(absolute);
  all_ = std::move(entries);
  error_.clear();
  if (!selected_.empty() && fs::path(selected_).parent_path() != fs::path(folder_)) select("");
  apply_filter();
  return true;
}

bool FileBrowser::up() {
  const fs::path parent = fs::path(folder_).parent_path();
  if (parent.empty() || normal(parent) == folder_) return false;
  return open_folder(parent.string());
}

bool FileBrowser::enter(const std::string& name) {
  for (const Entry& e : all_)
    if (e.folder && e.name == name) return open_folder(e.path);
  error_ = trf("no folder '{0}' here", name);
  return false;
}

bool FileBrowser::go_to(const std::string& typed) {
  if (typed.empty()) return false;
  fs::path p = expand_home(typed);
  if (p.is_relative()) p = fs::path(folder_) / p;
  std::error_code ec;
  if (fs::is_directory(p, ec)) return open_folder(p.string());
  if (fs::exists(p, ec)) {
    if (!open_folder(p.parent_path().string())) return false;
    select(normal(p));
    return true;
  }
  error_ = trf("nothing at '{0}'", typed);
  return false;
}

void FileBrowser::refresh() {
  const std::string keep = selected_;
  open_folder(folder_);
  if (!keep.empty()) select(keep);
}

void FileBrowser::set_accepted(unsigned kinds) {
  accepted_ = kinds;
  apply_filter();
}

void FileBrowser::set_filter(Filter filter) {
  filter_ = filter;
  apply_filter();
}

bool FileBrowser::passes(const Entry& e) const {
  if (filter_ == Filter::All) return true;
  if (!e.name.empty() && e.name[0] == '.') return false;  // hidden
  if (e.folder) return true;
  if (filter_ == Filter::Openable) return e.kinds != 0;
  return (e.kinds & accepted_) != 0;
}

void FileBrowser::apply_filter() {
  shown_.clear();
  for (const Entry& e : all_)
    if (passes(e)) shown_.push_back(e);
}

void FileBrowser::select(const std::string& path) {
  selected_ = path;
  if (path.empty())
    preview_.reset();
  else
    preview_ = probe_file(path);
}

std::vector<std::string> FileBrowser::recent_files(const UserSettings& settings) {
  std::vector<std::string> out;
  for (const std::string& f : settings.recent_files) {
    std::error_code ec;
    if (fs::is_regular_file(f, ec)) out.push_back(f);
  }
  return out;
}

}  // namespace ws::app
