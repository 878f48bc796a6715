// Planted for purity.planted.tutoring_no_sqlitecpp: bot/tutoring must not include SQLiteCpp, so the check must fail here.
// Never compiled.
#include <SQLiteCpp/Database.h>
