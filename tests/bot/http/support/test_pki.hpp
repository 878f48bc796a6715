// SPDX-License-Identifier: MIT
// Certificates made at test time with OpenSSL: a CA and server certificates it signs, written as PEM files.
#pragma once

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

namespace quiz::test {

struct server_identity {
    std::string certificate_file; ///< PEM: the leaf then the CA
    std::string key_file;         ///< PEM private key
};

class test_ca {
public:
    /// A new CA (P-256 key, self-signed, valid from an hour ago for a day) whose files go into `dir`.
    test_ca(std::filesystem::path dir, std::string name);
    ~test_ca();
    test_ca(const test_ca&) = delete;
    test_ca& operator=(const test_ca&) = delete;

    /// The CA certificate, to trust.
    [[nodiscard]] const std::string& certificate_file() const noexcept { return ca_file_; }

    /// A server certificate for `dns_names` (and `ip_addresses`) signed by this CA.
    [[nodiscard]] server_identity issue(const std::string& file_stem, const std::vector<std::string>& dns_names,
                                        const std::vector<std::string>& ip_addresses = {});

private:
    struct keys;
    std::filesystem::path dir_;
    std::string ca_file_;
    std::unique_ptr<keys> keys_;
    long serial_ = 1;
};

} // namespace quiz::test
