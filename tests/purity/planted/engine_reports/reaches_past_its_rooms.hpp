// Planted for purity.planted.engine_reports: reports do not reach into the tutor, so the check must fail here.
// Never compiled.
#include "engine/tutor/session.hpp"
