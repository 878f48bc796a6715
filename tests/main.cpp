// SPDX-License-Identifier: MIT
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>

// Catch's own main, with one difference: a filter that matches no test fails instead of passing. ctest runs each
// test case by name, so a name ctest cannot pass back whole (a ';' splits it) would otherwise pass without running.
int main(int argc, char* argv[])
{
    Catch::Session session;
    if (const int code = session.applyCommandLine(argc, argv); code != 0) {
        return code;
    }
    auto& config = session.configData();
    config.warnings = static_cast<Catch::WarnAbout::What>(config.warnings | Catch::WarnAbout::NoTests);
    return session.run();
}
