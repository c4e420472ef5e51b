// The in-app file browser of File > Open. FileBrowser is the model, testable without ImGui: the
// folder shown, its entries (folders first, then files, each by name), the filter (the kinds the
// current scene takes, every kind warpscope opens, or every file), going up and into folders, a
// typed path, the selected file's preview (probe_file: an image's size, a graph's vertices and
// edges, a session's scene, a text's first words) and the recent files. file_browser_ui draws it
// as a modal window.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "io/file_probe.h"
#include "io/user_settings.h"

namespace ws::app {

class FileBrowser {
 public:
  enum class Filter {
    Scene,     // the kinds the current scene takes (set_accepted), and folders
    Openable,  // every kind warpscope opens (images, graphs, sessions, text)
    All,       // every file, hidden ones too
  };
  struct Entry {
    std::string name;  // file or folder name
    std::string path;  // folder() / name
    bool folder = false;
    unsigned kinds = 0;  // kinds_from_extension (files)
    int64_t bytes = 0;
  };

  // Opens `folder` ("" = the working folder; a folder that cannot be read falls back to it).
  explicit FileBrowser(const std::string& folder = "");

  const std::string& folder() const { return folder_; }
  // Shows `folder`; false (and error()) when it is not a readable folder: the view stays.
  bool open_folder(const std::string& folder);
  bool up();                            // the parent folder; false at the root
  bool enter(const std::string& name);  // a folder listed in the current one
  // A path typed by the user (relative to the folder shown, "~" for home): a folder opens, a file
  // is selected in its folder. False (and error()) when there is nothing there.
  bool go_to(const std::string& typed);
  void refresh();  // lists the folder again
  const std::string& error() const { return error_; }

  void set_accepted(unsigned kinds);  // kind_bit()s the current scene takes (file_kinds_taken)
  unsigned accepted() const { return accepted_; }
  void set_filter(Filter filter);
  Filter filter() const { return filter_; }
  // The folder's entries that pass the filter: folders first, then files, each by name (case
  // does not matter; "file2" before "file10").
  const std::vector<Entry>& entries() const { return shown_; }

  // Selects a file (probed now: a header read); "" clears the selection.
  void select(const std::string& path);
  const std::string& selected() const { return selected_; }
  const FilePreview* preview() const { return preview_ ? &*preview_ : nullptr; }

  // The recent files (newest first) that still exist, from the settings.
  static std::vector<std::string> recent_files(const UserSettings& settings);

 private:
  bool passes(const Entry& e) const;
  void apply_filter();

  std::string folder_, error_, selected_;
  std::vector<Entry> all_, shown_;
  unsigned accepted_ = ~0u;
  Filter filter_ = Filter::Scene;
  std::optional<FilePreview> preview_;
};

// The browser as an ImGui modal; call every frame. `open` set to true opens it (and is cleared).
// Returns the file the user chose to open (Open, a double click, Enter), or nullopt.
std::optional<std::string> file_browser_ui(FileBrowser& browser, bool& open,
                                           const UserSettings& settings);

}  // namespace ws::app
