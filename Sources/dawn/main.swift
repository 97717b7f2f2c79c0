import DawnApp
import Foundation

exit(DawnCommand.run(arguments: CommandLine.arguments, environment: ProcessInfo.processInfo.environment))
