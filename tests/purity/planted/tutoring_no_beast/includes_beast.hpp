// Planted for purity.planted.tutoring_no_beast: bot/tutoring must not include boost/beast, so the check must fail here.
// Never compiled.
#include <boost/beast/http.hpp>
