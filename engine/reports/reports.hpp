// SPDX-License-Identifier: MIT
#pragma once

// Instructor reports over one read port (report_ports), computed from plain rows: item analysis from first attempts
// (item_analysis, item_report), question difficulty and learner ability (rasch), each learner's standing
// (learner_report), concepts across the class (concept_report), answers per day (activity_report) and the class's
// summary (class_summary). docs/reports.md. Depends on learner and core: never on the tutor's sessions or the rounds.

#include "engine/reports/activity_report.hpp"
#include "engine/reports/class_report.hpp"
#include "engine/reports/class_summary.hpp"
#include "engine/reports/concept_report.hpp"
#include "engine/reports/item_report.hpp"
#include "engine/reports/learner_report.hpp"
#include "engine/reports/report_ports.hpp"
