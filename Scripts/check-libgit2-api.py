#!/usr/bin/env python3
"""Checks that every libgit2 function the tool calls is declared, the same way and not deprecated,
in each given libgit2 version, in a header that a build of the tool actually sees.

Usage: Scripts/check-libgit2-api.py [--shim SHIM_H] INCLUDE_DIR [INCLUDE_DIR ...]
(the include/ folders of libgit2 versions, e.g. Debian's 1.5 in /usr/include and Homebrew's 1.9
in $(brew --prefix libgit2)/include or ../shared/libgit2-1.9.7/include).

A build sees the headers reachable from what Sources/CLibgit2/shim.h includes: <git2.h> and any
other <git2/...> header it names (a `__has_include` guard counts where that header exists), then,
transitively, everything those include. A function declared only in a header outside that set
(libgit2 1.8 moved git_error_clear to git2/sys/errors.h, which git2.h does not include) would
not compile, so it is a problem here. Exit 0 when every listed function passes in every folder."""
import os
import re
import sys

DECLARATION = re.compile(r'GIT_EXTERN\(([^)]*)\)\s*(git_\w+)\s*\(([^;]*?)\)\s*;', re.S)
INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]', re.M)
HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_SHIM = os.path.join(HERE, '..', 'Sources', 'CLibgit2', 'shim.h')


def shim_includes(shim_path):
    """The libgit2 headers the shim includes (`git2.h`, `git2/sys/errors.h`), relative to an
    include folder."""
    text = open(shim_path, encoding='utf-8').read()
    return [name for _, name in INCLUDE.findall(text) if name == 'git2.h' or name.startswith('git2/')]


def reachable_headers(include_dir, roots):
    """The headers a compiler reads from `roots`: a quoted include is looked up beside the
    including header first, then in the include folder, as C compilers do."""
    seen, pending = set(), []
    for root in roots:
        path = os.path.join(include_dir, root)
        if os.path.isfile(path):
            pending.append(os.path.normpath(path))
    while pending:
        header = pending.pop()
        if header in seen:
            continue
        seen.add(header)
        text = open(header, encoding='utf-8', errors='replace').read()
        for style, name in INCLUDE.findall(text):
            candidates = [os.path.join(os.path.dirname(header), name)] if style == '"' else []
            candidates.append(os.path.join(include_dir, name))
            for candidate in candidates:
                if os.path.isfile(candidate):
                    pending.append(os.path.normpath(candidate))
                    break
    return seen


def declarations(include_dir, roots):
    """For each declared function: its declaration, whether a build sees it, and the header."""
    visible = reachable_headers(include_dir, roots)
    found = {}
    for folder, _, files in os.walk(include_dir):
        for file in files:
            if not file.endswith('.h'):
                continue
            header = os.path.normpath(os.path.join(folder, file))
            if 'git2' not in os.path.relpath(header, include_dir):
                continue
            text = open(header, encoding='utf-8', errors='replace').read()
            for match in DECLARATION.finditer(text):
                name = match.group(2)
                entry = {
                    'declaration': re.sub(r'\s+', ' ', match.group(1) + ' ' + match.group(3)).strip(),
                    'visible': header in visible,
                    'deprecated': 'deprecated' in file,
                    'header': os.path.relpath(header, include_dir),
                }
                # A visible, current declaration wins over a deprecated or unreachable one.
                previous = found.get(name)
                if previous is None or rank(entry) > rank(previous):
                    found[name] = entry
    return found


def rank(entry):
    return (entry['visible'], not entry['deprecated'])


def main(arguments):
    shim = DEFAULT_SHIM
    if arguments[:1] == ['--shim'] and len(arguments) >= 2:
        shim, arguments = arguments[1], arguments[2:]
    if not arguments or any(a.startswith('-') for a in arguments):
        print(__doc__)
        return 2
    for folder in arguments:
        if not os.path.isfile(os.path.join(folder, 'git2.h')):
            print(f'{folder}: no git2.h there')
            return 2
    names = [line.strip() for line in open(os.path.join(HERE, 'libgit2-functions.txt'))
             if line.strip() and not line.startswith('#')]
    roots = shim_includes(shim)
    versions = [(folder, declarations(folder, roots)) for folder in arguments]
    problems = 0
    for name in names:
        first = None
        for folder, found in versions:
            entry = found.get(name)
            if entry is None:
                print(f'{name}: not declared in {folder}')
            elif not entry['visible']:
                print(f'{name}: declared in {folder} only in {entry["header"]}, which the shim does not include')
            elif entry['deprecated']:
                print(f'{name}: deprecated in {folder}')
            elif first is not None and entry['declaration'] != first[1]:
                print(f'{name}: declarations differ\n  {first[0]}: {first[1]}\n  {folder}: {entry["declaration"]}')
            else:
                first = first or (folder, entry['declaration'])
                continue
            problems += 1
    print(f'{len(names)} functions checked in {len(versions)} header folders, {problems} problems')
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
