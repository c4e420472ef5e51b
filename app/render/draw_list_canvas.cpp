#include "render/draw_list_canvas.h"

#include <imgui.h>
#include <imgui_internal.h>

#include <cfloat>
#include <cstdint>
#include <string>

#include "common/error.h"
#include "render/font_metrics.h"
#include "render/gl_state.h"
#include "render/image.h"

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

// Draw callbacks: bind the sampler in UserCallbackData to texture unit 0 (ImGui's backend draws
// with unit 0 and restores the application's sampler binding after the frame), or unbind it.
void bind_sampler(const ImDrawList*, const ImDrawCmd* command) {
  glBindSampler(0, static_cast<GLuint>(reinterpret_cast<intptr_t>(command->UserCallbackData)));
}

// A texture holding `image` (top row first, so texture row 0 is the top, as ImGui draws it).
Texture upload_image(const Image& image) {
  WS_REQUIRE(!image.empty() && image.rgba.size() == size_t(image.width) * image.height * 4,
             "Canvas::image: the raster's pixels are empty or have the wrong size (" +
                 std::to_string(image.width) + "x" + std::to_string(image.height) + ")");
  Texture texture = Texture::create();
  // The pixel store is at GL's defaults here and goes back to them (render/gl_state.h).
  GLint previous_texture = 0, unpack_buffer = 0;
  glGetIntegerv(GL_TEXTURE_BINDING_2D, &previous_texture);
  glGetIntegerv(GL_PIXEL_UNPACK_BUFFER_BINDING, &unpack_buffer);
  glBindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  glBindTexture(GL_TEXTURE_2D, texture.id());
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, image.width, image.height, 0, GL_RGBA, GL_UNSIGNED_BYTE,
               image.rgba.data());
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, 0);
  const GLenum error = kCheckEachFrame ? glGetError() : GLenum(GL_NO_ERROR);  // every frame
  set_default_pixel_store(false);
  glBindBuffer(GL_PIXEL_UNPACK_BUFFER, GLuint(unpack_buffer));
  glBindTexture(GL_TEXTURE_2D, GLuint(previous_texture));
  WS_REQUIRE(error == GL_NO_ERROR, "Canvas::image: uploading a " + std::to_string(image.width) +
                                       "x" + std::to_string(image.height) +
                                       " raster failed (GL error " + std::to_string(error) + ")");
  return texture;
}

}  // namespace

DrawListCanvas::DrawListCanvas(ImDrawList* list, Vec2 logical_size, Vec2 origin, float scale,
                               ImFont* font)
    : list_(list), size_(logical_size), origin_(origin), scale_(scale), font_(font) {
  WS_REQUIRE(list_ != nullptr, "DrawListCanvas needs a draw list");
  WS_REQUIRE(scale_ > 0, "DrawListCanvas scale must be positive");
}

DrawListCanvas::~DrawListCanvas() {
  for (unsigned& sampler : samplers_) {
    if (sampler != 0) glDeleteSamplers(1, &sampler);
    sampler = 0;
  }
}

void DrawListCanvas::image(Vec2 min, Vec2 max, const Raster& raster) {
  GLuint texture = raster.texture;
  if (texture == 0) {
    WS_REQUIRE(bool(raster.pixels), "Canvas::image: the raster has neither a texture nor pixels");
    uploaded_.push_back(upload_image(raster.pixels()));
    texture = uploaded_.back().id();
  }
  unsigned& sampler = samplers_[raster.smooth ? 1 : 0];
  if (sampler == 0) {
    glGenSamplers(1, &sampler);
    WS_REQUIRE(sampler != 0, std::string("Canvas::image: glGenSamplers returned no sampler"));
    glSamplerParameteri(sampler, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
    glSamplerParameteri(sampler, GL_TEXTURE_MAG_FILTER, raster.smooth ? GL_LINEAR : GL_NEAREST);
    glSamplerParameteri(sampler, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glSamplerParameteri(sampler, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  }
  list_->AddCallback(&bind_sampler, reinterpret_cast<void*>(static_cast<intptr_t>(sampler)));
  list_->AddImage(reinterpret_cast<ImTextureID>(static_cast<intptr_t>(texture)),
                  to_imgui(to_pixels(min)), to_imgui(to_pixels(max)), ImVec2(0, 0), ImVec2(1, 1));
  list_->AddCallback(&bind_sampler, nullptr);
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
