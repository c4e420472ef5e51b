// Small ImGui helpers the application modes' panels share.
#pragma once

#include <string>
#include <vector>

namespace ws::app::scan_apps {

// A combo over `items`; true when the user picked another one.
bool combo(const char* label, int& index, const std::vector<std::string>& items);
// A text field that reports its value when Enter is pressed.
bool text_field(const char* label, const char* hint, std::string& value);
void error_line(const std::string& error);  // red, nothing when empty
// A two-column table of counters.
void counter_table(const char* id, const std::vector<std::pair<std::string, std::string>>& rows);

}  // namespace ws::app::scan_apps
