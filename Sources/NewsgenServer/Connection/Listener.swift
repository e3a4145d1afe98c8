#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// The listening socket: loopback addresses only, since the server is a preview for the author.
enum Listener {
    static func open(host: String, port: Int) throws(ServerError) -> (fd: Int32, port: Int) {
        guard (0...65535).contains(port) else { throw ServerError("port \(port) is not between 0 and 65535") }
        guard let bytes = IPAddress.bytes(host == "localhost" ? "127.0.0.1" : host) else {
            throw ServerError("\(host) is not an IP address (use 127.0.0.1, ::1 or localhost)")
        }
        let isV4 = bytes.count == 4
        let fd = socket(isV4 ? AF_INET : AF_INET6, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw ServerError("could not open a socket: \(String(cString: strerror(errno)))") }
        var on: Int32 = 1
        _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
        let bound: Int32
        if isV4 {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port)).bigEndian
            withUnsafeMutableBytes(of: &address.sin_addr) { $0.copyBytes(from: bytes) }
            bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
        } else {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = in_port_t(UInt16(port)).bigEndian
            withUnsafeMutableBytes(of: &address.sin6_addr) { $0.copyBytes(from: bytes) }
            bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) }
            }
        }
        if bound != 0 {
            let code = errno
            close(fd)
            switch code {
            case EADDRINUSE: throw ServerError("port \(port) on \(host) is already in use (try another with --port, or 0 for any free one)")
            case EACCES: throw ServerError("port \(port) on \(host) needs privileges (use a port above 1023)")
            case EADDRNOTAVAIL: throw ServerError("\(host) is not an address of this machine")
            default: throw ServerError("could not bind \(host):\(port): \(String(cString: strerror(code)))")
            }
        }
        guard listen(fd, 128) == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw ServerError("could not listen on \(host):\(port): \(reason)")
        }
        return (fd, boundPort(fd))
    }

    /// The port the kernel chose, for port 0.
    private static func boundPort(_ fd: Int32) -> Int {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        _ = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        let family = storage.ss_family
        return withUnsafePointer(to: &storage) { pointer in
            if family == sa_family_t(AF_INET) {
                return pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin_port)) }
            }
            return pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin6_port)) }
        }
    }
}
