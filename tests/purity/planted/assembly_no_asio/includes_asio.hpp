// Planted for purity.planted.assembly_no_asio: bot/assembly must not include boost/asio, so the check must fail here.
// Never compiled.
#include <boost/asio/io_context.hpp>
