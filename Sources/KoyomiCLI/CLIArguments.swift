/// A command's arguments: `--name value` / `--name=value` options, flags and positionals.
struct CLIArguments {
    var values: [String: String] = [:]
    /// Every value of a `repeated` option, in order.
    var lists: [String: [String]] = [:]
    var flags: Set<String> = []
    var positionals: [String] = []

    /// - Parameters:
    ///   - valued: options that take a value ("--date").
    ///   - flags: options that take none ("--json").
    ///   - repeated: valued options that may be given several times ("--remind").
    ///   - aliases: short spellings of options ("-o" for "--output").
    init(_ arguments: [String], valued: Set<String>, repeated: Set<String> = [], flags known: Set<String>,
         aliases: [String: String] = [:]) throws(CLIError) {
        let valued = valued.union(repeated)
        var index = 0
        var onlyPositionals = false
        while index < arguments.count {
            var argument = arguments[index]
            index += 1
            if !onlyPositionals, let long = aliases[argument] { argument = long }
            if onlyPositionals || !argument.hasPrefix("--") {
                if !onlyPositionals, argument.hasPrefix("-"), argument != "-" {
                    throw .usage("unknown option “\(argument)”")
                }
                positionals.append(argument)
                continue
            }
            if argument == "--" {
                onlyPositionals = true
                continue
            }
            var name = argument
            var value: String?
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                value = String(argument[argument.index(after: equals)...])
            }
            if known.contains(name) {
                if value != nil { throw .usage("\(name) takes no value") }
                flags.insert(name)
            } else if valued.contains(name) {
                if value == nil {
                    guard index < arguments.count else { throw .usage("\(name) needs a value") }
                    value = arguments[index]
                    index += 1
                }
                if repeated.contains(name) {
                    lists[name, default: []].append(value ?? "")
                    continue
                }
                if values[name] != nil { throw .usage("\(name) was given twice") }
                values[name] = value
            } else {
                throw .usage("unknown option “\(name)”")
            }
        }
    }
}
