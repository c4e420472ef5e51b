// Marks an English literal as a key of the translation catalog without translating it where it
// is written (a table's entry, a benchmark's title pattern): the app translates it where it is
// shown (app/i18n: tr, tr_text). The catalog tool finds the keys by this spelling.
#pragma once

#ifndef TR_NOOP
#define TR_NOOP(text) text
#endif
