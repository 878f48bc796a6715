// SPDX-License-Identifier: MIT
#include "tests/bot/http/support/test_pki.hpp"

#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>

#include <cstdio>
#include <random>
#include <stdexcept>

namespace quiz::test {

namespace {

struct pkey_free {
    void operator()(EVP_PKEY* k) const { EVP_PKEY_free(k); }
};
struct x509_free {
    void operator()(X509* x) const { X509_free(x); }
};
using pkey_ptr = std::unique_ptr<EVP_PKEY, pkey_free>;
using x509_ptr = std::unique_ptr<X509, x509_free>;

void check(bool ok, const char* what)
{
    if (!ok) {
        throw std::runtime_error(std::string("test PKI: ") + what + " failed");
    }
}

pkey_ptr new_key()
{
    pkey_ptr key(EVP_PKEY_Q_keygen(nullptr, nullptr, "EC", "P-256"));
    check(key != nullptr, "key generation");
    return key;
}

void add_extension(X509* cert, X509* issuer, int nid, const std::string& value)
{
    X509V3_CTX ctx;
    X509V3_set_ctx_nodb(&ctx);
    X509V3_set_ctx(&ctx, issuer, cert, nullptr, nullptr, 0);
    X509_EXTENSION* ext = X509V3_EXT_conf_nid(nullptr, &ctx, nid, value.c_str());
    check(ext != nullptr, "extension");
    X509_add_ext(cert, ext, -1);
    X509_EXTENSION_free(ext);
}

x509_ptr new_certificate(EVP_PKEY* key, const std::string& common_name, X509* issuer, EVP_PKEY* issuer_key, long serial,
                         bool is_ca, const std::string& alt_names)
{
    x509_ptr cert(X509_new());
    check(cert != nullptr, "X509_new");
    X509_set_version(cert.get(), 2);
    ASN1_INTEGER_set(X509_get_serialNumber(cert.get()), serial);
    X509_gmtime_adj(X509_getm_notBefore(cert.get()), -3600);
    X509_gmtime_adj(X509_getm_notAfter(cert.get()), 24 * 3600);
    X509_set_pubkey(cert.get(), key);
    X509_NAME* name = X509_get_subject_name(cert.get());
    X509_NAME_add_entry_by_txt(name, "CN", MBSTRING_ASC, reinterpret_cast<const unsigned char*>(common_name.c_str()),
                               -1, -1, 0);
    X509* signer = issuer != nullptr ? issuer : cert.get();
    X509_set_issuer_name(cert.get(), X509_get_subject_name(signer));
    if (is_ca) {
        add_extension(cert.get(), signer, NID_basic_constraints, "critical,CA:TRUE");
        add_extension(cert.get(), signer, NID_key_usage, "critical,keyCertSign,cRLSign");
    } else {
        add_extension(cert.get(), signer, NID_basic_constraints, "CA:FALSE");
        add_extension(cert.get(), signer, NID_key_usage, "critical,digitalSignature");
        add_extension(cert.get(), signer, NID_ext_key_usage, "serverAuth");
        add_extension(cert.get(), signer, NID_subject_alt_name, alt_names);
    }
    add_extension(cert.get(), signer, NID_subject_key_identifier, "hash");
    if (issuer != nullptr) {
        add_extension(cert.get(), signer, NID_authority_key_identifier, "keyid:always");
    }
    check(X509_sign(cert.get(), issuer_key != nullptr ? issuer_key : key, EVP_sha256()) > 0, "signing");
    return cert;
}

void write_pem(const std::filesystem::path& file, X509* first, X509* second, EVP_PKEY* key)
{
    FILE* out = std::fopen(file.c_str(), "w");
    check(out != nullptr, "opening a PEM file");
    bool ok = true;
    if (first != nullptr) {
        ok = ok && PEM_write_X509(out, first) == 1;
    }
    if (second != nullptr) {
        ok = ok && PEM_write_X509(out, second) == 1;
    }
    if (key != nullptr) {
        ok = ok && PEM_write_PrivateKey(out, key, nullptr, nullptr, 0, nullptr, nullptr) == 1;
    }
    std::fclose(out);
    check(ok, "writing a PEM file");
}

} // namespace

struct test_ca::keys {
    pkey_ptr key;
    x509_ptr cert;
};

test_ca::test_ca(std::filesystem::path dir, std::string name) : dir_(std::move(dir)), keys_(std::make_unique<keys>())
{
    keys_->key = new_key();
    keys_->cert = new_certificate(keys_->key.get(), name, nullptr, nullptr, serial_++, true, {});
    ca_file_ = (dir_ / (name + ".ca.pem")).string();
    write_pem(ca_file_, keys_->cert.get(), nullptr, nullptr);
}

test_ca::~test_ca() = default;

server_identity test_ca::issue(const std::string& file_stem, const std::vector<std::string>& dns_names,
                               const std::vector<std::string>& ip_addresses)
{
    std::string alt_names;
    for (const auto& n : dns_names) {
        alt_names += (alt_names.empty() ? "DNS:" : ",DNS:") + n;
    }
    for (const auto& ip : ip_addresses) {
        alt_names += (alt_names.empty() ? "IP:" : ",IP:") + ip;
    }
    const auto key = new_key();
    const auto cert = new_certificate(key.get(), dns_names.empty() ? ip_addresses.front() : dns_names.front(),
                                      keys_->cert.get(), keys_->key.get(), serial_++, false, alt_names);
    server_identity id;
    id.certificate_file = (dir_ / (file_stem + ".cert.pem")).string();
    id.key_file = (dir_ / (file_stem + ".key.pem")).string();
    write_pem(id.certificate_file, cert.get(), keys_->cert.get(), nullptr);
    write_pem(id.key_file, nullptr, nullptr, key.get());
    return id;
}

} // namespace quiz::test
