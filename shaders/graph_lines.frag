// The graph view's 1-pixel edge lines: the class colour (its alpha raised by the caller when the
// lines are thinned), and for directed graphs the fade towards the tail of graph_edges.frag.
uniform vec4 u_color;
uniform int u_directed;

in float v_along;

out vec4 frag_color;

void main() {
  float alpha = u_color.a;
  if (u_directed != 0) alpha *= mix(0.25, 1.0, v_along);
  frag_color = vec4(u_color.rgb, alpha);
}
