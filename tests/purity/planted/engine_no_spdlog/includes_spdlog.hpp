// Planted for purity.planted.engine_no_spdlog: engine must not include spdlog, so the check must fail here.
// Never compiled.
#include <spdlog/logger.h>
