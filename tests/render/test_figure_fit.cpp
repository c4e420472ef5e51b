// Figures fill the viewport (render/figure_fit.h): a small drawing is scaled up about the middle
// until it touches the margins, a drawing that fills one direction is left alone, and points map
// back to the figure's coordinates (hover, painting).
#include <gtest/gtest.h>

#include "render/figure_fit.h"
#include "render/recording_canvas.h"

namespace ws::gfx {
namespace {

TEST(FigureFit, ASmallFigureGrowsToTheMarginsAboutTheMiddle) {
  const auto draw = [](Canvas& c) { c.rect_filled({100, 100}, {300, 200}, {}); };
  const FigureFit fit = fit_figure(draw, {1000, 500}, 10, 10);
  // 200 x 100 in 980 x 480: the height decides, 4.8x.
  EXPECT_FLOAT_EQ(fit.scale, 4.8f);
  BoundsCanvas drawn({1000, 500});
  FittedCanvas fitted(drawn, fit, {1000, 500});
  draw(fitted);
  EXPECT_NEAR(drawn.min().y, 10, 1e-3);
  EXPECT_NEAR(drawn.max().y, 490, 1e-3);
  EXPECT_NEAR(drawn.min().x + drawn.max().x, 1000, 1e-3);  // centred
  const Vec2 back = fit.to_figure({500, 250});
  EXPECT_NEAR(back.x, 200, 1e-3);
  EXPECT_NEAR(back.y, 150, 1e-3);
}

TEST(FigureFit, AFigureThatFillsOneDirectionStaysAsItIs) {
  const auto draw = [](Canvas& c) {
    c.line({0, 20}, {1000, 20}, {}, 1);
    c.text({10, 40}, "a legend", 14, {});
  };
  const FigureFit fit = fit_figure(draw, {1000, 500});
  EXPECT_FLOAT_EQ(fit.scale, 1);
  EXPECT_FLOAT_EQ(fit.offset.x, 0);
  EXPECT_FLOAT_EQ(fit.offset.y, 0);
}

TEST(FigureFit, TextScalesWithTheFigureAndMeasuresInItsCoordinates) {
  RecordingCanvas screen({800, 800});
  FigureFit fit;
  fit.scale = 2;
  FittedCanvas fitted(screen, fit, {400, 400});
  fitted.text({10, 10}, "step 3", 12, {});
  ASSERT_EQ(screen.texts().size(), 1u);
  EXPECT_FLOAT_EQ(screen.texts()[0].size, 24);
  EXPECT_NEAR(fitted.text_size("step 3", 12).x, screen.text_size("step 3", 12).x, 1.0f);
}

}  // namespace
}  // namespace ws::gfx
