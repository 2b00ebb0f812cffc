// Which PCRE2 the package links is a package trait (Package.swift): `SystemPCRE2` (the default)
// or `BundledPCRE2` (Scripts/pcre2/build's static build in Vendor/). Exactly one, and a bundled
// one that has been built: a wrong combination stops here with what to do, not at a missing
// symbol.
#if SystemPCRE2 && BundledPCRE2
    #error("the SystemPCRE2 and BundledPCRE2 traits are both enabled: enable one (BundledPCRE2 alone for an app's static PCRE2; README, 'In an app')")
#elseif !SystemPCRE2 && !BundledPCRE2
    #error("no PCRE2 trait is enabled: enable SystemPCRE2 (the default) or BundledPCRE2")
#elseif BundledPCRE2 && !canImport(CPCRE2)
    #error("the BundledPCRE2 trait is enabled but Vendor/ holds no PCRE2: run Scripts/pcre2/build (host, or xcframework on a Mac), then build again")
#endif
