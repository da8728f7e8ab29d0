#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

exit(Tool.run(Array(CommandLine.arguments.dropFirst())))
