// Planted for purity.planted.storage_no_content: storage must not include content/, so the check must fail here.
// Never compiled.
#include "content/pack_loader.hpp"
