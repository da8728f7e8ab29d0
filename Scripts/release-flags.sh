# Sourced by install.sh and Scripts/bench.sh: the flags the installed binary is built with, in
# the array `release_build_flags`. Run from the package's folder.
release_build_flags=(-c release)
if [ "$(uname -s)" = Linux ]; then
    # The Swift runtime linked in, so that the binary runs without the toolchain.
    release_build_flags+=(--static-swift-stdlib)
    # With it, the toolchain asks the linker to export every symbol of the program
    # (-export-dynamic, in its static-stdlib-args.lnk): 4,500 symbols that nothing looks up, which
    # the runtime's start-up walks one by one (its `dladdr` of itself, to find swift-backtrace).
    # Taken back here. And no $ORIGIN run path: nothing is loaded from beside the binary, and the
    # loader would look there (two dozen failed system calls) before libc's own folder.
    # (`--version` 1.21 -> 1.10 ms against git's 1.18, perf stat -r 800.)
    release_build_flags+=(--disable-local-rpath -Xlinker --no-export-dynamic)
    # The C++ runtime linked in as well. The Swift runtime and ICU need libstdc++, and loading
    # libstdc++.so (its relocations and symbol look-ups) is most of the start of a Swift program
    # on Linux: `xcstrings-merge --version` took 1.50 x `git --version` with it, 1.02 x
    # without, and a merge driver starts once per file. The toolchain's link line asks for
    # -lstdc++, which the linker takes from the first folder holding libstdc++.so or
    # libstdc++.a: a folder holding only the archive, searched first, gives it the archive.
    # (GCC's runtime library exception allows linking it into any program.) Without a
    # libstdc++.a the shared library is used, as before.
    # GCC's own runtime (libgcc: the unwinder and CPU feature checks) linked in too, for the
    # same reason: one shared library fewer to load and relocate at each start (`--version`
    # 1.35 -> 1.25 ms against git's 1.11, perf stat -r 400).
    release_build_flags+=(-Xswiftc -Xclang-linker -Xswiftc -static-libgcc)
    for compiler in clang gcc cc; do
        archive="$("$compiler" -print-file-name=libstdc++.a 2>/dev/null || true)"
        if [ -f "$archive" ]; then
            mkdir -p .build/static-libstdc++
            ln -sf "$archive" .build/static-libstdc++/libstdc++.a
            release_build_flags+=(-Xlinker "-L$PWD/.build/static-libstdc++")
            break
        fi
    done
fi

# Run rather than sourced (the Homebrew formula builds with these flags): print them, one a line.
if [ "${BASH_SOURCE[0]}" = "$0" ]; then
    printf '%s\n' "${release_build_flags[@]}"
fi
