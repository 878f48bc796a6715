// Planted for purity.planted.engine_no_json: engine must not include boost/json, so the check must fail here.
// Never compiled.
#include <boost/json/object.hpp>
