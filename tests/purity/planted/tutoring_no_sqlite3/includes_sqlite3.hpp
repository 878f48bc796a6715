// Planted for purity.planted.tutoring_no_sqlite3: bot/tutoring must not include sqlite3, so the check must fail here.
// Never compiled.
#include <sqlite3.h>
