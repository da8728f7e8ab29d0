#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import XcstringsMergePlatform

PhaseTimes.begin()
MemoryAllocation.keepFreedMemory()
MemoryMaps.allowMappingsInPlace()
ProcessLifetime.allowKeepingUntilExit()
Signals.ignoreWriteSignals()
exit(Output.finalStatus(Tool.run(Array(CommandLine.arguments.dropFirst()))))
