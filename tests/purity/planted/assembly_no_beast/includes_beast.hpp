// Planted for purity.planted.assembly_no_beast: bot/assembly must not include boost/beast, so the check must fail here.
// Never compiled.
#include <boost/beast/http.hpp>
