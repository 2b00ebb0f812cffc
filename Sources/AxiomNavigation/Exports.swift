/// `import AxiomNavigation` is enough to use the flow: the router it runs on (and the
/// URLPattern module under it) come with it.
@_exported public import AxiomRouting
