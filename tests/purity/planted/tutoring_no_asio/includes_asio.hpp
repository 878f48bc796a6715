// Planted for purity.planted.tutoring_no_asio: bot/tutoring must not include boost/asio, so the check must fail here.
// Never compiled.
#include <boost/asio/io_context.hpp>
