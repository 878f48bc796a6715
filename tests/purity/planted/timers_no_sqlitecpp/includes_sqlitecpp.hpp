// Planted for purity.planted.timers_no_sqlitecpp: bot/timers must not include SQLiteCpp, so the check must fail here.
// Never compiled.
#include <SQLiteCpp/Database.h>
