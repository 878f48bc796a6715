// SPDX-License-Identifier: MIT
#pragma once

// What learners read, in their language: the message catalogue (catalog) and the sentences made from the tutor's and
// the rounds' values (text_render: cards, feedback, progress, summaries, stats, scoreboards). Depends on rounds, tutor
// and core.

#include "engine/text/catalog.hpp"
#include "engine/text/text_render.hpp"
