// Planted for purity.planted.assembly_no_http: bot/assembly must not include bot/http/, so the check must fail here.
// Never compiled.
#include "bot/http/server.hpp"
