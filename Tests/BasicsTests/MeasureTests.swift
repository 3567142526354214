// Clocks and the benchmarks' statistics.

import Basics
import TestSupport
import Testing

@Suite(.tags(.small)) struct MeasureTests {
    @Test func monotonicClockDoesNotGoBack() {
        var last = Clocks.monotonicMilliseconds()
        for _ in 0..<1000 {
            let now = Clocks.monotonicMilliseconds()
            #expect(now >= last)
            last = now
        }
        #expect(Clocks.monotonicSeconds() * 1000 >= last - 1)
        #expect(Clocks.threadCPUMilliseconds() >= 0)
        #expect(Clocks.processCPUSeconds() >= 0)
        #expect(Clocks.realtimeSeconds() > 1_700_000_000)
    }

    @Test func medianAndQuantile() {
        #expect(Statistics.median([]) == 0)
        #expect(Statistics.median([3, 1, 2]) == 2)
        #expect(Statistics.median([4, 1, 3, 2]) == 2.5)
        #expect(Statistics.quantile([], 0.9) == 0)
        #expect(Statistics.quantile(Array(1...10).map(Double.init), 0.9) == 10)
        #expect(Statistics.quantile(Array(1...20).map(Double.init), 0.9) == 19)
        #expect(Statistics.quantile([5, 1], 0) == 1)
    }
}
