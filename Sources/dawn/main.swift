import DawnCLI
import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

exit(DawnCommand.run(arguments: CommandLine.arguments, environment: ProcessInfo.processInfo.environment))
