// SPDX-License-Identifier: MIT
#pragma once

// The tutor: a learner's sessions and the choice of the next question (tutor_service: start, answer, next, end,
// stats), the values it hands out (tutor_outcomes: cards, feedback, summaries), the order choices are shown in
// (choice_order), the live refit of a learner's memory model (recall_refit), and the ports storage implements for it
// (ports: one unit of work per user action). Sessions and the choice rules (session, next_question,
// learner_loading) are its inside. docs/tutor.md. Depends on learner, recall, core and numeric.

#include "engine/tutor/choice_order.hpp"
#include "engine/tutor/ports.hpp"
#include "engine/tutor/recall_refit.hpp"
#include "engine/tutor/tutor_outcomes.hpp"
#include "engine/tutor/tutor_service.hpp"
