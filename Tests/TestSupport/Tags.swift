// Offers the tags every test target marks its tests with, by cost: `.small`
// (quick checks), `.medium` (many files, the real Tesseract, many tasks) and
// `.large` (whole puzzle sets, or a hundred puzzles and more solved or graded to the end).
import Testing

extension Tag {
    @Tag public static var small: Self
    @Tag public static var medium: Self
    @Tag public static var large: Self
}
