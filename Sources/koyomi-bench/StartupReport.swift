/// What `--only startup` prints as JSON: the start-up rows and the screen runs, with no sizes.
struct StartupReport: Encodable {
    var date: String
    var machine: String
    var runs: Int
    var startup: [StartupBenchmark.Renderer]
    var screen: ScreenBenchmark.Report
}
