// Planted for purity.planted.engine_no_beast: engine must not include boost/beast, so the check must fail here.
// Never compiled.
#include <boost/beast/http.hpp>
