import AxiomRouting
import Foundation

#if canImport(CCurl)
    import CCurl
#endif

/// One well-known file fetched over HTTPS as a platform fetches it: no redirect followed, at
/// most 128 KB read, a deadline.
struct WellKnownFetch: Sendable {
    var status: Int?
    var contentType: String?
    var redirect: String?
    var body = Data()
    var tooLarge = false
    var failure: String?

    static let sizeLimit = 128 * 1024
}

#if canImport(CCurl)
    /// What libcurl's callbacks fill in while one transfer runs (on the calling thread: the
    /// easy interface calls back from inside `curl_easy_perform`).
    private final class Transfer {
        var body = Data()
        var tooLarge = false
        var contentType: String?
    }

    /// Appends a chunk of the body; returning less than given aborts the transfer (past the limit).
    private let writeBody: axiom_curl_write_callback = { data, size, count, context in
        guard let data, let context else { return 0 }
        let transfer = Unmanaged<Transfer>.fromOpaque(context).takeUnretainedValue()
        let length = size * count
        guard transfer.body.count + length <= WellKnownFetch.sizeLimit else {
            transfer.tooLarge = true
            return 0
        }
        transfer.body.append(UnsafeRawPointer(data).assumingMemoryBound(to: UInt8.self), count: length)
        return length
    }

    /// Reads each header line; keeps the last response's Content-Type.
    private let readHeader: axiom_curl_write_callback = { data, size, count, context in
        guard let data, let context else { return 0 }
        let transfer = Unmanaged<Transfer>.fromOpaque(context).takeUnretainedValue()
        let length = size * count
        let line = String(decoding: UnsafeRawBufferPointer(start: data, count: length), as: UTF8.self)
        if let colon = line.firstIndex(of: ":"), line[..<colon].lowercased() == "content-type" {
            transfer.contentType = line[line.index(after: colon)...].trimmingCharacters(in: .whitespacesAndNewlines)
        }
        return length
    }
#endif

