// Planted for purity.planted.tutoring_no_cli: bot/tutoring must not include bot/cli/, so the check must fail here.
// Never compiled.
#include "bot/cli/serve.hpp"
