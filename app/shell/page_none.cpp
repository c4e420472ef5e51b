// The desktop has no page around the app (page.h).
#include "shell/page.h"

namespace ws::gfx::page {

bool in_browser() {
  return false;
}
bool pick_files(const std::string&) {
  return false;
}
std::vector<std::string> take_picked_files() {
  return {};
}
void offer_download(const std::string&) {}
void persist_settings() {}

}  // namespace ws::gfx::page
