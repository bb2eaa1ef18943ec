import Testing
import CasefileOutput

/// Which files a render makes: everything, pages by path, the pages of some templates, the
/// validation pages and reports, and their unions.
@Suite struct PageSetTests {
    @Test func anEmptySetHoldsNothingAndAllHoldsEverything() {
        #expect(PageSet().isEmpty)
        #expect(!PageSet().contains("index.html"))
        #expect(!PageSet.all.isEmpty)
        for path in ["index.html", "casefile.css", "data/case.json", "anything/at/all.txt"] {
            #expect(PageSet.all.contains(path))
        }
    }

    @Test func pathsAreHeldExactly() {
        let set = PageSet(paths: ["bulletins/page-2.html"])
        #expect(!set.isEmpty)
        #expect(set.contains("bulletins/page-2.html"))
        #expect(!set.contains("bulletins/index.html"))
        #expect(!set.contains("bulletins/page-2.htm"))
    }

    @Test func theValidationPagesAreEveryFileOfTheValidationFolder() {
        let set = PageSet.validationPages
        for path in ["validation/index.html", "validation/page-3.html", "validation/report.json",
                     "validation/report.sarif", "validation/previous/digest.json"] {
            #expect(set.contains(path), "\(path)")
        }
        #expect(!set.contains("index.html"))
        #expect(!set.contains("data/problems.csv"))
    }

    @Test func aTemplateBringsTheFilesItRenders() {
        let set = PageSet(templates: [.fruits, .notFound])
        #expect(set.contains("fruits/index.html"))
        #expect(set.contains("fruits/page-4.html"))
        #expect(set.contains("404.html"))
        #expect(!set.contains("fruits/by/fans-desc.html"))
        #expect(!set.contains("index.html"))
    }

    @Test func aUnionHoldsWhatEitherHolds() {
        let a = PageSet(paths: ["index.html"], templates: [.bulletins])
        let b = PageSet(paths: ["fruits/index.html"], validation: true)
        let both = a.union(b)
        #expect(both == PageSet(paths: ["index.html", "fruits/index.html"], templates: [.bulletins], validation: true))
        for path in ["index.html", "fruits/index.html", "bulletins/page-2.html", "validation/report.json"] {
            #expect(both.contains(path), "\(path)")
        }
        #expect(!both.contains("suspects/page-2.html"))
        #expect(a.union(.all).everything)
        #expect(a.union(PageSet()) == a)
    }
}
