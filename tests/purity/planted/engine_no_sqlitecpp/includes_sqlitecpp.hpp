// Planted for purity.planted.engine_no_sqlitecpp: engine must not include SQLiteCpp, so the check must fail here.
// Never compiled.
#include <SQLiteCpp/Database.h>
