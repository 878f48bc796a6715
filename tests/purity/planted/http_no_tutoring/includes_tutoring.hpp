// Planted for purity.planted.http_no_tutoring: bot/http must not include bot/tutoring/, so the check must fail here.
// Never compiled.
#include "bot/tutoring/tutoring.hpp"
