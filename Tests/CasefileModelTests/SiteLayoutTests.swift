import Testing
import CasefileModel

/// The site's layout checked against its rules: the expected paths are written out
/// by hand, not taken from a build.
@Suite struct SiteLayoutTests {
    @Test func tablePagesLiveInAFolderPerTableAndSuspectsStartsAtTheRoot() {
        #expect(SiteLayout.page(.suspects) == "index.html")
        #expect(SiteLayout.page(.suspects, number: 2) == "suspects/page-2.html")
        #expect(SiteLayout.page(.bulletins) == "bulletins/index.html")
        #expect(SiteLayout.page(.bulletins, number: 12) == "bulletins/page-12.html")
        #expect(SiteLayout.page(.fruits) == "fruits/index.html")
        #expect(SiteLayout.page(.validation, number: 3) == "validation/page-3.html")
        #expect(SiteLayout.notFound == "404.html")
    }

    @Test func aTablesPagesAreToldApartFromItsListingsAndFromOtherTables() {
        #expect(SiteLayout.isPage("index.html", of: .suspects))
        #expect(SiteLayout.isPage("suspects/page-2.html", of: .suspects))
        #expect(!SiteLayout.isPage("suspects/by/suspicion-desc.html", of: .suspects))
        #expect(!SiteLayout.isPage("index.html", of: .bulletins))
        #expect(SiteLayout.isPage("bulletins/page-2.html", of: .bulletins))
        #expect(!SiteLayout.isPage("bulletins/page-2.html", of: .fruits))
        #expect(!SiteLayout.isPage("404.html", of: .suspects))
        #expect(!SiteLayout.isPage("validation/report.json", of: .validation))
        for table in SiteTable.allCases {
            for n in 1...3 {
                let page = SiteLayout.page(table, number: n)
                #expect(SiteLayout.isPage(page, of: table))
                #expect(!SiteLayout.isListing(page))
                #expect(SiteTable.allCases.filter { SiteLayout.isPage(page, of: $0) } == [table])
            }
        }
    }

    @Test func listingsSitTwoFoldersDownWithTheirPagesBesideTheFirst() {
        let order = SiteLayout.orderListing(.suspects, column: "suspicion", descending: true)
        #expect(order == "suspects/by/suspicion-desc")
        #expect(SiteLayout.orderListing(.bulletins, column: "when", descending: false) == "bulletins/by/when-asc")
        #expect(SiteLayout.listing(order) == "suspects/by/suspicion-desc.html")
        #expect(SiteLayout.listing(order, page: 2) == "suspects/by/suspicion-desc.page-2.html")
        let facet = SiteLayout.facetListing(.suspects, facet: "label", value: "fishy")
        #expect(facet == "suspects/label/fishy")
        #expect(SiteLayout.listing(facet) == "suspects/label/fishy.html")
        // A listing's pages link each other by file name.
        #expect(SiteLayout.listing("suspicion-desc", page: 3) == "suspicion-desc.page-3.html")

        #expect(SiteLayout.isListing("suspects/by/suspicion-desc.html"))
        #expect(SiteLayout.isListing("suspects/by/suspicion-desc.page-2.html"))
        #expect(SiteLayout.isListing("fruits/colour/red.html"))
        #expect(!SiteLayout.isListing("suspects/page-2.html"))
        #expect(!SiteLayout.isListing("index.html"))
        #expect(!SiteLayout.isListing("validation/previous/report.json"))
    }

