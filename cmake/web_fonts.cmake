# The browser build's fonts: the app reads them from the data package (web/web_data.cmake puts
# them in /warpscope/fonts), not from /usr/share/fonts. Included by cmake/web.cmake, before
# add_subdirectory(app) defines these cache variables with the desktop's paths (FORCE: a build
# folder configured before has the desktop's paths in its cache, which the page has not). DejaVu Sans Mono
# (the code editor's font) needs no variable: the app looks for DejaVuSansMono.ttf beside
# WARPSCOPE_FONT_PATH (app/shell/imgui_runtime.cpp, mono_font_path).
set(ws_web_font_dir /warpscope/fonts)
set(WARPSCOPE_FONT_PATH ${ws_web_font_dir}/DejaVuSans.ttf
    CACHE FILEPATH "DejaVu Sans (UI, figures and SVG text metrics); $WARPSCOPE_FONT overrides it" FORCE)
set(WARPSCOPE_CJK_FONT_PATH ${ws_web_font_dir}/cjk-subset.ttf
    CACHE FILEPATH "A font with Chinese glyphs (merged into the atlas); $WARPSCOPE_CJK_FONT overrides it" FORCE)