extension WellKnownFetch {
    /// Fetches `url` with libcurl, https only, following no redirect; `caFile` replaces the
    /// trusted certificate authorities with those of a PEM file (a test server's).
    static func fetch(_ url: URL, caFile: String?, timeout: Int = 15) -> WellKnownFetch {
        var result = WellKnownFetch()
        #if canImport(CCurl)
            guard let handle = curl_easy_init() else {
                result.failure = "libcurl could not start a transfer"
                return result
            }
            defer { curl_easy_cleanup(handle) }
            let transfer = Transfer()
            let context = Unmanaged.passUnretained(transfer).toOpaque()
            var errors = [CChar](repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
            let perform: CURLcode = errors.withUnsafeMutableBufferPointer { buffer in
                _ = axiom_curl_set_string(handle, CURLOPT_URL, url.absoluteString)
                _ = axiom_curl_set_string(handle, CURLOPT_PROTOCOLS_STR, "https")
                _ = axiom_curl_set_long(handle, CURLOPT_FOLLOWLOCATION, 0)
                _ = axiom_curl_set_long(handle, CURLOPT_TIMEOUT, timeout)
                _ = axiom_curl_set_long(handle, CURLOPT_CONNECTTIMEOUT, min(timeout, 10))
                _ = axiom_curl_set_long(handle, CURLOPT_NOSIGNAL, 1)
                _ = axiom_curl_set_string(handle, CURLOPT_USERAGENT, "axiom-route check --live")
                if let caFile { _ = axiom_curl_set_string(handle, CURLOPT_CAINFO, caFile) }
                _ = axiom_curl_set_pointer(handle, CURLOPT_ERRORBUFFER, buffer.baseAddress)
                _ = axiom_curl_set_write(handle, writeBody, context)
                _ = axiom_curl_set_header(handle, readHeader, context)
                return curl_easy_perform(handle)
            }
            withExtendedLifetime(transfer) {}
            result.body = transfer.body
            result.tooLarge = transfer.tooLarge
            result.contentType = transfer.contentType
            var status = 0
            if axiom_curl_get_long(handle, CURLINFO_RESPONSE_CODE, &status) == CURLE_OK, status != 0 { result.status = status }
            if let status = result.status, (300..<400).contains(status) {
                var location: UnsafeMutablePointer<CChar>? = nil
                if axiom_curl_get_string(handle, CURLINFO_REDIRECT_URL, &location) == CURLE_OK, let location {
                    result.redirect = String(cString: location)
                } else {
                    result.redirect = "another URL"
                }
            }
            if perform != CURLE_OK, !result.tooLarge {
                let message = String(decoding: errors.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                result.failure = message.isEmpty ? String(cString: curl_easy_strerror(perform)) : message
            }
        #else
            result.failure = "this build of axiom-route has no HTTP client (libcurl); run check --live on macOS or Linux"
        #endif
        return result
    }

    /// What Apple's or Google's fetcher refuses in this answer (empty: nothing).
    var refusals: [String] {
        if let failure { return ["cannot fetch it: \(failure)"] }
        var refusals: [String] = []
        if let redirect { refusals.append("it redirects (to \(redirect)); the platforms fetch it without following redirects") }
        if let status, !(200..<300).contains(status), redirect == nil { refusals.append("the server answers HTTP \(status)") }
        if tooLarge { refusals.append("it is over 128 KB; the platforms read no more") }
        let type = contentType?.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        if redirect == nil, status.map({ (200..<300).contains($0) }) ?? false, type != "application/json" {
            refusals.append("its content type is \(type.map { "'\($0)'" } ?? "missing"); serve it as application/json")
        }
        if redirect == nil, !tooLarge, status.map({ (200..<300).contains($0) }) ?? false, (try? JSONSerialization.jsonObject(with: body)) == nil {
            refusals.append("it is not valid JSON")
        }
        return refusals
    }
}

extension Check {
    /// `check --live https://DOMAIN`: both well-known files, fetched as the platforms fetch
    /// them, then compared with the table as `--association` compares files.
    func runLive(_ domain: String, router: Router) throws {
        guard let base = URL(string: domain), base.scheme == "https", let domainHost = base.host, !domainHost.isEmpty else {
            Console.err("error: --live takes an https URL of the domain, e.g. 'https://example.com' (got '\(domain)')")
            throw ExitStatus.badInput.exitCode
        }
        if let caFile, !FileManager.default.isReadableFile(atPath: caFile) {
            Console.err("error: cannot read the CA file '\(caFile)'")
            throw ExitStatus.badInput.exitCode
        }
        let surface = LinkSurface(router: router)
        // The table's host for the domain (the URLs are tested on it).
        let tableHost: LinkSurface.Host
        switch surface.hosts(named: host ?? domainHost) {
        case .success(let hosts): tableHost = hosts[0]
        case .failure(let error):
            Console.err("error: \(error)")
            throw ExitStatus.badInput.exitCode
        }
        var report = AssociationReport()
        for name in ["apple-app-site-association", "assetlinks.json"] {
            let url = base.appendingPathComponent(".well-known").appendingPathComponent(name)
            let fetched = WellKnownFetch.fetch(url, caFile: caFile)
            let refusals = fetched.refusals
            for refusal in refusals {
                report.findings.append(.init(kind: "refused", file: url.absoluteString, route: nil, example: nil, message: refusal))
            }
            guard refusals.isEmpty else { continue }
            do {
                let file = try AssociationFile.read(fetched.body, source: url.absoluteString)
                report.findings += surface.compare(file, host: tableHost, minimumAPI: minApi)
            } catch {
                report.findings.append(.init(kind: "refused", file: url.absoluteString, route: nil, example: nil, message: "\(error)"))
            }
        }
        try finish(report)
    }
}
