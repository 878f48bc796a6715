// Planted for purity.planted.dashboard_no_asio: bot/dashboard must not include boost/asio, so the check must fail here.
// Never compiled.
#include <boost/asio/io_context.hpp>
