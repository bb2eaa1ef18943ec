import CasefileLocalization
import CasefileMustache

/// Which far pages a page of a long table (or listing) links to besides its window
/// (`PageFrame.pageWindow`), so that any page is at most two taps from any other.
///
/// The pages fall into blocks of `step` pages: the first block is pages 1 to `step - 1`, then
/// each starts at a multiple of `step` (`step`, `2 × step`, …). Every page links to every
/// block's start, and a block's start links to every page of its block: from any page, tap the
/// start of the block holding the page you want, then the page. A start page shows some
/// `count / step + step` links, any other some `count / step`; `step` is the one of 1, 2 and 5
/// times a power of ten that keeps the start pages' links fewest, about twice the square root
/// of `count` (30 links at 200 pages, 90 at 2,000), as few as two taps allow within a factor of two.
enum PageJumps {
    /// The pages between two jumps for a table of `count` pages.
    static func step(_ count: Int) -> Int {
        var best = 1, links = Int.max
        var power = 1
        while power <= max(count, 1) {
            for s in [power, 2 * power, 5 * power] where s > 1 {
                let n = (count + s - 1) / s + s
                if n < links { (best, links) = (s, n) }
            }
            power *= 10
        }
        return best
    }

    /// The first page of the block holding page `page`.
    static func blockStart(_ page: Int, step: Int) -> Int {
        page < step ? 1 : page / step * step
    }

    /// The far pages page `current` of `count` links to, in order: every block's start and, on a
    /// block's start, its block's pages, but itself. The same starts on every page, whether or
    /// not the window links some of them too, so that a reader who knows only where each link
    /// starts (a text order's links say their first name) can tell which to take. Empty when
    /// every page is in the window already (nine pages or fewer).
    static func jumps(current: Int, count: Int) -> [Int] {
        guard count > 9 else { return [] }
        let step = step(count)
        var pages = Set<Int>([1])
        pages.formUnion(stride(from: step, through: count, by: step))
        if blockStart(current, step: step) == current {
            pages.formUnion(current...min(count, current == 1 ? step - 1 : current + step - 1))
        }
        pages.remove(current)
        return pages.sorted()
    }

    /// Every page page `current` of `count` links to (its window and its jumps), itself left out.
    static func links(current: Int, count: Int) -> [Int] {
        let window = PageFrame.pageWindow(current: current, count: count).compactMap { $0 }
        return Set(window + jumps(current: current, count: count)).subtracting([current]).sorted()
    }
}

extension PageFrame {
    /// The `pagination` context of page `current` of `count`, page n being at `href(n)`; `names`
    /// says which names page n holds (“Ada – Bea”) on a listing in the order of a text column.
    static func pagination(current: Int, count: Int, strings: UIStrings, names: ((Int) -> String)? = nil,
                           href: (Int) -> String) -> MustacheValue {
        let window = pageWindow(current: current, count: count)
        func link(_ n: Int) -> [(TemplateField, MustacheValue)] {
            var fields: [(TemplateField, MustacheValue)] = [(.number, .int(n)), (.href, .string(href(n)))]
            if let names { fields.append((.names, .string(names(n)))) }
            return fields
        }
        let jumps = PageJumps.jumps(current: current, count: count)
        var fields: [(TemplateField, MustacheValue)] = [
            (.show, .bool(count > 1)),
            (.label, .string(strings.text(.pageOf, ["page": strings.number(current), "pages": strings.number(count)]))),
            (.pages, .list(window.map { n in
                guard let n else { return .fields([(.gap, .bool(true))]) }
                return .fields(link(n) + [(.current, .bool(n == current))])
            })),
            (.jumps, jumps.isEmpty ? .bool(false) : .fields([(.links, .list(jumps.map { .fields(link($0)) }))])),
        ]
        if current > 1 { fields.append((.previous, .string(href(current - 1)))) }
        if current < count { fields.append((.next, .string(href(current + 1)))) }
        return .fields(fields)
    }
}
