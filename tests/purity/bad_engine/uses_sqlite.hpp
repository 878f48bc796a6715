// A fixture for the purity check: this include must be reported.
#pragma once
#include <SQLiteCpp/Database.h>
