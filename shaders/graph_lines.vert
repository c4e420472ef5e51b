// The graph view's plain and examined edges on large graphs (app/interop/graph_buffers.h): one
// 1-pixel GL_LINES segment per edge, 2 vertices pulled by gl_VertexID from the texture-buffer
// views, no anti-aliasing and no depth: a million edges cost their pixels once, not a quad's two.
// One pass per class (u_class); an edge of another class becomes a point outside the clip volume.
// With u_stride > 1 line i draws one edge of block [i * stride, (i + 1) * stride), picked by a
// hash of i (the same edge in every pass), so thinning is a random sample, not every k-th row.
// With u_by_vertex, line i is vertex i's tree / useful edge (u_tree), if any and of u_class, kept
// only when the vertex's hash picks it (one in u_stride): the tree edges of dense large graphs.
// The "#version" line is prepended at run time (430 / 330 core).
uniform samplerBuffer u_positions;  // RG32F: x, y per vertex, layout units
uniform isamplerBuffer u_pairs;     // RG32I: u, v per edge
uniform usamplerBuffer u_classes;   // R8UI: 0 plain, 1 examined, 2 tree, 3 useful
uniform vec2 u_center;
uniform float u_scale;
uniform vec2 u_target;
uniform int u_class;   // the class this pass draws
uniform int u_stride;  // one edge in every u_stride
uniform int u_edges;   // the edge count
uniform int u_by_vertex;        // 1: line i is vertex i's tree / useful edge
uniform isamplerBuffer u_tree;  // R32I: per vertex its tree / useful edge, -1 none

out float v_along;  // 0 at u, 1 at v

vec2 to_pixels(vec2 p) {
  return vec2((p.x - u_center.x) * u_scale + 0.5 * u_target.x,
              0.5 * u_target.y - (p.y - u_center.y) * u_scale);
}

uint hash(int i) {
  uint h = uint(i) * 2654435761u;
  h ^= h >> 15;
  h *= 2246822519u;
  h ^= h >> 13;
  return h;
}

void main() {
  int line = gl_VertexID / 2;
  int end = gl_VertexID - 2 * line;
  int edge;
  if (u_by_vertex != 0) {
    edge = texelFetch(u_tree, line).r;
    if (u_stride > 1 && hash(line) % uint(u_stride) != 0u) edge = -1;
  } else {
    edge = line * u_stride;
    if (u_stride > 1) edge += int(hash(line) % uint(u_stride));
  }
  v_along = float(end);
  if (edge < 0 || edge >= u_edges || int(texelFetch(u_classes, edge).r) != u_class) {
    gl_Position = vec4(2.0, 2.0, 2.0, 1.0);  // outside: the segment is clipped away
    return;
  }
  ivec2 uv = texelFetch(u_pairs, edge).xy;
  vec2 p = to_pixels(texelFetch(u_positions, end == 0 ? uv.x : uv.y).xy);
  gl_Position = vec4(p / u_target * 2.0 - 1.0, 0.0, 1.0);
}
