# A stand-in for the parts of Homebrew's Formula DSL that Formula/xcstrings-merge.rb uses, so that
# its `install` runs on a machine without Homebrew: every `system` call is printed instead of run,
# `Utils.safe_popen_read` runs its command (pkgconf is pkg-config here), and `bin.install` is
# printed. Usage: ruby harness.rb FORMULA SYSTEM (linux or macos); run in the package's folder.
require "pathname"

# Classic method definitions throughout: macOS's /usr/bin/ruby is 2.6, without Ruby 3's
# one-line `def name = value`.
module OS
  def self.linux?
    ARGV[1] == "linux"
  end

  def self.mac?
    ARGV[1] == "macos"
  end
end

module Utils
  def self.safe_popen_read(*command)
    command[0] = "pkg-config" if command[0] == "pkgconf"
    return "/products\n" if command.include?("--show-bin-path")
    output = IO.popen(command, &:read)
    raise "#{command.join(" ")} failed" unless $?.success?
    output
  end
end

class Formula
  def self.desc(text)
    puts "desc #{text}"
  end

  def self.homepage(url)
    puts "homepage #{url}"
  end

  def self.license(name)
    puts "license #{name}"
  end

  def self.head(url, **options)
    puts "head #{url} #{options}"
  end

  def self.depends_on(spec)
    puts "depends_on #{spec}"
  end

  def self.uses_from_macos(spec)
    puts "uses_from_macos #{spec}"
  end

  def self.test
    puts "test block"
  end

  HOMEBREW_PREFIX = "/opt/homebrew"

  def system(*arguments)
    puts "system #{arguments.join(" ")}"
  end

  def bin
    bin = Object.new
    def bin.install(path)
      puts "bin.install #{path}"
    end
    bin
  end
end

load ARGV[0]
XcstringsMerge.new.install
