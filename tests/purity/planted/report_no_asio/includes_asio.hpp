// Planted for purity.planted.report_no_asio: bot/report must not include boost/asio, so the check must fail here.
// Never compiled.
#include <boost/asio/io_context.hpp>
