#include "render/figure.h"

#include <imgui.h>
#include <imgui_internal.h>
#include <backends/imgui_impl_opengl3.h>

#include <cmath>
#include <cstring>

#include "common/error.h"
#include "render/draw_list_canvas.h"
#include "render/svg_canvas.h"

namespace ws::gfx {

namespace {

ImFont* figure_font() {
  ImFontAtlas* atlas = ImGui::GetIO().Fonts;
  for (ImFont* font : atlas->Fonts) {
    if (font->ConfigData && std::strcmp(font->ConfigData->Name, kFigureFontName) == 0) return font;
  }
  return atlas->Fonts.Size > 0 ? atlas->Fonts[0] : nullptr;
}

void check_options(const FigureOptions& options) {
  WS_REQUIRE(options.width > 0 && options.height > 0, "figure size must be positive");
  WS_REQUIRE(options.scale > 0, "figure scale must be positive");
  WS_REQUIRE(options.supersample >= 1 && options.supersample <= 8,
             "figure supersample must be 1..8, got " + std::to_string(options.supersample));
}

// Shared data of our own, so figures neither depend on nor disturb the state of ImGui's frame.
void init_shared_data(ImDrawListSharedData& shared, ImFont* font, const ImVec2& pixel_size) {
  ImFontAtlas* atlas = ImGui::GetIO().Fonts;
  shared.SetCircleTessellationMaxError(0.30f);
  shared.CurveTessellationTol = 1.25f;
  shared.TexUvWhitePixel = atlas->TexUvWhitePixel;
  shared.TexUvLines = atlas->TexUvLines;
  shared.Font = font;
  shared.FontSize = font->FontSize;
  shared.ClipRectFullscreen = ImVec4(0, 0, pixel_size.x, pixel_size.y);
  shared.InitialFlags = ImDrawListFlags_AntiAliasedLines | ImDrawListFlags_AntiAliasedFill;
  if (!(atlas->Flags & ImFontAtlasFlags_NoBakedLines)) {
    shared.InitialFlags |= ImDrawListFlags_AntiAliasedLinesUseTex;
  }
  if (ImGui::GetIO().BackendFlags & ImGuiBackendFlags_RendererHasVtxOffset) {
    shared.InitialFlags |= ImDrawListFlags_AllowVtxOffset;
  }
}

}  // namespace

int figure_pixel_width(const FigureOptions& options) {
  return std::max(1, int(std::lround(options.width * double(options.scale))));
}
int figure_pixel_height(const FigureOptions& options) {
  return std::max(1, int(std::lround(options.height * double(options.scale))));
}

void render_figure_into(OffscreenTarget& target, const DrawFn& draw, const FigureOptions& options) {
  check_options(options);
  WS_REQUIRE(ImGui::GetCurrentContext() != nullptr,
             "render_figure needs an ImGui context (create ImguiRuntime first)");
  ImGuiIO& io = ImGui::GetIO();
  WS_REQUIRE(io.Fonts->IsBuilt() && io.Fonts->TexID != nullptr && io.BackendRendererUserData,
             "render_figure needs ImGui's OpenGL backend and font texture (ImguiRuntime)");
  ImFont* font = figure_font();
  WS_REQUIRE(font != nullptr, "render_figure: the ImGui font atlas has no font");

  const int ss = options.supersample;
  const int width = figure_pixel_width(options) * ss;
  const int height = figure_pixel_height(options) * ss;
  const ImVec2 pixel_size{float(width), float(height)};
  target.resize(width, height);

  ImDrawListSharedData shared;
  init_shared_data(shared, font, pixel_size);
  ImDrawList list(&shared);
  list._ResetForNewFrame();
  list.PushTextureID(io.Fonts->TexID);
  list.PushClipRect(ImVec2(0, 0), pixel_size, false);
  // Exact pixel size per logical pixel, so width * scale rounds the same way as the target.
  const Vec2 pixels_per_unit{float(width) / float(options.width), float(height) / options.height};
  DrawListCanvas canvas(&list, Vec2{float(options.width), float(options.height)}, Vec2{},
                        std::min(pixels_per_unit.x, pixels_per_unit.y), font);
  draw(canvas);
  list.PopClipRect();
  list.PopTextureID();

  ImDrawList* lists[] = {&list};
  ImDrawData data;
  data.Valid = true;
  data.CmdLists = lists;
  data.CmdListsCount = 1;
  data.TotalVtxCount = list.VtxBuffer.Size;
  data.TotalIdxCount = list.IdxBuffer.Size;
  data.DisplayPos = ImVec2(0, 0);
  data.DisplaySize = pixel_size;
  data.FramebufferScale = ImVec2(1, 1);

  target.bind();
  if (options.transparent)
    target.clear_transparent();
  else
    target.clear(palette(options.theme).background);
  // ImGui's projection maps y down to the top of the viewport; GL's texture origin is the bottom
  // row, so the target holds the figure upright for glReadPixels (read_pixels flips to top-down).
  ImGui_ImplOpenGL3_RenderDrawData(&data);
  target.unbind();
}

Image render_figure(const DrawFn& draw, const FigureOptions& options) {
  OffscreenTarget target;
  render_figure_into(target, draw, options);
  // Blending over a transparent clear leaves premultiplied colour: average it, then unpremultiply.
  Image image = downsample_box(target.read_pixels(), options.supersample);
  if (options.transparent) unpremultiply_alpha(image);
  return image;
}

std::string render_figure_svg(const DrawFn& draw, const FigureOptions& options) {
  check_options(options);
  std::optional<Color> background;
  if (!options.transparent) background = palette(options.theme).background;
  SvgCanvas canvas(Vec2{float(options.width), float(options.height)}, background);
  draw(canvas);
  return canvas.str();
}

}  // namespace ws::gfx