    @Test func theStylesheetFeedSitemapAndExports() {
        #expect(SiteLayout.stylesheet == "casefile.css")
        #expect(SiteLayout.stylesheet(hash: "1a2b3c4d") == "casefile.1a2b3c4d.css")
        #expect(SiteLayout.feed == "bulletins.atom")
        #expect(SiteLayout.sitemap == "sitemap.xml")
        #expect(SiteLayout.exports == ["data/case.json", "data/fruits.csv", "data/fruits.json", "data/animals.csv",
                                       "data/animals.json", "data/bulletins.csv", "data/bulletins.json",
                                       "data/problems.csv"])
        #expect(!SiteLayout.exports.contains(where: SiteLayout.isPage))
        #expect(SiteLayout.isPage("index.html") && SiteLayout.isPage("404.html"))
        #expect(!SiteLayout.isPage(SiteLayout.stylesheet(hash: "1a2b3c4d")))
    }

    @Test func theValidationReportsLiveWithTheValidationPages() {
        #expect(SiteLayout.report == "validation/report.json")
        #expect(SiteLayout.sarifReport == "validation/report.sarif")
        #expect(SiteLayout.digest == "validation/digest.json")
        #expect(SiteLayout.previousReport == "validation/previous/report.json")
        #expect(SiteLayout.previousDigest == "validation/previous/digest.json")
        for path in ["validation/index.html", "validation/page-2.html", SiteLayout.report, SiteLayout.sarifReport,
                     SiteLayout.digest, SiteLayout.previousReport, SiteLayout.previousDigest] {
            #expect(SiteLayout.isValidation(path), "\(path)")
        }
        #expect(!SiteLayout.isValidation("index.html"))
        #expect(!SiteLayout.isValidation("data/problems.csv"))
    }

    @Test func eachPathLinksBackToTheRootByItsDepth() {
        #expect(SiteLayout.depth(of: "index.html") == 0)
        #expect(SiteLayout.depth(of: "bulletins/page-2.html") == 1)
        #expect(SiteLayout.depth(of: "suspects/by/suspicion-desc.html") == SiteLayout.listingDepth)
        #expect(SiteLayout.listingDepth == 2)
        #expect(SiteLayout.root(from: "index.html") == "")
        #expect(SiteLayout.root(from: "404.html") == "")
        #expect(SiteLayout.root(from: "fruits/index.html") == "../")
        #expect(SiteLayout.root(from: "suspects/label/fishy.page-2.html") == "../../")
        #expect(SiteLayout.root(depth: 2) == "../../")
    }

    @Test func linksAreRelativeAndAFragmentOnTheSamePageStandsAlone() {
        #expect(SiteLayout.link(from: "index.html", to: "bulletins/page-2.html") == "bulletins/page-2.html")
        #expect(SiteLayout.link(from: "bulletins/page-2.html", to: "index.html", fragment: "fish") == "../index.html#fish")
        #expect(SiteLayout.link(from: "fruits/index.html", to: "fruits/index.html", fragment: "elstar") == "#elstar")
        #expect(SiteLayout.link(from: "fruits/index.html", to: "fruits/page-2.html", fragment: "quince")
            == "../fruits/page-2.html#quince")
    }

    @Test func aRecordsAddressIsItsTableAndItsIdAloneAndIsNoListingOrTablePage() {
        #expect(SiteLayout.record(.suspects, id: "fish") == "suspects/id/fish.html")
        #expect(SiteLayout.record(.bulletins, id: "b-pond-2") == "bulletins/id/b-pond-2.html")
        #expect(SiteLayout.record(.fruits, id: "elstar") == "fruits/id/elstar.html")
        // An id that is not a slug has no address (it could not be a file name everywhere);
        // problems have none.
        #expect(SiteLayout.record(.suspects, id: "Fish") == nil)
        #expect(SiteLayout.record(.suspects, id: "../x") == nil)
        #expect(SiteLayout.record(.suspects, id: "") == nil)
        #expect(SiteLayout.record(.validation, id: "p1") == nil)
        // A file name has at most 255 bytes: an id past 200 has no page of its own.
        #expect(SiteLayout.record(.fruits, id: String(repeating: "a", count: 200)) != nil)
        #expect(SiteLayout.record(.fruits, id: String(repeating: "a", count: 201)) == nil)
        let fish = SiteLayout.record(.suspects, id: "fish")!
        #expect(SiteLayout.isRecord(fish) && SiteLayout.isPage(fish))
        #expect(!SiteLayout.isListing(fish))
        #expect(!SiteLayout.isPage(fish, of: .suspects))
        #expect(SiteLayout.depth(of: fish) == 2)
        for other in ["suspects/by/suspect-asc.html", "suspects/label/fishy.html", "index.html", "suspects/page-2.html",
                      "suspects/id.html", "id/fish.html", "suspects/id/fish.css"] {
            #expect(!SiteLayout.isRecord(other), "\(other)")
        }
        #expect(SiteLayout.isListing("suspects/by/suspect-asc.html"))
        #expect(SiteLayout.sitemapPart(2) == "sitemap-2.xml")
    }
}
