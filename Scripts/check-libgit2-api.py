#!/usr/bin/env python3
"""Checks that every libgit2 function the tool calls has the same declaration in two libgit2
versions and is not deprecated in the newer one.

Usage: Scripts/check-libgit2-api.py OLD_INCLUDE_DIR NEW_INCLUDE_DIR
(the include/ folders of two libgit2 versions, e.g. Debian's 1.5 in /usr/include and
Homebrew's 1.9 in $(brew --prefix libgit2)/include). Exit 0 when every listed function matches."""
import glob
import os
import re
import sys

DECLARATION = re.compile(r'GIT_EXTERN\(([^)]*)\)\s*(git_\w+)\s*\(([^;]*?)\)\s*;', re.S)


def declarations(include_dir):
    found, deprecated = {}, set()
    for header in glob.glob(os.path.join(include_dir, '**', '*.h'), recursive=True):
        text = open(header, encoding='utf-8', errors='replace').read()
        for match in DECLARATION.finditer(text):
            name = match.group(2)
            if 'deprecated' in os.path.basename(header):
                deprecated.add(name)
                continue
            found[name] = re.sub(r'\s+', ' ', match.group(1) + ' ' + match.group(3)).strip()
    return found, deprecated


def main():
    if len(sys.argv) != 3:
        print(__doc__)
        return 2
    here = os.path.dirname(os.path.abspath(__file__))
    names = [line.strip() for line in open(os.path.join(here, 'libgit2-functions.txt'))
             if line.strip() and not line.startswith('#')]
    old, _ = declarations(sys.argv[1])
    new, deprecated = declarations(sys.argv[2])
    problems = 0
    for name in names:
        if name not in old or name not in new:
            print(f'{name}: missing in {"the old" if name not in old else "the new"} headers')
            problems += 1
        elif old[name] != new[name]:
            print(f'{name}: declarations differ\n  old: {old[name]}\n  new: {new[name]}')
            problems += 1
        elif name in deprecated:
            print(f'{name}: deprecated in the new headers')
            problems += 1
    print(f'{len(names)} functions checked, {problems} problems')
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())
