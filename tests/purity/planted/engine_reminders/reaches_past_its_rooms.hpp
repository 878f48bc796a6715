// Planted for purity.planted.engine_reminders: reminders count through a port, not the tutor, so the check must fail here.
// Never compiled.
#include "engine/tutor/tutor_service.hpp"
