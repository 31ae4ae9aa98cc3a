// Oracle for the expander tests: asks Debian's libhunspell (Hunspell::spell) about each word.
// Usage: spell_check AFF DIC < words   (one UTF-8 word per line)
// Prints one line per word: "1" if spell() accepts it, "0" if not; with -r, prints only the
// rejected words (so a test streaming millions of forms reads back just the failures).
#include <hunspell/hunspell.hxx>
#include <iostream>
#include <string>
#include <cstring>

int main(int argc, char** argv) {
  bool rejected_only = false;
  int first = 1;
  if (argc > 1 && std::strcmp(argv[1], "-r") == 0) {
    rejected_only = true;
    first = 2;
  }
  if (argc - first != 2) {
    std::cerr << "usage: spell_check [-r] AFF DIC < words\n";
    return 2;
  }
  Hunspell checker(argv[first], argv[first + 1]);
  std::ios::sync_with_stdio(false);
  std::string word;
  while (std::getline(std::cin, word)) {
    bool ok = checker.spell(word);
    if (rejected_only) {
      if (!ok) std::cout << word << '\n';
    } else {
      std::cout << (ok ? '1' : '0') << '\n';
    }
  }
  std::cout.flush();
  return 0;
}
