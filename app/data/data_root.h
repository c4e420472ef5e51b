// Where warpscope reads what it ships: the sample images and graphs, the translation catalogs and
// the kernel sources the code panel shows. One folder laid out like the source tree (assets/,
// app/scenes/<scene>/i18n/, kernels/), found in this order:
//   1. ../share/warpscope beside the binary: an installed prefix, wherever it was moved;
//   2. $WARPSCOPE_DATA_DIR: a folder given by hand (the GPU machine's checks, a relocated tree);
//   3. the source tree the binary was built from: a developer's build.
// A folder counts when it holds assets/.
#pragma once

#include <string>

namespace ws::data {

struct DataRoot {
  std::string path;  // the folder, without a trailing '/'
  std::string from;  // "installed", "WARPSCOPE_DATA_DIR" or "source tree"
};

// The data folder, looked for once per process.
const DataRoot& data_root();
// data_root().path + "/" + relative.
std::string data_path(const std::string& relative);
// The search itself, for the given binary path, environment value and source tree (tests).
DataRoot find_data_root(const std::string& binary, const char* env, const std::string& source);
// The running binary's path ("" when the system does not say).
std::string binary_path();

}  // namespace ws::data
