import CNewsgenCurl
import Foundation

/// `HTTPTransport.live`: one GET through libcurl's easy interface, on the calling thread,
/// with a handle of its own (so no state is shared between requests or threads).
///
/// libcurl is told to follow no redirect (`HTTPFetcher` does, hop by hop), to speak only
/// http and https, to use no signal (a worker thread must not get SIGALRM), to decode only
/// gzip and deflate, and to give up at `request.timeout`, which covers connecting, waiting
/// and every byte of the body: a server that drips a byte a second cannot hold it. Every
/// header line and body chunk goes through `ResponseReader`, which ends the transfer the
/// moment the answer is not wanted or passes its limit (ADR 016).
enum CurlTransport {
    static func send(_ request: HTTPRequest) -> Result<HTTPResponse, FetchError> {
        guard newsgen_curl_start() == CURLE_OK, let handle = curl_easy_init() else {
            return .failure(.transport("libcurl could not be started"))
        }
        defer { curl_easy_cleanup(handle) }
        var list: UnsafeMutablePointer<curl_slist>?
        // A value holding a line break would add header lines of its own (a validator from an
        // edited state.json, say): such a field is not sent. (Bytes: "\r\n" is one Character.)
        for field in request.headers.fields where !(field.name + field.value).utf8.contains(where: { $0 == 13 || $0 == 10 || $0 == 0 }) {
            list = curl_slist_append(list, "\(field.name): \(field.value)")
        }
        defer { curl_slist_free_all(list) }
        let message = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE))
        message.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE))
        defer { message.deallocate() }
        let reader = ReaderBox(ResponseReader(maxBytes: request.maxBytes))
        let milliseconds = Int(min(max(1, (request.timeout * 1000).rounded(.up)), Double(Int32.max)))

        let code: CURLcode = withExtendedLifetime(reader) {
            let context = Unmanaged.passUnretained(reader).toOpaque()
            let options: [CURLcode] = [
                newsgen_curl_set_pointer(handle, CURLOPT_URL, request.url.absoluteString),
                newsgen_curl_set_pointer(handle, CURLOPT_PROTOCOLS_STR, "http,https"),
                newsgen_curl_set_pointer(handle, CURLOPT_REDIR_PROTOCOLS_STR, "http,https"),
                newsgen_curl_set_long(handle, CURLOPT_FOLLOWLOCATION, 0),
                newsgen_curl_set_long(handle, CURLOPT_NOSIGNAL, 1),
                newsgen_curl_set_long(handle, CURLOPT_TIMEOUT_MS, milliseconds),
                newsgen_curl_set_long(handle, CURLOPT_CONNECTTIMEOUT_MS, milliseconds),
                newsgen_curl_set_pointer(handle, CURLOPT_ACCEPT_ENCODING, "gzip, deflate"),
                newsgen_curl_set_long(handle, CURLOPT_SUPPRESS_CONNECT_HEADERS, 1),
                newsgen_curl_set_pointer(handle, CURLOPT_HTTPHEADER, list),
                newsgen_curl_set_pointer(handle, CURLOPT_ERRORBUFFER, message),
                newsgen_curl_set_pointer(handle, CURLOPT_HEADERDATA, context),
                newsgen_curl_set_callback(handle, CURLOPT_HEADERFUNCTION) { data, size, count, context in
                    let reader = Unmanaged<ReaderBox>.fromOpaque(context!).takeUnretainedValue()
                    return reader.value.header(UnsafeRawBufferPointer(start: data, count: size * count)) ? size * count : 0
                },
                newsgen_curl_set_pointer(handle, CURLOPT_WRITEDATA, context),
                newsgen_curl_set_callback(handle, CURLOPT_WRITEFUNCTION) { data, size, count, context in
                    let reader = Unmanaged<ReaderBox>.fromOpaque(context!).takeUnretainedValue()
                    return reader.value.body(UnsafeRawBufferPointer(start: data, count: size * count)) ? size * count : 0
                },
            ]
            if let refused = options.first(where: { $0 != CURLE_OK }) { return refused }
            return curl_easy_perform(handle)
        }

        let read = reader.value
        if let failure = read.failure { return .failure(failure) }
        if code == CURLE_OK || read.bodySkipped {
            return .success(HTTPResponse(status: read.status, headers: read.headers, body: read.bodySkipped ? Data() : read.body))
        }
        return .failure(error(code, handle: handle, read: read, message: String(cString: message), timeout: request.timeout))
    }

    /// A failed transfer in a person's words (libcurl's own in brackets where they add something).
    private static func error(_ code: CURLcode, handle: UnsafeMutableRawPointer, read: ResponseReader,
                              message: String, timeout: Double) -> FetchError {
        let detail = message.isEmpty ? String(cString: curl_easy_strerror(code)) : message
        switch code {
        case CURLE_OPERATION_TIMEDOUT:
            return .timedOut(seconds: timeout)
        case CURLE_PARTIAL_FILE:
            return read.truncation
        case CURLE_RECV_ERROR, CURLE_SEND_ERROR:
            return read.headersComplete ? read.truncation : .transport("the connection was closed before the response was complete")
        case CURLE_GOT_NOTHING:
            return .transport("the server closed the connection without answering")
        case CURLE_COULDNT_CONNECT:
            var number = 0
            _ = newsgen_curl_get_long(handle, CURLINFO_OS_ERRNO, &number)
            switch Int32(truncatingIfNeeded: number) {
            case ECONNREFUSED: return .transport("could not connect (connection refused)")
            case ENETUNREACH: return .transport("could not connect (network unreachable)")
            case EHOSTUNREACH: return .transport("could not connect (host unreachable)")
            default: return .transport("could not connect")
            }
        case CURLE_COULDNT_RESOLVE_HOST:
            return .transport("host not found")
        case CURLE_COULDNT_RESOLVE_PROXY, CURLE_PROXY:
            return .transport("the proxy failed (\(detail))")
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER,
             CURLE_SSL_CACERT_BADFILE, CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH,
             CURLE_SSL_INVALIDCERTSTATUS, CURLE_SSL_CLIENTCERT:
            return .transport("the TLS connection failed (\(detail))")
        case CURLE_WEIRD_SERVER_REPLY, CURLE_HTTP2, CURLE_HTTP2_STREAM, CURLE_UNSUPPORTED_PROTOCOL:
            return .transport("the server's response was not valid HTTP (\(detail))")
        case CURLE_OUT_OF_MEMORY where !read.headersComplete:
            // What libcurl answers to a header line past CURL_MAX_HTTP_HEADER.
            return .transport("the response has a header line longer than 100 KB")
        case CURLE_BAD_CONTENT_ENCODING:
            return .transport("the body could not be decompressed (its gzip or deflate data is damaged)")
        case CURLE_URL_MALFORMAT:
            return .transport("the URL is not valid")
        case CURLE_UNKNOWN_OPTION, CURLE_NOT_BUILT_IN:
            // CURLOPT_PROTOCOLS_STR came with 7.85.
            return .transport("this libcurl is too old for newsgen (it needs 7.85 or later): \(detail)")
        default:
            return .transport("network error: \(detail)")
        }
    }
}

/// `ResponseReader` behind a reference, for libcurl's callbacks (they run on the calling
/// thread, during `curl_easy_perform`, one at a time).
private final class ReaderBox {
    var value: ResponseReader
    init(_ value: ResponseReader) { self.value = value }
}
