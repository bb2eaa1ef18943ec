import Testing
import CasefileOutput

/// Which template a file of the templates folder holds, and which files of the site each renders
/// (what a preview re-renders when a template changes).
@Suite struct TemplateNameTests {
    @Test func aTemplatesFolderFileNamesItsTemplate() {
        #expect(TemplateName(file: "suspects.mustache") == .suspects)
        #expect(TemplateName(file: "partials/toolbar.mustache") == "partials/toolbar")
        #expect(TemplateName(file: "casefile.css") == .stylesheet)
        #expect(TemplateName(file: "README.md") == nil)
        #expect(TemplateName(file: "styles/casefile.css") == nil)
        #expect(TemplateName(file: ".git/layout.mustache") == nil)
        #expect(TemplateName(file: "partials/.drafts/toolbar.mustache") == nil)
        // And back: the file each is read from.
        #expect(TemplateName("partials/toolbar").fileName == "partials/toolbar.mustache")
        #expect(TemplateName.stylesheet.fileName == "casefile.css")
    }

    @Test func theStylesheetsPartsAreItsOwnTemplateAndStyles() {
        #expect(TemplateName.stylesheet.isStylesheetPart)
        #expect(TemplateName("styles/tokens").isStylesheetPart)
        #expect(!TemplateName.layout.isStylesheetPart)
        #expect(!TemplateName("partials/styles").isStylesheetPart)
    }

    @Test func aTablesTemplateRendersItsOwnPagesOnly() {
        #expect(TemplateName.suspects.renders("index.html"))
        #expect(TemplateName.suspects.renders("suspects/page-2.html"))
        #expect(!TemplateName.suspects.renders("suspects/by/suspicion-desc.html"))  // a listing
        #expect(!TemplateName.suspects.renders("bulletins/index.html"))
        #expect(TemplateName.bulletins.renders("bulletins/page-3.html"))
        #expect(!TemplateName.bulletins.renders("index.html"))
        #expect(TemplateName.validation.renders("validation/index.html"))
        #expect(!TemplateName.validation.renders("validation/report.json"))  // a report, not a page
        #expect(!TemplateName.fruits.renders("data/fruits.csv"))
    }

    @Test func theListingTemplateRendersEveryListingPage() {
        #expect(TemplateName.listing.renders("suspects/by/suspicion-desc.html"))
        #expect(TemplateName.listing.renders("bulletins/by/when-asc.page-2.html"))
        #expect(TemplateName.listing.renders("suspects/label/fishy.html"))
        #expect(!TemplateName.listing.renders("suspects/page-2.html"))
        #expect(!TemplateName.listing.renders("index.html"))
    }

    @Test func theLayoutAndPartialsRenderEveryPageAndOnlyPages() {
        for template in [TemplateName.layout, "partials/toolbar"] {
            for page in ["index.html", "fruits/page-2.html", "bulletins/by/when-desc.html", "404.html"] {
                #expect(template.renders(page), "\(template) \(page)")
            }
            for file in ["casefile.css", "data/case.json", "bulletins.atom", "validation/report.sarif"] {
                #expect(!template.renders(file), "\(template) \(file)")
            }
        }
    }

    @Test func theStylesheetAndTheNotFoundPageRenderOneFileEach() {
        for template in [TemplateName.stylesheet, "styles/narrow"] {
            #expect(template.renders("casefile.css"))
            #expect(!template.renders("index.html"))
        }
        #expect(TemplateName.notFound.renders("404.html"))
        #expect(!TemplateName.notFound.renders("index.html"))
    }

    @Test func namesSortByTheirText() {
        let names: [TemplateName] = ["suspects", "partials/toolbar", "casefile.css", "layout"]
        #expect(names.sorted().map(\.description) == ["casefile.css", "layout", "partials/toolbar", "suspects"])
    }
}
