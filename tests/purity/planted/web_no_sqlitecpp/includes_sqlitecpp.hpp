// Planted for purity.planted.web_no_sqlitecpp: bot/web must not include SQLiteCpp, so the check must fail here.
// Never compiled.
#include <SQLiteCpp/Database.h>
