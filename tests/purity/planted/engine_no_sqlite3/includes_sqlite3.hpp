// Planted for purity.planted.engine_no_sqlite3: engine must not include sqlite3, so the check must fail here.
// Never compiled.
#include <sqlite3.h>
