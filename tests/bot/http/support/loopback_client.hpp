// SPDX-License-Identifier: MIT
// A blocking HTTP/1.1 client over a plain loopback socket, able to send malformed bytes on purpose.
#pragma once

#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace quiz::test {

struct http_reply {
    unsigned status = 0;
    std::map<std::string, std::string> fields; ///< names lowercased; the last value wins
    std::string body;
    bool keep_alive = false;

    [[nodiscard]] std::string field(const std::string& lowercase_name) const
    {
        const auto it = fields.find(lowercase_name);
        return it == fields.end() ? std::string{} : it->second;
    }
};

class loopback_client {
public:
    /// Connects to 127.0.0.1:port; every read gives up after `timeout` (the tests stay bounded).
    explicit loopback_client(std::uint16_t port, std::chrono::milliseconds timeout = std::chrono::seconds(10));
    /// The same from another loopback address (127.0.0.2, ...): another client, as far as the server can tell.
    loopback_client(std::uint16_t port, const std::string& from,
                    std::chrono::milliseconds timeout = std::chrono::seconds(10));
    ~loopback_client();
    loopback_client(const loopback_client&) = delete;
    loopback_client& operator=(const loopback_client&) = delete;

    /// Sends bytes as they are. Returns false when the connection is gone.
    bool send_raw(std::string_view bytes);
    /// A well-formed request with Host and (when there is a body) Content-Length.
    bool send(std::string_view method, std::string_view target, std::string_view body = {},
              std::string_view extra_fields = {});
    /// Reads one response; nullopt on EOF, reset or timeout. `to_head`: the answer to a HEAD (no body follows).
    [[nodiscard]] std::optional<http_reply> read(bool to_head = false);
    /// send + read.
    [[nodiscard]] std::optional<http_reply> request(std::string_view method, std::string_view target,
                                                    std::string_view body = {}, std::string_view extra_fields = {});
    /// True when the server closed the connection (EOF or reset) within the read timeout, false on timeout.
    [[nodiscard]] bool wait_closed();
    /// The local port, which identifies this connection on the server side.
    [[nodiscard]] std::uint16_t local_port() const;

private:
    struct state;
    std::unique_ptr<state> state_;
};

} // namespace quiz::test
