// PMPP 4.4-4.5's warp counts, each computed from its launch and set beside the figure the book
// prints: where they differ, the reason.
#include <string>
#include <vector>

#include "launch.h"

namespace ws::mem {

namespace {

LaunchParams launch_book_2d(int64_t width, int64_t height) {
  LaunchParams p;
  p.dims = 2;
  p.data = {width, height, 1};
  p.block = {16, 16, 1};
  return p;
}

BookCount launch_book_entry(std::string example, std::string quantity, const LaunchParams& p,
                            int64_t book, int64_t LaunchCounts::*field) {
  BookCount b;
  b.example = std::move(example);
  b.quantity = std::move(quantity);
  b.launch = p;
  b.book = book;
  b.computed = analyze_launch(p).counts.*field;
  return b;
}

}  // namespace

std::vector<BookCount> book_warp_counts() {
  LaunchParams one_d;
  one_d.dims = 1;
  one_d.data = {1003, 1, 1};
  one_d.block = {64, 1, 1};
  const std::string a = "1003 elements, 64-thread blocks";
  const std::string b = "62x76 image (76 wide, 62 high), 16x16 blocks";
  const std::string c = "200x150 image (200 wide, 150 high), 16x16 blocks";
  const LaunchParams small = launch_book_2d(76, 62), large = launch_book_2d(200, 150);
  std::vector<BookCount> out = {
      launch_book_entry(a, "blocks", one_d, 16, &LaunchCounts::blocks),
      launch_book_entry(a, "warps", one_d, 32, &LaunchCounts::warps),
      launch_book_entry(a, "divergent warps", one_d, 1, &LaunchCounts::divergent_warps),
      launch_book_entry(b, "warps", small, 160, &LaunchCounts::warps),
      launch_book_entry(b, "divergent warps", small, 31, &LaunchCounts::divergent_warps),
      launch_book_entry(c, "warps", large, 1040, &LaunchCounts::warps),
      launch_book_entry(c, "divergent warps", large, 80, &LaunchCounts::divergent_warps),
  };
  for (BookCount& e : out) {
    if (e.book == e.computed) continue;
    if (e.example == c && e.quantity == "divergent warps")
      e.why =
          "the book counts all 8 warps of each of the 10 blocks on the right edge; the "
          "bottom-right "
          "block covers rows 144-159 of an image 150 high, so its warps 3-7 (rows 150-159) have no "
          "lane inside the image: they are idle, not divergent (" +
          std::to_string(analyze_launch(large).counts.idle_warps) +
          " idle warps in all, counting the bottom row's)";
    else
      e.why = "the launch gives another count than the book prints";
  }
  return out;
}

}  // namespace ws::mem
