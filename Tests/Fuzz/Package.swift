// swift-tools-version:6.0
import PackageDescription

// libFuzzer targets for Dawn's parsers. A package of its own because each target has no
// `main` (libFuzzer brings one), which a plain `swift build` of Dawn could not link.
// Build and run them with Tests/fuzz.
let package = Package(
    name: "DawnFuzz",
    dependencies: [.package(name: "Dawn", path: "../..")],
    targets: [
        .target(name: "FuzzSupport"),
        .executableTarget(name: "FuzzRequestParser", dependencies: ["FuzzSupport", .product(name: "DawnHTTP", package: "Dawn")]),
        .executableTarget(name: "FuzzForms", dependencies: ["FuzzSupport", .product(name: "DawnHTTP", package: "Dawn")]),
        .executableTarget(name: "FuzzCookies", dependencies: ["FuzzSupport", .product(name: "DawnHTTP", package: "Dawn")]),
        .executableTarget(name: "FuzzTemplates", dependencies: ["FuzzSupport", .product(name: "DawnTemplates", package: "Dawn")]),
        // The importer's reading steps are internal to MemberData: these two use `@testable
        // import`, so the package is built with `-enable-testing`.
        .executableTarget(name: "FuzzImportJSON", dependencies: ["FuzzSupport", .product(name: "DawnMemberData", package: "Dawn")]),
        .executableTarget(name: "FuzzImportCSV", dependencies: ["FuzzSupport", .product(name: "DawnMemberData", package: "Dawn")]),
        // The writer's ZIP64 threshold is internal: `@testable import` too.
        .executableTarget(name: "FuzzZip", dependencies: ["FuzzSupport", .product(name: "DawnZip", package: "Dawn")]),
    ],
    swiftLanguageModes: [.v6]
)
