// Planted for purity.planted.engine_no_asio: engine must not include boost/asio, so the check must fail here.
// Never compiled.
#include <boost/asio/io_context.hpp>
