#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import Platform

PhaseTimes.begin()
Signals.ignoreWriteSignals()
exit(Tool.run(Array(CommandLine.arguments.dropFirst())))
