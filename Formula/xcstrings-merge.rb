# Homebrew formula for xcstrings-merge, kept in the project's own repository.
#
# Homebrew installs formulae only from taps, so tap this repository (a clone on disk or its
# hosting URL) and install from the tap:
#   brew tap local/xcstrings-merge /path/to/xcstrings-merge
#   brew install --HEAD local/xcstrings-merge/xcstrings-merge
# The tap is a clone of this repository; the formula builds that clone's main branch. HEAD only
# until the project has a public home with release archives: `brew audit` flags the missing stable
# URL and the file:// homepage until then.
class XcstringsMerge < Formula
  desc "Git merge driver, checker and formatter for Xcode String Catalogs"
  homepage "file://#{File.expand_path("..", __dir__)}"
  head "file://#{File.expand_path("..", __dir__)}", using: :git, branch: "main"

  # Swift 6.1 (Xcode 16.3) is what Package.swift declares; on Linux Homebrew takes the system's
  # Swift, as homebrew-core's Swift tools do.
  depends_on xcode: ["16.3", :build]
  depends_on "pkgconf" => :build
  depends_on "libgit2"

  uses_from_macos "swift" => :build

  def install
    # SwiftPM's own sandbox cannot nest inside Homebrew's build sandbox.
    system "swift", "build", "--disable-sandbox", "--configuration", "release", "--product", "xcstrings-merge"
    bin.install ".build/release/xcstrings-merge"
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
    (testpath/"base.xcstrings").write catalog.call(nil, nil)
    (testpath/"ours.xcstrings").write catalog.call("Sichern", nil)
    (testpath/"theirs.xcstrings").write catalog.call(nil, "Guardar")
    system bin/"xcstrings-merge", "merge", "base.xcstrings", "ours.xcstrings", "theirs.xcstrings",
           "--report", testpath/"report.json"
    merged = (testpath/"ours.xcstrings").read
    assert_match "Sichern", merged
    assert_match "Guardar", merged
    system bin/"xcstrings-merge", "check", "ours.xcstrings"
  end
end
