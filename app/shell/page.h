// The web page around the browser build (web/shell/warpscope_page.js): files the user picks with
// the browser's picker arrive in /uploads, and files the app writes are handed to the browser as
// downloads. On the desktop there is no page: in_browser() is false, pick_files() does nothing and
// returns false, offer_download() does nothing (the file is where the user asked for it).
#pragma once

#include <string>
#include <vector>

namespace ws::gfx::page {

bool in_browser();
// Opens the browser's file picker for `accept` (".png,.jpg,..."; "" any file); the chosen files
// come back through take_picked_files() frames later. False where there is no page.
bool pick_files(const std::string& accept);
// The paths of the files picked since the last call (written to /uploads), in the order chosen.
std::vector<std::string> take_picked_files();
// Offers the file at `path` (just written) as a download named after it.
void offer_download(const std::string& path);
// Saves the settings folder ($HOME/.config/warpscope) where the browser keeps it across reloads
// (IndexedDB); after the app wrote settings. The window also calls it now and then (ImGui's
// layout file is written by ImGui itself).
void persist_settings();

}  // namespace ws::gfx::page
