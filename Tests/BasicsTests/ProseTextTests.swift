// Words joined as running text: none, one, two and more.

import Basics
import TestSupport
import Testing

@Suite(.tags(.small)) struct ProseTextTests {
    @Test func listsReadAsASentenceSaysThem() {
        #expect(ProseText.list([]) == "")
        #expect(ProseText.list(["r1c1"]) == "r1c1")
        #expect(ProseText.list(["r1c1", "r2c2"]) == "r1c1 and r2c2")
        #expect(ProseText.list(["3", "5", "7", "9"]) == "3, 5, 7 and 9")
    }
}
