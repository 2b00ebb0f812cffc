/// What a route matches beyond its path: the app scheme it is scoped to, its host pattern,
/// its fragment pattern, and the rules it asks of a URL.
extension Route {
    /// A route scoped to one app scheme (`route user matrix:u/:user`): it matches only that
    /// scheme's URLs, and reverse routing spells them as its pattern does.
    public struct SchemeScope: Sendable, Hashable {
        /// The scheme, lowercase, without `:` (`matrix`).
        public let scheme: String
        /// How the route's URLs are printed.
        public let spelling: Spelling
        /// The scheme in the case the pattern writes it (`ddgQuickLink`), which reverse routing
        /// prints (a scheme's case does not matter to a parser, but it is how the app spells it).
        public let writtenScheme: String

        public init(scheme: String, spelling: Spelling, writtenScheme: String? = nil) {
            self.scheme = scheme
            self.spelling = spelling
            self.writtenScheme = writtenScheme.flatMap { $0.lowercased() == scheme ? $0 : nil } ?? scheme
        }

        /// The three spellings of an app-scheme URL of the path `/u/alice`.
        public enum Spelling: String, Sendable, Hashable, CaseIterable {
            /// `matrix://u/alice`: the first segment as the host.
            case host
            /// `matrix:/u/alice`: no host, the path as it is.
            case path
            /// `matrix:u/alice`: no host, no leading `/` (an opaque path).
            case opaque

            /// A routed path (`/u/alice`) spelled after `scheme:`.
            func spell(_ path: String) -> String {
                switch self {
                case .host: return "//" + path.dropFirst()
                case .path: return path
                case .opaque: return String(path.dropFirst())
                }
            }
        }

        /// `matrix:u/` + the path pattern, as the table writes it.
        func written(_ pattern: String) -> String { writtenScheme + ":" + spelling.spell(pattern) }
    }

    /// The fragment a route matches on, when its pattern has one (`route room /#/room/:roomId`):
    /// what a hash-routed web app's links carry their route in. The fragment is matched like a
    /// path (a group stops at `/`), in its canonical percent-encoding; its named groups are
    /// parameters of the route, typed by `param` lines.
    public struct FragmentPattern: Sendable, Hashable {
        /// The canonical fragment pattern, without `#` (`/room/:roomId`).
        public let pattern: String
        /// How many of the route's ``Route/parameters`` (the last ones) are the fragment's
        /// named groups.
        public let parameterCount: Int

        public init(pattern: String, parameterCount: Int) {
            self.pattern = pattern
            self.parameterCount = parameterCount
        }
    }

    /// What a route asks of a URL beyond its patterns (`option KEY VALUE` under it).
    public struct URLRules: Sendable, Hashable {
        /// `option fragment none`: a URL with a fragment (`#…`, even an empty one) does not
        /// match the route (`fragment-not-allowed`).
        public var refusesFragment = false
        /// `option trailing-slash strict` on a route of a table that ignores a trailing `/`:
        /// whether the route's URLs end in `/` (its pattern did) — true or false, a URL
        /// spelled the other way does not match it (`trailing-slash-mismatch`). Nil: the
        /// table's rule.
        public var trailingSlash: Bool? = nil

        public init(refusesFragment: Bool = false, trailingSlash: Bool? = nil) {
            self.refusesFragment = refusesFragment
            self.trailingSlash = trailingSlash
        }
    }

    /// The scheme, host and port a route matches on, when its pattern names them
    /// (`route tenant https://:tenant.example.com/dashboard`): URLPattern's `protocol`,
    /// `hostname` and `port` components. A route without one matches any host the table's
    /// origins accept.
    public struct HostPattern: Sendable, Hashable {
        /// `http` or `https`.
        public let scheme: String
        /// The canonical hostname pattern (`:tenant.example.com`).
        public let hostname: String
        /// The canonical port pattern: empty for the scheme's default port.
        public let port: String
        /// How many of the route's ``Route/parameters`` (the last ones) are named groups of
        /// the hostname and port.
        public let parameterCount: Int

        /// `https://:tenant.example.com` (with `:port` when one is given).
        public var description: String { scheme + "://" + hostname + (port.isEmpty ? "" : ":" + port) }
    }
}
