/* A stand-in for the app that tests the browser page (tests/web/test_page.sh): it links with the
 * app's web flags (web/web_page.cmake), opens a GLFW window on the canvas, clears it with WebGL 2
 * every frame, calls warpscopePage.frameDrawn(n) as the app does, and writes what it sees of the
 * page's set-up (arguments, ENV, the data package, /uploads, the settings folder) into
 * <pre id="probe-report">, where the test reads it. ws_web_files_opened is the app's entry point
 * for files the user picked, ws_web_paste for a paste's text and ws_web_text_input for an input
 * method's; here each appends what it got to the report. */
#include <GLES3/gl3.h>
#include <GLFW/glfw3.h>
#include <emscripten.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static GLFWwindow* window;
static int frame_count;

static long file_size(const char* path) {
  struct stat info;
  return stat(path, &info) == 0 ? (long)info.st_size : -1;
}

static int is_folder(const char* path) {
  struct stat info;
  return stat(path, &info) == 0 && S_ISDIR(info.st_mode);
}

static void report(const char* line) {
  EM_ASM(
      {
        let pre = document.getElementById('probe-report');
        if (!pre) {
          pre = document.createElement('pre');
          pre.id = 'probe-report';
          document.body.appendChild(pre);
        }
        pre.textContent += UTF8ToString($0) + '\n';
      },
      line);
}

EMSCRIPTEN_KEEPALIVE void ws_web_files_opened(const char* paths) {
  char line[512];
  snprintf(line, sizeof line, "files_opened=%s", paths);
  report(line);
}

EMSCRIPTEN_KEEPALIVE void ws_web_paste(const char* text) {
  char line[512];
  snprintf(line, sizeof line, "paste=%s", text);
  report(line);
}

EMSCRIPTEN_KEEPALIVE void ws_web_text_input(const char* text) {
  char line[512];
  snprintf(line, sizeof line, "text_input=%s", text);
  report(line);
}

static void draw_frame(void) {
  int width, height;
  glfwGetFramebufferSize(window, &width, &height);
  glViewport(0, 0, width, height);
  glClearColor(0.1f, 0.6f, 0.3f, 1.0f); /* green: the probe drew */
  glClear(GL_COLOR_BUFFER_BIT);
  ++frame_count;
  if (frame_count == 3) {
    char line[256];
    snprintf(line, sizeof line, "window=%dx%d", width, height);
    report(line);
  }
  EM_ASM({ globalThis.warpscopePage.frameDrawn($0); }, frame_count);
}

int main(int argc, char** argv) {
  char line[512];
  line[0] = '\0';
  for (int i = 0; i < argc; ++i) {
    strncat(line, i == 0 ? "args=" : " ", sizeof line - strlen(line) - 1);
    if (i > 0) strncat(line, argv[i], sizeof line - strlen(line) - 1);
  }
  report(line);
  const char* data_dir = getenv("WARPSCOPE_DATA_DIR");
  snprintf(line, sizeof line, "data_dir=%s", data_dir ? data_dir : "(unset)");
  report(line);
  snprintf(line, sizeof line, "font=%ld mono=%ld cjk=%ld catalog=%ld kernel_source=%s",
           file_size("/warpscope/fonts/DejaVuSans.ttf"),
           file_size("/warpscope/fonts/DejaVuSansMono.ttf"),
           file_size("/warpscope/fonts/cjk-subset.ttf"),
           file_size("/warpscope/assets/i18n/zh.json"),
           is_folder("/warpscope/kernels") ? "yes" : "no");
  report(line);
  snprintf(line, sizeof line, "uploads=%s settings=%s", is_folder("/uploads") ? "yes" : "no",
           is_folder("/home/web_user/.config") ? "yes" : "no");
  report(line);

  if (argc > 2 && strcmp(argv[2], "--exit-early") == 0) { /* ?exit-early: an app that stops */
    fprintf(stderr, "probe: exiting before the first frame\n");
    return 3;
  }
  if (!glfwInit()) {
    report("glfw=failed");
    return 1;
  }
  glfwWindowHint(GLFW_CLIENT_API, GLFW_OPENGL_ES_API);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  window = glfwCreateWindow(640, 480, "probe", NULL, NULL);
  if (!window) {
    report("window=failed");
    return 1;
  }
  glfwMakeContextCurrent(window);
  snprintf(line, sizeof line, "gl=%s", (const char*)glGetString(GL_VERSION));
  report(line);
  emscripten_set_main_loop(draw_frame, 0, 0);
  return 0;
}
