// The browser build's side of the page (page.h): calls into globalThis.warpscopePage
// (web/shell/warpscope_page.js), and ws_web_files_opened, which the page calls with the paths of
// the files it wrote into /uploads after the user picked them.
#include "shell/page.h"

#include <emscripten.h>

#include <algorithm>
#include <string>

namespace ws::gfx::page {

namespace {

std::vector<std::string>& picked() {
  static std::vector<std::string> paths;
  return paths;
}

EM_JS(int, page_pick_files, (const char* accept), {
  if (!globalThis.warpscopePage) return 0;
  globalThis.warpscopePage.pickFiles(UTF8ToString(accept));
  return 1;
});

EM_JS(void, page_download, (const char* path), {
  if (globalThis.warpscopePage) globalThis.warpscopePage.download(UTF8ToString(path));
});

EM_JS(void, page_persist, (), {
  if (globalThis.warpscopePage) globalThis.warpscopePage.persist();
});

}  // namespace

bool in_browser() {
  return true;
}

bool pick_files(const std::string& accept) {
  return page_pick_files(accept.c_str()) != 0;
}

std::vector<std::string> take_picked_files() {
  std::vector<std::string> out;
  out.swap(picked());
  return out;
}

void offer_download(const std::string& path) {
  page_download(path.c_str());
}

void persist_settings() {
  page_persist();
}

}  // namespace ws::gfx::page

// Called by the page: the picked files' paths, one per line.
extern "C" EMSCRIPTEN_KEEPALIVE void ws_web_files_opened(const char* paths) {
  const std::string text = paths ? paths : "";
  size_t start = 0;
  while (start < text.size()) {
    const size_t end = std::min(text.find('\n', start), text.size());
    if (end > start) ws::gfx::page::picked().push_back(text.substr(start, end - start));
    start = end + 1;
  }
}
