// The histogram scene's image mode and benchmark as a user drives them: the shipped Black Marble
// photo and its one crowded grey level, each channel's histogram against a count written here,
// equalization against the classic lookup table and its straight cumulative histogram, `run --out`,
// a corrupt file refused with the previous image kept, the benchmark's checked rows and JSON on
// the CPU backend, and the throughput-against-skew plot drawn from a bench JSON.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "common/error.h"
#include "io/image_planes.h"
#include "render/figure.h"
#include "render/image.h"
#include "render/svg_canvas.h"
#include "histogram_bench.h"
#include "scenes/histogram/histogram_scene.h"
#include "scenes/histogram/image/histogram_image_mode.h"
#include "test_paths.h"
#include "views/line_chart.h"

namespace ws::app {
namespace {

std::string out_dir() {
  const std::string dir = std::string(WS_APP_OUT_DIR) + "/histogram_image";
  std::filesystem::create_directories(dir);
  return dir;
}

// The image mode of a histogram scene, read as the tests read it.
class ImageMode {
 public:
  explicit ImageMode(const nlohmann::json& params) {
    scene_.params_from_json(params);
    scene_.attach(context_);  // CPU backend: the same on every machine
  }
  HistogramScene& scene() { return scene_; }
  const HistogramImageShown& shown() const {
    return scene_.find_mode<HistogramImageMode>("image")->shown();
  }
  std::string image_file() const { return histogram_image_file(scene_.settings()); }
  int width() const { return shown().photo->width; }
  int height() const { return shown().photo->height; }
  int channels() const { return shown().photo->channels; }
  const std::vector<uint8_t>& planes() const { return shown().photo->planes; }
  const std::vector<ChannelHistogram>& original() const { return shown().result.original; }
  const std::vector<ChannelHistogram>& equalized() const { return shown().result.equalized_hist; }
  const std::vector<uint8_t>& equalized_planes() const { return shown().result.equalized; }
  nlohmann::json results_json() const { return scene_.results_json(); }
  gfx::Image output_image() const { return scene_.output_image(); }
  void draw(gfx::Canvas& c, gfx::Theme theme) const { scene_.draw(c, theme); }
  void reset() { scene_.reset(); }

