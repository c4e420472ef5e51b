// The translation catalog kept true to the sources: every key written as tr("..."), trf("...",
// ...) or TR_NOOP("...") under app/ is found here, so en.json (the list of keys) can be made from
// the code and each language file checked for every key. Used by `ws_i18n_catalog` and its test.
#pragma once

#include <map>
#include <set>
#include <string>
#include <vector>

namespace ws::i18n {

// Where a key is used (the first place it was found).
struct KeyUse {
  std::string file;
  int line = 0;
};

// The keys in one source text: C++ string literals as the compiler reads them (escapes decoded,
// adjacent literals joined) inside tr( trf( TR_NOOP(. A call whose first argument is not a
// literal is skipped (it translates text made elsewhere). `problems` gets "file:line: ..." for
// literals the scanner cannot read (raw strings).
void scan_keys(const std::string& source, const std::string& file,
               std::map<std::string, KeyUse>& keys, std::vector<std::string>& problems);
// Every .cpp and .h under `root` (sorted), scanned.
std::map<std::string, KeyUse> scan_tree(const std::string& root,
                                        std::vector<std::string>& problems);

// What a language file lacks or has too much of against `keys`.
struct CatalogCheck {
  std::vector<std::string> missing;     // keys without a (non-empty) translation
  std::vector<std::string> stale;       // entries no source uses
  std::vector<std::string> mismatched;  // placeholders differ between key and translation
  bool ok() const { return missing.empty() && stale.empty() && mismatched.empty(); }
};
CatalogCheck check_catalog(const std::set<std::string>& keys,
                           const std::vector<std::pair<std::string, std::string>>& strings);

}  // namespace ws::i18n
