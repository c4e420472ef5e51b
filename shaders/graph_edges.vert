// The graph view's edges (app/interop/graph_buffers.h), one screen-space quad of 6 vertices per
// edge (or, for large graphs, per vertex: its tree / useful edge), pulled from texture-buffer
// views of the graph's buffers by gl_VertexID (no vertex attributes). The "#version" line is prepended at run time: 430 core, or 330 core on older
// contexts; nothing here needs more than 330.
uniform samplerBuffer u_positions;  // RG32F: x, y per vertex, layout units
uniform isamplerBuffer u_pairs;     // RG32I: u, v per edge
uniform usamplerBuffer u_classes;   // R8UI: 0 plain, 1 examined, 2 tree, 3 useful
uniform vec2 u_center;              // layout coordinates at the centre of the target
uniform float u_scale;              // pixels per layout unit
uniform vec2 u_target;              // target size in pixels
uniform vec4 u_color[4];            // per class, straight alpha
uniform float u_width[4];           // per class, pixels
uniform float u_depth[4];           // per class: lower is drawn over higher
uniform int u_by_vertex;            // 1: quad i is vertex i's tree / useful edge (u_tree), if any
uniform isamplerBuffer u_tree;      // R32I: per vertex its tree / useful edge, -1 none
uniform int u_tree_stride;          // by vertex: one tree (not useful) edge in every u_tree_stride,
                                    // picked by the vertex's hash (as graph_lines.vert)
uniform int u_only_class;           // >= 0: only edges of this class (by draw order, no depth)

out vec4 v_color;
out float v_across;  // pixels from the centre line
out float v_half;    // half the line width, pixels
out float v_along;   // 0 at u, 1 at v

// Layout units -> pixels (x right, y down; row 0 of the target is the top of the picture).
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
  int edge = gl_VertexID / 6;
  int corner = gl_VertexID - edge * 6;
  int vertex = edge;
  if (u_by_vertex != 0) edge = texelFetch(u_tree, vertex).r;
  int cls = edge < 0 ? -1 : min(int(texelFetch(u_classes, edge).r), 3);
  bool skip = edge < 0 || (u_only_class >= 0 && cls != u_only_class) ||
              (u_by_vertex != 0 && cls == 2 && u_tree_stride > 1 &&
               hash(vertex) % uint(u_tree_stride) != 0u);
  if (skip) {  // nothing to draw here: a degenerate triangle outside
    v_color = vec4(0.0);
    v_across = v_half = v_along = 0.0;
    gl_Position = vec4(2.0, 2.0, 2.0, 1.0);
    return;
  }
  ivec2 uv = texelFetch(u_pairs, edge).xy;
  vec2 a = to_pixels(texelFetch(u_positions, uv.x).xy);
  vec2 b = to_pixels(texelFetch(u_positions, uv.y).xy);
  vec2 d = b - a;
  float len = length(d);
  vec2 dir = len > 1e-4 ? d / len : vec2(1.0, 0.0);
  vec2 normal = vec2(-dir.y, dir.x);
  // Two triangles: (a-, b-, b+) and (a-, b+, a+), half a pixel of margin for the smooth edge.
  bool at_b = corner == 1 || corner == 2 || corner == 4;
  float side = (corner == 2 || corner == 4 || corner == 5) ? 1.0 : -1.0;
  float half_width = 0.5 * u_width[cls];
  // Exactly the smooth edge's footprint (the fragment shader's coverage is 0 past it): fill rate
  // is what a million edges cost.
  float reach = max(half_width, 0.5) + 0.5;
  vec2 p = (at_b ? b : a) + normal * (side * reach);
  v_color = u_color[cls];
  v_across = side * reach;
  v_half = half_width;
  v_along = at_b ? 1.0 : 0.0;
  // Pixels -> clip space without a flip: target row 0 is GL's first row, the picture's top.
  gl_Position = vec4(p / u_target * 2.0 - 1.0, u_depth[cls], 1.0);
}
