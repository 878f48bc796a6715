// Planted for purity.planted.engine_no_content: engine must not include content/, so the check must fail here.
// Never compiled.
#include "content/pack_loader.hpp"
