// The graph view's vertices (app/interop/graph_buffers.h): one screen-space quad of 6 vertices
// per vertex around its centre, pulled by gl_VertexID from texture-buffer views (no vertex
// attributes; quads, not GL_POINTS, so a disk near the border is not culled with its centre and
// no point-size limit applies). The "#version" line is prepended at run time (430 / 330 core).
uniform samplerBuffer u_positions;  // RG32F: x, y per vertex, layout units
uniform usamplerBuffer u_states;    // R8UI: 0 unvisited, 1 visited, 2 frontier, 3 discovered,
                                    // 4 source
uniform vec2 u_center;
uniform float u_scale;
uniform vec2 u_target;
uniform float u_radius[5];  // disk radius per state, pixels (frontier & co. larger when small)
uniform float u_depth[5];   // per state: lower is drawn over higher

flat out int v_state;
flat out float v_radius;
out vec2 v_offset;  // pixels from the centre

const float kRing = 1.75;  // the source's ring: outer radius / disk radius

vec2 to_pixels(vec2 p) {
  return vec2((p.x - u_center.x) * u_scale + 0.5 * u_target.x,
              0.5 * u_target.y - (p.y - u_center.y) * u_scale);
}

void main() {
  int vertex = gl_VertexID / 6;
  int corner = gl_VertexID - vertex * 6;
  int state = min(int(texelFetch(u_states, vertex).r), 4);
  vec2 c = to_pixels(texelFetch(u_positions, vertex).xy);
  float radius = u_radius[state];
  float reach = radius * (state == 4 ? kRing : 1.0) + 0.5;  // + the smooth edge
  // (-,-) (+,-) (+,+) / (-,-) (+,+) (-,+)
  float sx = (corner == 1 || corner == 2 || corner == 4) ? 1.0 : -1.0;
  float sy = (corner == 2 || corner == 4 || corner == 5) ? 1.0 : -1.0;
  v_offset = vec2(sx, sy) * reach;
  v_state = state;
  v_radius = radius;
  gl_Position = vec4((c + v_offset) / u_target * 2.0 - 1.0, u_depth[state], 1.0);
}
