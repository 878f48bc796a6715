// Planted for purity.planted.content_no_libpq: only storage/postgres reaches PostgreSQL, so the check must fail
// here. Never compiled.
#include <libpq-fe.h>
