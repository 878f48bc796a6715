// SPDX-License-Identifier: MIT
// Asio, Beast and Asio's OpenSSL support, compiled once here instead of in every file that includes them
// (BOOST_ASIO_SEPARATE_COMPILATION and BOOST_BEAST_SEPARATE_COMPILATION are set on quiz_asio for all its users).
#include <boost/asio/impl/src.hpp>
#include <boost/asio/ssl/impl/src.hpp>
#include <boost/beast/src.hpp>
