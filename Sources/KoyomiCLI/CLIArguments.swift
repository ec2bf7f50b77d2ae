import CalendarModel
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
                    // TRANSLATORS: a command's error; %@ is what was typed ("--frobnicate").
                    throw .usage(FormatterStrings.fill(L("unknown option “%@”"), argument))
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
                // TRANSLATORS: a command's error; %@ is an option ("--json").
                if value != nil { throw .usage(FormatterStrings.fill(L("%@ takes no value"), name)) }
                flags.insert(name)
            } else if valued.contains(name) {
                if value == nil {
                    // TRANSLATORS: a command's error; %@ is an option ("--date").
                    guard index < arguments.count else { throw .usage(FormatterStrings.fill(L("%@ needs a value"), name)) }
                    value = arguments[index]
                    index += 1
                }
                if repeated.contains(name) {
                    lists[name, default: []].append(value ?? "")
                    continue
                }
                // TRANSLATORS: a command's error; %@ is an option ("--date").
                if values[name] != nil { throw .usage(FormatterStrings.fill(L("%@ was given twice"), name)) }
                values[name] = value
            } else {
                throw .usage(FormatterStrings.fill(L("unknown option “%@”"), name))
            }
        }
    }
}
