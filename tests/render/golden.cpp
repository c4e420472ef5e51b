#include "golden.h"

#include <gtest/gtest.h>

#include <filesystem>

#include "gl_environment.h"
#include "render/image.h"
#include "test_paths.h"

namespace ws::gfx::test {

// Renders `draw` and compares with golden/<name>.png. A missing golden or a mismatch fails and
// leaves <name>.actual.png (and <name>.diff.png) in the build folder for
// scripts/approve-goldens.sh.
void expect_matches_golden(const std::string& name, const DrawFn& draw,
                           const FigureOptions& options, int tolerance, double max_fraction_over) {
  const Image actual = render_figure(draw, options);
  const std::string golden = std::string(WS_GOLDEN_DIR) + "/" + name + ".png";
  const std::string actual_path = render_output_dir() + "/" + name + ".actual.png";
  const std::string diff_path = render_output_dir() + "/" + name + ".diff.png";
  std::filesystem::remove(actual_path);
  std::filesystem::remove(diff_path);
  if (!std::filesystem::exists(golden)) {
    write_png(actual, actual_path);
    ADD_FAILURE() << "no golden image " << golden << "; wrote " << actual_path
                  << " (check it, then scripts/approve-goldens.sh)";
    return;
  }
  const ImageDiff diff = compare_images(actual, read_png(golden), tolerance);
  const double fraction = double(diff.pixels_over) / (double(actual.width) * actual.height);
  if (diff.size_mismatch || fraction > max_fraction_over) {
    write_png(actual, actual_path);
    write_png(diff.diff, diff_path);
    ADD_FAILURE() << name << " differs from " << golden << ": " << diff.pixels_over
                  << " pixels over tolerance " << tolerance << " (max " << diff.max_abs << ", mean "
                  << diff.mean_abs << (diff.size_mismatch ? ", size mismatch" : "")
                  << "); actual: " << actual_path << ", diff: " << diff_path;
  }
}

}  // namespace ws::gfx::test
