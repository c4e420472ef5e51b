// The graph view's edges: coverage of a line of width 2 * v_half (anti-aliased over one pixel;
// lines thinner than a pixel are drawn one pixel wide and fainter), and for directed graphs a
// fade from the head (v = 1, full colour) towards the tail, the direction cue.
uniform int u_directed;

in vec4 v_color;
in float v_across;
in float v_half;
in float v_along;

out vec4 frag_color;

void main() {
  float half_width = max(v_half, 0.5);
  float thin = min(2.0 * v_half, 1.0);  // below one pixel: fainter instead of thinner
  float cover = clamp(half_width + 0.5 - abs(v_across), 0.0, 1.0) * thin;
  float alpha = v_color.a * cover;
  if (u_directed != 0) alpha *= mix(0.25, 1.0, v_along);
  if (alpha <= 0.004) discard;  // keeps the margin out of the depth buffer
  frag_color = vec4(v_color.rgb, alpha);
}
