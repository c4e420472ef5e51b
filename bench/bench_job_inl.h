// Template definitions of bench_job.h.
#pragma once

#include <sstream>

#include "common/error.h"

namespace ws::bench {

template <class Variant, class Parse>
std::vector<Variant> variants_from_list(const std::string& list, Parse&& parse,
                                        const std::string& what) {
  std::vector<Variant> out;
  std::stringstream items(list);
  for (std::string item; std::getline(items, item, ',');) {
    Variant v;
    WS_REQUIRE(parse(item, v), "--variant: '" + item + "' is not " + what + " (see `list`)");
    out.push_back(v);
  }
  return out;
}

}  // namespace ws::bench
