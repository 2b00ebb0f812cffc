/// Timing helpers: every figure is the median of `runs` repeated runs, so one noisy run on
/// a shared 2-core machine does not move the result.
enum Measure {
    /// Nanoseconds per call of `body`, median over `runs` runs of `iterations` calls, after
    /// one untimed run (page faults, caches and branch predictors settle first).
    static func nanosecondsPerCall(runs: Int = 11, iterations: Int, _ body: () throws -> Int) rethrows -> Double {
        var samples: [Double] = []
        var sink = 0
        for _ in 0..<iterations { sink &+= try body() }
        for _ in 0..<runs {
            let clock = ContinuousClock()
            let start = clock.now
            for _ in 0..<iterations { sink &+= try body() }
            let elapsed = clock.now - start
            samples.append(
                Double(elapsed.components.attoseconds) / 1e9 / Double(iterations)
                    + Double(elapsed.components.seconds) * 1e9 / Double(iterations))
        }
        Measure.blackHole(sink)
        return median(samples)
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return .nan }
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }

    @inline(never) static func blackHole(_ value: Int) {
        if value == 0x5EED_F00D { print("") }
    }
}

extension Double {
    func formatted(_ digits: Int) -> String {
        let scale = (0..<digits).reduce(1.0) { value, _ in value * 10 }
        let rounded = (self * scale).rounded() / scale
        var text = String(rounded)
        if digits == 0, text.hasSuffix(".0") { text.removeLast(2) }
        return text
    }
}

func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
    let padding = String(repeating: " ", count: max(0, width - text.count))
    return right ? padding + text : text + padding
}
