#include "render/draw_list_canvas.h"

#include <imgui.h>
#include <imgui_internal.h>

#include <cfloat>

#include "common/error.h"
#include "render/font_metrics.h"

namespace ws::gfx {

namespace {

ImU32 to_imgui(Color c) {
  return IM_COL32(c.r, c.g, c.b, c.a);
}
ImVec2 to_imgui(Vec2 p) {
  return {p.x, p.y};
}

// Top-left of a text box of `extent` whose anchor is `pos`.
Vec2 aligned_top_left(Vec2 pos, Vec2 extent, HAlign h, VAlign v) {
  if (h == HAlign::Center) pos.x -= extent.x * 0.5f;
  if (h == HAlign::Right) pos.x -= extent.x;
  if (v == VAlign::Middle) pos.y -= extent.y * 0.5f;
  if (v == VAlign::Bottom) pos.y -= extent.y;
  return pos;
}

}  // namespace

DrawListCanvas::DrawListCanvas(ImDrawList* list, Vec2 logical_size, Vec2 origin, float scale,
                               ImFont* font)
    : list_(list), size_(logical_size), origin_(origin), scale_(scale), font_(font) {
  WS_REQUIRE(list_ != nullptr, "DrawListCanvas needs a draw list");
  WS_REQUIRE(scale_ > 0, "DrawListCanvas scale must be positive");
}

ImFont* DrawListCanvas::resolve_font() const {
  if (font_) return font_;
  ImGuiContext* context = ImGui::GetCurrentContext();
  if (!context) return nullptr;
  if (context->Font) return context->Font;  // inside a frame: the font ImGui is using
  ImFontAtlas* atlas = ImGui::GetIO().Fonts;
  if (!atlas->IsBuilt() || atlas->Fonts.Size == 0) return nullptr;
  return ImGui::GetIO().FontDefault ? ImGui::GetIO().FontDefault : atlas->Fonts[0];
}

void DrawListCanvas::rect_filled(Vec2 min, Vec2 max, Color c, float rounding) {
  list_->AddRectFilled(to_imgui(to_pixels(min)), to_imgui(to_pixels(max)), to_imgui(c),
                       rounding * scale_);
}

void DrawListCanvas::rect(Vec2 min, Vec2 max, Color c, float thickness, float rounding) {
  list_->AddRect(to_imgui(to_pixels(min)), to_imgui(to_pixels(max)), to_imgui(c), rounding * scale_,
                 0, thickness * scale_);
}

void DrawListCanvas::line(Vec2 a, Vec2 b, Color c, float thickness) {
  list_->AddLine(to_imgui(to_pixels(a)), to_imgui(to_pixels(b)), to_imgui(c), thickness * scale_);
}

void DrawListCanvas::triangle_filled(Vec2 a, Vec2 b, Vec2 c, Color color) {
  // ImGui's anti-aliased fill puts the fringe outside only for clockwise (screen space) polygons.
  const float cross = (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
  if (cross < 0) std::swap(b, c);
  list_->AddTriangleFilled(to_imgui(to_pixels(a)), to_imgui(to_pixels(b)), to_imgui(to_pixels(c)),
                           to_imgui(color));
}

void DrawListCanvas::circle_filled(Vec2 center, float radius, Color c) {
  list_->AddCircleFilled(to_imgui(to_pixels(center)), radius * scale_, to_imgui(c), 0);
}

void DrawListCanvas::text(Vec2 pos, const std::string& utf8, float size, Color c, HAlign h,
                          VAlign v) {
  if (utf8.empty()) return;
  ImFont* font = resolve_font();
  WS_REQUIRE(font != nullptr, "DrawListCanvas::text needs an ImGui font (create ImguiRuntime)");
  const float pixel_size = size * scale_;
  const ImVec2 extent =
      font->CalcTextSizeA(pixel_size, FLT_MAX, 0.0f, utf8.data(), utf8.data() + utf8.size());
  const Vec2 top_left = aligned_top_left(to_pixels(pos), {extent.x, extent.y}, h, v);
  list_->AddText(font, pixel_size, to_imgui(top_left), to_imgui(c), utf8.data(),
                 utf8.data() + utf8.size());
}

Vec2 DrawListCanvas::text_size(const std::string& utf8, float size) const {
  if (const ImFont* font = resolve_font()) {
    const ImVec2 extent =
        font->CalcTextSizeA(size, FLT_MAX, 0.0f, utf8.data(), utf8.data() + utf8.size());
    return {extent.x, extent.y};
  }
  return FontMetrics::default_font().text_size(utf8, size);
}

}  // namespace ws::gfx
