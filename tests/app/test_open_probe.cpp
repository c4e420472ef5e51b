// What a file is, read from its first bytes (io/file_probe.h): each kind from assets/ and from
// files written here, the preview's numbers against what the loaders read, and a message for every
// kind of bad file.
#include <gtest/gtest.h>

#include "graph/graph.h"
#include "io/file_probe.h"
#include "io/image_planes.h"
#include "io/session.h"
#include "test_open_support.h"

namespace ws::app {
namespace {

using namespace open_test;

TEST(FileProbe, ImagesGiveTheirSizeAndChannelsFromTheHeader) {
  const FilePreview camera = probe_file(asset("camera.png"));
  ASSERT_TRUE(camera.ok()) << camera.problem;
  EXPECT_EQ(camera.info.kind, FileKind::Image);
  EXPECT_EQ(camera.format, "PNG");
  const ImagePlanes planes = load_image_planes(asset("camera.png"), ColourMode::Rgb);
  EXPECT_EQ(camera.width, planes.width);
  EXPECT_EQ(camera.height, planes.height);

  const FilePreview night = probe_file(asset("blackmarble_night.jpg"));
  ASSERT_TRUE(night.ok()) << night.problem;
  EXPECT_EQ(night.format, "JPEG");
  const ImagePlanes n = load_image_planes(asset("blackmarble_night.jpg"), ColourMode::Rgb);
  EXPECT_EQ(night.width, n.width);
  EXPECT_EQ(night.height, n.height);
  EXPECT_EQ(night.channels, 3);
  EXPECT_NE(describe_preview(night).find(std::to_string(n.width)), std::string::npos)
      << describe_preview(night);
}

TEST(FileProbe, GraphHeadersGiveVerticesAndEdges) {
  const FilePreview karate = probe_file(asset("graphs/karate.mtx"));
  ASSERT_TRUE(karate.ok()) << karate.problem;
  EXPECT_EQ(karate.info.kind, FileKind::Graph);
  EXPECT_EQ(karate.format, "Matrix Market");
  const graph::Graph g = graph::load_graph(asset("graphs/karate.mtx"));
  EXPECT_EQ(karate.vertices, g.vertices);
  EXPECT_EQ(karate.edges * 2, g.edges());  // symmetric: each edge stored once
  EXPECT_TRUE(karate.undirected);
  EXPECT_FALSE(karate.edges_estimated);

  const FilePreview elt = probe_file(asset("graphs/4elt.graph"));
  EXPECT_EQ(elt.format, "METIS");
  const graph::Graph e = graph::load_graph(asset("graphs/4elt.graph"));
  EXPECT_EQ(elt.vertices, e.vertices);
  EXPECT_EQ(elt.edges * 2, e.edges());

  const std::string dimacs = write_file("probe.gr", "c a road\np sp 4 5\na 1 2 3\na 2 3 1\n");
  const FilePreview d = probe_file(dimacs);
  EXPECT_EQ(d.format, "DIMACS");
  EXPECT_EQ(d.vertices, 4);
  EXPECT_EQ(d.edges, 5);

  // An edge list has no header: its edges are estimated from the size (within 10%).
  const FilePreview fb = probe_file(asset("graphs/facebook_combined.txt"));
  ASSERT_TRUE(fb.ok()) << fb.problem;
  EXPECT_EQ(fb.info.kind, FileKind::Graph);
  EXPECT_TRUE(fb.edges_estimated);
  EXPECT_NEAR(double(fb.edges), 88234.0, 8823.0);
  EXPECT_NE(describe_preview(fb).find("estimated"), std::string::npos) << describe_preview(fb);
  EXPECT_NE(describe_preview(karate).find("34 vertices, 78 edges"), std::string::npos)
      << describe_preview(karate);
  EXPECT_EQ(probe_file(asset("graphs/minnesota_edges.txt")).info.kind, FileKind::Graph);
}

TEST(FileProbe, SessionsAndTexts) {
  Session s;
  s.scene = "histogram";
  const std::string session = out_dir() + "/probe_session.json";
  save_session(s, session);
  const FilePreview p = probe_file(session);
  ASSERT_TRUE(p.ok()) << p.problem;
  EXPECT_EQ(p.info.kind, FileKind::Session);
  EXPECT_EQ(p.scene, "histogram");

  const FilePreview values = probe_file(write_file("probe_values.txt", "3 1 7 0\n4, 1.5, -6\n"));
  EXPECT_EQ(values.info.kind, FileKind::Text);
  EXPECT_TRUE(values.numeric);
  EXPECT_EQ(values.numbers, 7);

  const FilePreview words = probe_file(write_file("probe_words.txt", "programming massively\n"));
  EXPECT_EQ(words.info.kind, FileKind::Text);
  EXPECT_FALSE(words.numeric);
  EXPECT_EQ(words.first_words, "programming massively");
  // A typed 3x3 matrix is a text, not a weighted edge list; two ids per line are an edge list.
  EXPECT_EQ(probe_file(write_file("probe_matrix.txt", "1 2 3\n4 5 6\n7 8 9\n")).info.kind,
            FileKind::Text);
  EXPECT_EQ(probe_file(write_file("probe_edges.txt", "0 1\n1 2\n2 0\n")).info.kind,
            FileKind::Graph);
  // Coordinates (decimals, one per line) are a text.
  EXPECT_EQ(probe_file(asset("graphs/minnesota_coords.txt")).info.kind, FileKind::Text);
}

TEST(FileProbe, BadFilesSayWhatIsWrong) {
  auto problem = [](const std::string& path) {
    const FilePreview p = probe_file(path);
    EXPECT_EQ(p.info.kind, FileKind::Unknown) << path;
    EXPECT_FALSE(p.problem.empty()) << path;
    return p.problem;
  };
  EXPECT_NE(problem(out_dir() + "/no_such_file.png").find("not found"), std::string::npos);
  EXPECT_NE(problem(out_dir()).find("folder"), std::string::npos);
  EXPECT_NE(problem(write_file("probe_empty.txt", "")).find("empty"), std::string::npos);
  const std::string png = read_file(asset("camera.png"));
  EXPECT_NE(problem(write_file("probe_cut.png", png.substr(0, png.size() / 2))).find("cut short"),
            std::string::npos);
  std::string junk(4096, '\0');
  for (size_t i = 0; i < junk.size(); ++i) junk[i] = char((i * 7919) & 0xff);
  EXPECT_NE(problem(write_file("probe_junk.mtx", junk)).find("binary"), std::string::npos);
  EXPECT_NE(problem(write_file("probe_anim.gif", "GIF89a\x01\x00\x01\x00")).find("GIF"),
            std::string::npos);
  EXPECT_NE(problem(write_file("probe_other.json", R"({"name": "not a session"})"))
                .find("warpscope_session"),
            std::string::npos);
  EXPECT_NE(problem(write_file("probe_text.png", "just some words")).find("not an image"),
            std::string::npos);
}

TEST(FileProbe, KindsFromExtension) {
  EXPECT_EQ(kinds_from_extension("a/b/photo.JPG"), kind_bit(FileKind::Image));
  EXPECT_EQ(kinds_from_extension("g.mtx"), kind_bit(FileKind::Graph));
  EXPECT_EQ(kinds_from_extension("s.json"), kind_bit(FileKind::Session));
  EXPECT_EQ(kinds_from_extension("edges.txt"),
            kind_bit(FileKind::Text) | kind_bit(FileKind::Graph));
  EXPECT_EQ(kinds_from_extension("notes.xyz"), 0u);
  EXPECT_EQ(human_bytes(512), "512 bytes");
  EXPECT_EQ(grouped(1234567), "1,234,567");
  EXPECT_EQ(grouped(999), "999");
  EXPECT_EQ(human_bytes(1536), "1.5 KB");
}

}  // namespace
}  // namespace ws::app
