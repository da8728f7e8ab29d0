# Homebrew formula for xcstrings-merge, kept in the project's own repository.
#
# Homebrew installs formulae only from taps, so tap this repository (a clone on disk or its
# hosting URL) and install from the tap:
#   brew tap local/xcstrings-merge /path/to/xcstrings-merge
#   brew install --HEAD local/xcstrings-merge/xcstrings-merge
# The tap is a clone of this repository; the formula builds that clone's main branch. HEAD only
# until the project has a public home with release archives (docs/users/install.md says what
# `brew audit` reports meanwhile).
class XcstringsMerge < Formula
  desc "Git merge driver, checker and formatter for Xcode String Catalogs"
  homepage "file://#{File.expand_path("..", __dir__)}"
  license "MIT"
  head "file://#{File.expand_path("..", __dir__)}", using: :git, branch: "main"

  # Swift 6.1 (Xcode 16.3) is what Package.swift declares; on Linux Homebrew takes its own Swift,
  # as homebrew-core's Swift tools do.
  depends_on xcode: ["16.3", :build]
  depends_on "pkgconf" => :build
  depends_on "libgit2"

  uses_from_macos "swift" => :build

  def install
    # The flags install.sh builds with (Scripts/release-flags.sh prints them): a release build;
    # on Linux the Swift and C++ runtimes linked in.
    flags = Utils.safe_popen_read("bash", "Scripts/release-flags.sh").split("\n")
    # libgit2 is opened at run time, not linked: only its headers are needed. On a Mac,
    # Package.swift finds them through pkg-config; on Linux it expects Debian's include path, so
    # Homebrew's are named here, from pkg-config too.
    if OS.linux?
      Utils.safe_popen_read("pkgconf", "--cflags-only-I", "libgit2").split.each do |include|
        flags += ["-Xcc", include]
      end
    end
    # SwiftPM's own sandbox cannot nest inside Homebrew's build sandbox.
    system "swift", "build", "--disable-sandbox", *flags, "--product", "xcstrings-merge"
    bin.install "#{Utils.safe_popen_read("swift", "build", "--disable-sandbox", *flags, "--show-bin-path").chomp}/xcstrings-merge"
  end

  def caveats
    <<~EOS
      Register the merge driver for every repository (or run it inside one without --global):
        xcstrings-merge install --global
      The driver is registered as #{HOMEBREW_PREFIX}/bin/xcstrings-merge, the link that
      survives upgrades (never the versioned Cellar path).
    EOS
  end

  test do
    assert_match "xcstrings-merge", shell_output("#{bin}/xcstrings-merge --version")

    catalog = lambda do |de, es|
      <<~JSON.chomp
        {
          "sourceLanguage" : "en",
          "strings" : {
            "Save" : {
              "localizations" : {
                "de" : { "stringUnit" : { "state" : "#{de ? "translated" : "new"}", "value" : "#{de || "Save"}" } },
                "es" : { "stringUnit" : { "state" : "#{es ? "translated" : "new"}", "value" : "#{es || "Save"}" } }
              }
            }
          },
          "version" : "1.1"
        }
      JSON
    end

    # A merge through git, with the driver registered by `install`: the commands that open
    # libgit2 (install, doctor) prove that it is found where Homebrew put it.
    ENV["GIT_AUTHOR_NAME"] = "Homebrew"
    ENV["GIT_COMMITTER_NAME"] = "Homebrew"
    ENV["GIT_AUTHOR_EMAIL"] = "test@example.com"
    ENV["GIT_COMMITTER_EMAIL"] = "test@example.com"
    system "git", "init", "--quiet", "--initial-branch=main"
    (testpath/"Localizable.xcstrings").write catalog.call(nil, nil)
    system "git", "add", "Localizable.xcstrings"
    system "git", "commit", "--quiet", "-m", "base"
    system bin/"xcstrings-merge", "install"
    assert_match "libgit2: 1.", shell_output("#{bin}/xcstrings-merge doctor")
    system "git", "checkout", "--quiet", "-b", "spanish"
    (testpath/"Localizable.xcstrings").write catalog.call(nil, "Guardar")
    system "git", "commit", "--quiet", "-am", "Spanish"
    system "git", "checkout", "--quiet", "main"
    (testpath/"Localizable.xcstrings").write catalog.call("Sichern", nil)
    system "git", "commit", "--quiet", "-am", "German"
    system "git", "merge", "--quiet", "--no-edit", "spanish"
    merged = (testpath/"Localizable.xcstrings").read
    assert_match "Sichern", merged
    assert_match "Guardar", merged
    refute_match "<<<<<<<", merged
    system bin/"xcstrings-merge", "check", "Localizable.xcstrings"
  end
end
