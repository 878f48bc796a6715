// Planted for purity.planted.report_no_beast: bot/report must not include boost/beast, so the check must fail here.
// Never compiled.
#include <boost/beast/http.hpp>
