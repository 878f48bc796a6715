// Planted for purity.planted.dashboard_no_beast: bot/dashboard must not include boost/beast, so the check must fail here.
// Never compiled.
#include <boost/beast/http.hpp>
