// The graph view's vertices: a round disk of its state's radius in the state's fill colour with an
// outline, both anti-aliased over one pixel, and for the source a ring around the disk.
uniform float u_outline;  // outline width, pixels (0: none)
uniform vec4 u_fill[5];
uniform vec4 u_stroke[5];

flat in int v_state;
flat in float v_radius;
in vec2 v_offset;

out vec4 frag_color;

const float kRingInner = 1.35, kRing = 1.75;  // the source's ring, in disk radii

void main() {
  float d = length(v_offset);
  float r = v_radius;
  float disk = clamp(r + 0.5 - d, 0.0, 1.0);
  float inner = clamp(r - u_outline + 0.5 - d, 0.0, 1.0);
  vec4 color = mix(u_stroke[v_state], u_fill[v_state], u_outline > 0.0 ? inner : 1.0);
  float alpha = disk;
  if (v_state == 4) {
    float ring = clamp(min(d - r * kRingInner, r * kRing - d) + 0.5, 0.0, 1.0);
    if (ring > disk) {
      color = u_stroke[4];
      alpha = ring;
    }
  }
  alpha *= color.a;
  if (alpha <= 0.004) discard;
  frag_color = vec4(color.rgb, alpha);
}
