# cmake -DHEADER=student/ws_lab.h -DEVENT=lab_event.h -DOUT=x.cpp -P embed_header.cmake
# Writes ws::lab::student_header(): ws_lab.h with its `#include "../lab_event.h"` replaced by the
# text of lab_event.h (NVRTC and g++ get one self-contained header).
file(READ ${HEADER} header)
file(READ ${EVENT} event)
string(REPLACE "#pragma once" "" event "${event}")
string(REPLACE "#include \"../lab_event.h\"" "${event}" header "${header}")
# A raw string literal cut in pieces below the compilers' literal limits.
set(body "")
string(LENGTH "${header}" total)
set(offset 0)
while(offset LESS total)
  string(SUBSTRING "${header}" ${offset} 8000 piece)
  string(APPEND body "    R\"ws_lab_header(${piece})ws_lab_header\"\n")
  math(EXPR offset "${offset} + 8000")
endwhile()
file(WRITE ${OUT}.tmp "// Generated from kernels/lab/student/ws_lab.h and kernels/lab/lab_event.h.
#include <string>

#include \"lab.h\"

namespace ws::lab {

const std::string& student_header() {
  static const std::string text =
${body}    ;
  return text;
}

}  // namespace ws::lab
")
file(COPY_FILE ${OUT}.tmp ${OUT} ONLY_IF_DIFFERENT)
