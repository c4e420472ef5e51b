# Writes every character the app may show in Chinese into OUTPUT (cmake -P; run by
# web/web_data.cmake): the text of the files in INPUTS ("a|b|c"), one after the other. pyftsubset
# keeps exactly these characters (plus ASCII and CJK punctuation) of the CJK font.
if(NOT DEFINED INPUTS OR NOT DEFINED OUTPUT)
  message(FATAL_ERROR "cjk_text.cmake: pass -DINPUTS= -DOUTPUT=")
endif()
string(REPLACE "|" ";" INPUTS "${INPUTS}")
set(text "")
foreach(input ${INPUTS})
  file(READ ${input} content)
  string(APPEND text "${content}\n")
endforeach()
file(WRITE ${OUTPUT} "${text}")