 private:
  SceneContext context_;
  HistogramScene scene_;
};

std::unique_ptr<ImageMode> image_mode(const std::string& file,
                                      histogram::Variant v = histogram::Variant::WarpAggregated) {
  nlohmann::json params = {{"mode", "image"}, {"variant", histogram::info(v).id}};
  if (!file.empty()) params["image"] = file;
  return std::make_unique<ImageMode>(params);
}

// Counts of a plane, by hand.
std::vector<uint32_t> count_bytes(const uint8_t* p, int64_t n) {
  std::vector<uint32_t> c(256, 0);
  for (int64_t i = 0; i < n; ++i) ++c[p[i]];
  return c;
}

std::vector<uint8_t> luminance(const std::vector<uint8_t>& planes, int64_t n) {
  std::vector<uint8_t> y(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i)
    y[size_t(i)] = static_cast<uint8_t>((77 * planes[size_t(i)] + 150 * planes[size_t(n + i)] +
                                         29 * planes[size_t(2 * n + i)] + 128) >>
                                        8);
  return y;
}

TEST(HistogramImage, BlackMarblePutsAboutSixtyTwoPercentOfItsLuminanceInOneBin) {
  auto scene = image_mode("");  // the default photo
  ASSERT_EQ(scene->image_file(), "blackmarble_night.jpg");
  EXPECT_EQ(scene->width(), 3600);
  EXPECT_EQ(scene->height(), 1800);
  ASSERT_EQ(scene->channels(), 3);
  const int64_t n = int64_t(scene->width()) * scene->height();
  const std::vector<uint32_t> lum = count_bytes(luminance(scene->planes(), n).data(), n);
  const double share = double(*std::max_element(lum.begin(), lum.end())) / double(n);
  EXPECT_GT(share, 0.60);
  EXPECT_LT(share, 0.65);
  const nlohmann::json j = scene->results_json();
  EXPECT_NEAR(j["result"]["luminance_top_bin_share"].get<double>(), share, 1e-12);
  EXPECT_EQ(j["matches_reference"], true);
  ASSERT_EQ(scene->original().size(), 4u);
  EXPECT_EQ(scene->original()[3].name, "luminance");
  EXPECT_EQ(scene->original()[3].counts, lum);
}

TEST(HistogramImage, EveryChannelEqualsAHandCountForSeveralVariants) {
  for (histogram::Variant v :
       {histogram::Variant::GlobalAtomic, histogram::Variant::PrivateShared,
        histogram::Variant::Aggregated, histogram::Variant::WarpAggregated}) {
    SCOPED_TRACE(histogram::info(v).id);
    auto scene = image_mode("coffee.png", v);
    const int64_t n = int64_t(scene->width()) * scene->height();
    ASSERT_EQ(scene->original().size(), 4u);
    for (int c = 0; c < 3; ++c) {
      EXPECT_EQ(scene->original()[size_t(c)].counts,
                count_bytes(scene->planes().data() + c * n, n));
      // The cumulative histogram is the running sum of the counts and ends at every pixel.
      uint32_t sum = 0;
      for (int b = 0; b < 256; ++b) {
        sum += scene->original()[size_t(c)].counts[size_t(b)];
        ASSERT_EQ(scene->original()[size_t(c)].cumulative[size_t(b)], sum);
      }
      EXPECT_EQ(sum, uint32_t(n));
    }
    EXPECT_EQ(scene->original()[3].counts, count_bytes(luminance(scene->planes(), n).data(), n));
  }
}

TEST(HistogramImage, EqualizationIsTheLookupTableAndItsCumulativeHistogramIsAStraightLine) {
  for (const char* file : {"coffee.png", "camera.png", "blackmarble_night.jpg"}) {
    SCOPED_TRACE(file);
    auto scene = image_mode(file);
    const int64_t n = int64_t(scene->width()) * scene->height();
    const std::vector<uint8_t>& in = scene->planes();
    const std::vector<uint8_t>& out = scene->equalized_planes();
    ASSERT_EQ(out.size(), in.size());
    for (int c = 0; c < scene->channels(); ++c) {
      const std::vector<uint32_t> counts = count_bytes(in.data() + c * n, n);
      // The classic table, written out here: cdf, its first nonzero value, scaled to 0..255.
      std::vector<double> cdf(256);
      double sum = 0, first = -1;
      for (int v = 0; v < 256; ++v) {
        sum += counts[size_t(v)];
        cdf[size_t(v)] = sum;
        if (first < 0 && sum > 0) first = sum;
      }
      for (int64_t i = 0; i < n; i += 7) {
        const int v = in[size_t(c * n + i)];
        const int expected =
            sum == first ? v : int(std::lround((cdf[size_t(v)] - first) * 255.0 / (sum - first)));
        ASSERT_EQ(int(out[size_t(c * n + i)]), expected) << "channel " << c << " pixel " << i;
      }
      // After: at every level that occurs, the cumulative count lies on the line from the
      // darkest level's count (cdf_min, which maps to 0) to all pixels at 255, within the half
      // level the table rounds to.
      const std::vector<uint32_t> after = count_bytes(out.data() + c * n, n);
      double cum = 0, worst = 0;
      for (int v = 0; v < 256; ++v) {
        cum += after[size_t(v)];
        if (after[size_t(v)] == 0) continue;
        const double line = first + (double(n) - first) * v / 255.0;
        worst = std::max(worst, std::abs(cum - line));
      }
      EXPECT_LE(worst, 0.5 * (double(n) - first) / 255 + 1e-6);
      // And the spread: the equalized channel uses the whole range.
      EXPECT_EQ(int(*std::max_element(out.begin() + c * n, out.begin() + (c + 1) * n)), 255);
    }
    const nlohmann::json j = scene->results_json();
    EXPECT_EQ(j["equalized"]["matches_lut"], true);
    const nlohmann::json& line = j["equalized"]["cumulative_distance_from_line_in_levels"];
    EXPECT_EQ(int(line.size()), scene->channels());
    for (const auto& item : line.items()) EXPECT_LE(item.value().get<double>(), 0.5 + 1e-9);
    // The scene's own histograms after equalization are those of its equalized planes.
    EXPECT_EQ(scene->equalized()[0].counts, count_bytes(out.data(), n));
  }
}

TEST(HistogramImage, TheOutputImageIsTheEqualizedPhotoAndTheFigureDrawsBothHistograms) {
  auto scene = image_mode("coffee.png");
  const gfx::Image img = scene->output_image();
  ASSERT_EQ(img.width, scene->width());
  const int64_t n = int64_t(scene->width()) * scene->height();
  for (int64_t i = 0; i < n; i += 101)
    for (int k = 0; k < 3; ++k)
      ASSERT_EQ(img.rgba[size_t(i) * 4 + k], scene->equalized_planes()[size_t(k * n + i)]);
  gfx::FigureOptions options;
  const std::string svg =
      gfx::render_figure_svg([&](gfx::Canvas& c) { scene->draw(c, gfx::Theme::Light); }, options);
  EXPECT_NE(svg.find("histograms of the original"), std::string::npos);
  EXPECT_NE(svg.find("histograms after equalization"), std::string::npos);
  EXPECT_NE(svg.find("coffee.png 600x400"), std::string::npos);
}

TEST(HistogramImage, ACorruptImageIsRefusedByNameAndThePreviousImageStays) {
  ImageMode scene({{"mode", "image"}, {"image", "camera.png"}});
  const nlohmann::json before = scene.results_json();
  const std::string bad = out_dir() + "/corrupt.png";
  {
    std::ofstream f(bad, std::ios::binary);
    f << "\x89PNG\r\n\x1a\n this is not a PNG at all";
  }
  scene.scene().params_from_json({{"image", bad}});
  try {
    scene.reset();
    FAIL() << "a corrupt file was accepted";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("corrupt.png"), std::string::npos) << e.what();
  }
  // The image, its histograms and its equalization are the previous ones.
  EXPECT_EQ(scene.width(), 512);
  const nlohmann::json after = scene.results_json();
  EXPECT_EQ(after["input"], before["input"]);
  EXPECT_EQ(after["result"]["histograms"], before["result"]["histograms"]);
  scene.scene().params_from_json({{"image", "/no/such/photo.png"}});
  EXPECT_THROW(scene.reset(), Error);
  EXPECT_EQ(scene.results_json()["input"]["file"], "camera.png");
}

// The benchmark with the choice of a scene at its defaults (the photo rows read through the app).
BenchJob bench_job(const BenchRequest& r) {
  return bench::histogram_bench_job(r, histogram_bench_choice(HistogramSettings{}, false));
}

BenchRequest tiny_request() {
  BenchRequest r;
  r.backend = Backend::Cpu;
  r.sizes = {"10"};
  r.repeats = 1;
  r.params = {{"bins", "7,256"}, {"image", "40"}};
  return r;
}

TEST(HistogramBench, EveryRowOnTheCpuIsCheckedAndTheJsonHasItsFields) {
  const BenchJob job = bench_job(tiny_request());
  std::ostringstream progress;
  const BenchReport report = job(progress);
  EXPECT_TRUE(report.failures.empty()) << report.failures.front();
  // f32: 1 size x 2 bins x 3 distributions; u8: uniform, the photo, zipf, all-equal; 8 variants.
  ASSERT_EQ(report.rows.size(), size_t((6 + 4) * 8));
  for (const BenchRow& row : report.rows) {
    EXPECT_TRUE(row.verified) << row.name << ": " << row.note;
    EXPECT_GT(row.ms, 0) << row.name;
    EXPECT_GT(row.per_second, 0) << row.name;
    EXPECT_NEAR(
        row.gbps,
        double(row.n) * (row.name.find(" u8 ") != std::string::npos ? 1 : 4) / (row.ms * 1e6),
        row.gbps * 1e-9);
  }
  const nlohmann::json& rows = report.json.at("rows");
  ASSERT_EQ(rows.size(), report.rows.size());
  for (const char* key : {"name", "size", "n", "ms", "gbps", "pct_copy", "ratio_to_library",
                          "per_second", "verified", "series", "variant", "type", "bins", "dist"})
    EXPECT_TRUE(rows[0].contains(key)) << key;
  EXPECT_EQ(report.json["gbps_counts"], "GB/s of samples read");
  EXPECT_NE(report.table.find("1 sequential f32 7b uniform"), std::string::npos) << report.table;
  EXPECT_NE(report.table.find("blackmarble_night"), std::string::npos);
  EXPECT_GT(report.json["photo_top_bin_share"].get<double>(), 0.3);
}

TEST(HistogramBench, UnknownOptionsAreRefusedNamingThem) {
  auto error_of = [](BenchRequest r) {
    try {
      bench_job(r);
    } catch (const Error& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  BenchRequest r = tiny_request();
  r.type = "u16";
  EXPECT_NE(error_of(r).find("--type"), std::string::npos);
  r = tiny_request();
  r.variants = "9";
  EXPECT_NE(error_of(r).find("'9'"), std::string::npos);
  r = tiny_request();
  r.params["colour"] = "red";
  EXPECT_NE(error_of(r).find("--set colour"), std::string::npos);
  r = tiny_request();
  r.params["bins"] = "0";
  EXPECT_NE(error_of(r).find("bins"), std::string::npos);
  r = tiny_request();
  r.params["dist"] = "poisson";
  EXPECT_NE(error_of(r).find("poisson"), std::string::npos);
  r = tiny_request();
  r.sizes = {"29"};
  EXPECT_NE(error_of(r).find("2^28"), std::string::npos);
}

int run_cli(const std::string& args) {
  const std::string command = std::string(WS_WARPSCOPE_EXE) + " " + args + " 2>/dev/null";
  const int status = std::system(command.c_str());
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

TEST(HistogramBench, TheSkewSweepIsDrawnAsLinesFromItsJson) {
  BenchRequest r = tiny_request();
  r.mode = "skew";
  r.sizes = {"11"};
  r.params = {{"skews", "0,1,2,3"}};
  std::ostringstream progress;
  const BenchReport report = bench_job(r)(progress);
  EXPECT_TRUE(report.failures.empty());
  ASSERT_EQ(report.rows.size(), size_t(5 * 8));  // 4 skews and all-equal, 8 variants
  nlohmann::json j = report.json;
  j["scene"] = "histogram";
  ASSERT_TRUE(is_line_chart_json(j));
  const LineChart chart = line_chart_from_json(j);
  ASSERT_EQ(chart.series.size(), 8u);
  for (const LineSeries& s : chart.series) {
    ASSERT_EQ(s.points.size(), 5u) << s.name;
    EXPECT_EQ(s.points.front().x, 0);
    EXPECT_GT(s.points.back().x, 3);  // all-equal, past the last skew
  }
  gfx::SvgCanvas svg({1280, 720});
  draw_line_chart(svg, chart, gfx::palette(gfx::Theme::Light));
  const std::string doc = svg.str();
  EXPECT_NE(doc.find("all-equal"), std::string::npos);
  EXPECT_NE(doc.find("8 warp-aggregated"), std::string::npos);
  EXPECT_NE(doc.find("G samples/s"), std::string::npos);
  // `warpscope render --bench` draws the same document as lines, as SVG and PNG.
  const std::string dir = out_dir();
  std::ofstream(dir + "/skew.json") << j.dump(2);
  ASSERT_EQ(run_cli("render --bench " + dir + "/skew.json --out " + dir + "/skew.svg"), 0);
  std::ifstream in(dir + "/skew.svg");
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_NE(text.find("throughput against skew"), std::string::npos);
  ASSERT_EQ(run_cli("render --bench " + dir + "/skew.json --out " + dir + "/skew.png"), 0);
  EXPECT_EQ(gfx::read_png(dir + "/skew.png").width, 1280);
  // A malformed sweep is refused by name.
  j["rows"][0].erase("x");
  EXPECT_THROW(line_chart_from_json(j), Error);
}

TEST(HistogramImageCli, RunOutWritesTheEqualizedImage) {
  const std::string dir = out_dir();
  ASSERT_EQ(run_cli("run --scene histogram --mode image --backend cpu --image coffee.png --json " +
                    dir + "/image.json --out " + dir + "/eq.png"),
            0);
  const gfx::Image written = gfx::read_png(dir + "/eq.png");
  auto scene = image_mode("coffee.png");
  const gfx::Image expected = scene->output_image();
  ASSERT_EQ(written.width, expected.width);
  ASSERT_EQ(written.height, expected.height);
  EXPECT_EQ(written.rgba, expected.rgba);
  std::ifstream in(dir + "/image.json");
  const nlohmann::json j = nlohmann::json::parse(in);
  EXPECT_EQ(j["matches_reference"], true);
  EXPECT_EQ(j["equalized"]["matches_lut"], true);
  // A corrupt file fails the command.
  std::ofstream(dir + "/bad.jpg") << "not a jpeg";
  EXPECT_NE(run_cli("run --scene histogram --mode image --backend cpu --image " + dir + "/bad.jpg"),
            0);
}

}  // namespace
}  // namespace ws::app
