// HeadlessGl in the browser: there is no headless GL there (the page's canvas is the only context),
// so the command line's figure rendering says so instead of failing later.
#include "shell/headless_context.h"

#include "common/error.h"

namespace ws::gfx {

std::unique_ptr<HeadlessGl> HeadlessGl::create() {
  throw Error("headless rendering is not available in the browser: export figures from the window");
}
HeadlessGl::~HeadlessGl() = default;
std::string HeadlessGl::renderer() const {
  return "";
}
std::string HeadlessGl::version() const {
  return "";
}
void HeadlessGl::make_current() const {}

}  // namespace ws::gfx
