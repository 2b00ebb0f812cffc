import AxiomRouteCommands

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

exit(await AxiomRoute.execute(arguments: Array(CommandLine.arguments.dropFirst())))
