// Every scene keeps a table of its variants (an enum plus an id, a title, a PMPP section and a
// lesson). These look one up by its enum, or by the text a user typed: its id or its number, and
// list the ids.
#pragma once

#include <string>
#include <vector>

#include "error.h"

namespace ws {

template <class Info, class Enum>
const Info& find_variant_info(const std::vector<Info>& infos, Enum v, const char* scene) {
  for (const Info& i : infos)
    if (i.variant == v) return i;
  throw Error(std::string("unknown ") + scene + " variant " + std::to_string(static_cast<int>(v)));
}

template <class Info, class Enum>
bool parse_variant_text(const std::vector<Info>& infos, const std::string& text, Enum& out) {
  for (const Info& i : infos) {
    if (text == i.id || text == std::to_string(static_cast<int>(i.variant))) {
      out = i.variant;
      return true;
    }
  }
  return false;
}

// The ids as a message lists them: "sequential, interleaved, ...".
template <class Info>
std::string variant_id_list(const std::vector<Info>& infos) {
  std::string list;
  for (const Info& i : infos) list += (list.empty() ? "" : ", ") + std::string(i.id);
  return list;
}

// The ids of a table's variants, in order (lecture mode's keys 1..9 choose among them).
template <class Info>
std::vector<std::string> variant_ids(const std::vector<Info>& infos) {
  std::vector<std::string> ids;
  for (const Info& i : infos) ids.push_back(i.id);
  return ids;
}

}  // namespace ws
