// SPDX-License-Identifier: MIT
#include "content/pack_checks.hpp"

#include "content/source_lines.hpp"

#include <algorithm>
#include <filesystem>
#include <map>
#include <optional>
#include <set>

namespace quiz::content {

namespace {

std::string where(const std::string& path, std::size_t line)
{
    return file_name(path) + " (line " + std::to_string(line) + ")";
}

/// The first item of each id, so that a duplicate (already an error) does not cascade.
template <class Item, class Id>
std::map<std::string_view, const Item*> by_id(const std::vector<Item>& items, Id id)
{
    std::map<std::string_view, const Item*> result;
    for (const auto& item : items) {
        result.emplace(id(item), &item);
    }
    return result;
}

/// The same ids on both sides, and (when `ordered`) in the same order.
template <class Item, class Id>
void compare_ids(const std::vector<Item>& ref_items, const reporter& ref, const std::vector<Item>& other_items,
                 const reporter& other, std::string_view kind, Id id, bool ordered)
{
    const auto ref_ids = by_id(ref_items, id);
    const auto other_ids = by_id(other_items, id);
    const std::string what(kind);
    for (const auto& item : other_items) {
        if (!ref_ids.contains(id(item))) {
            other.error(item.line, what + " " + backticked(id(item)) + " is not in " + file_name(ref.file()));
        }
    }
    for (const auto& item : ref_items) {
        if (!other_ids.contains(id(item))) {
            ref.error(item.line, what + " " + backticked(id(item)) + " is missing from " + file_name(other.file()));
        }
    }
    if (!ordered) {
        return;
    }
    std::vector<const Item*> ref_common;
    std::vector<const Item*> other_common;
    std::set<std::string_view> seen;
    for (const auto& item : ref_items) {
        if (other_ids.contains(id(item)) && seen.insert(id(item)).second) {
            ref_common.push_back(&item);
        }
    }
    seen.clear();
    for (const auto& item : other_items) {
        if (ref_ids.contains(id(item)) && seen.insert(id(item)).second) {
            other_common.push_back(&item);
        }
    }
    for (std::size_t i = 0; i < std::min(ref_common.size(), other_common.size()); ++i) {
        if (id(*ref_common[i]) != id(*other_common[i])) {
            other.error(other_common[i]->line, what + " " + backticked(id(*other_common[i])) +
                                                   " is not in the same order as in " + file_name(ref.file()) +
                                                   " (expected " + backticked(id(*ref_common[i])) + " here)");
            return; // one report: everything after the first difference is shifted
        }
    }
}

std::string join(const std::vector<std::string>& items)
{
    std::string text;
    for (const auto& item : items) {
        text += text.empty() ? "" : ", ";
        text += item;
    }
    return text;
}

std::optional<std::size_t> correct_index(const parsed_question& q)
{
    for (std::size_t i = 0; i < q.choices.size(); ++i) {
        if (q.choices[i].correct) {
            return i;
        }
    }
    return std::nullopt;
}

std::string tag_name(const parsed_choice& choice)
{
    return choice.misconception.present() ? "tagged " + backticked(choice.misconception.value) : "untagged";
}

void compare_question(const parsed_question& r, const reporter& ref, const parsed_question& o, const reporter& other)
{
    const std::string name = "question " + backticked(o.id);
    const auto& ref_file = ref.file();
    if (r.section.present() && o.section.present() && r.section.value != o.section.value) {
        other.error(o.section.line, "section " + backticked(o.section.value) + " differs from " +
                                        where(ref_file, r.section.line) + ": " + backticked(r.section.value));
    }
    if (r.concepts_line != 0 && o.concepts_line != 0) {
        auto ref_concepts = r.concepts;
        auto other_concepts = o.concepts;
        std::sort(ref_concepts.begin(), ref_concepts.end());
        std::sort(other_concepts.begin(), other_concepts.end());
        if (ref_concepts != other_concepts) {
            other.error(o.concepts_line, "concepts " + backticked(join(o.concepts)) + " differ from " +
                                             where(ref_file, r.concepts_line) + ": " + backticked(join(r.concepts)));
        }
    }
    if (r.difficulty != 0 && o.difficulty != 0 && r.difficulty != o.difficulty) {
        other.error(o.difficulty_line, "difficulty " + std::to_string(o.difficulty) + " differs from " +
                                           where(ref_file, r.difficulty_line) + ": " + std::to_string(r.difficulty));
    }
    if (r.choices.size() != o.choices.size()) {
        other.error(o.line, name + " has " + std::to_string(o.choices.size()) + " choices here but " +
                                std::to_string(r.choices.size()) + " in " + where(ref_file, r.line));
    }
    const auto ref_correct = correct_index(r);
    const auto other_correct = correct_index(o);
    if (ref_correct && other_correct && *ref_correct != *other_correct) {
        other.error(o.choices[*other_correct].line,
                    "the correct choice is choice " + std::to_string(*other_correct + 1) + " here but choice " +
                        std::to_string(*ref_correct + 1) + " in " + where(ref_file, r.choices[*ref_correct].line));
    }
    for (std::size_t i = 0; i < std::min(r.choices.size(), o.choices.size()); ++i) {
        const auto& rc = r.choices[i];
        const auto& oc = o.choices[i];
        if (rc.misconception.value != oc.misconception.value) {
            other.error(oc.misconception.present() ? oc.misconception.line : oc.line,
                        "choice " + std::to_string(i + 1) + " is " + tag_name(oc) + " here but " + tag_name(rc) +
                            " in " + where(ref_file, rc.misconception.present() ? rc.misconception.line : rc.line));
        }
    }
}

} // namespace

void check_across_languages(const language_files& reference, const language_files& other, std::vector<diagnostic>& out)
{
    const reporter ref_questions(reference.questions_path, out);
    const reporter other_questions(other.questions_path, out);
    const reporter ref_guide(reference.guide_path, out);
    const reporter other_guide(other.guide_path, out);
    const auto& rq = reference.questions;
    const auto& oq = other.questions;

    const auto question_id = [](const parsed_question& q) -> std::string_view { return q.id; };
    const auto tag_id = [](const declared_tag& t) -> std::string_view { return t.id; };
    const auto section_id = [](const parsed_section& s) -> std::string_view { return s.id; };

    compare_ids(rq.concepts, ref_questions, oq.concepts, other_questions, "concept", tag_id, false);
    compare_ids(rq.misconceptions, ref_questions, oq.misconceptions, other_questions, "misconception", tag_id, false);
    compare_ids(reference.guide.sections, ref_guide, other.guide.sections, other_guide, "section", section_id, true);
    compare_ids(rq.questions, ref_questions, oq.questions, other_questions, "question", question_id, true);

    const auto ref_by_id = by_id(rq.questions, question_id);
    std::set<std::string_view> compared;
    for (const auto& q : oq.questions) {
        const auto match = ref_by_id.find(q.id);
        if (match != ref_by_id.end() && compared.insert(q.id).second) {
            compare_question(*match->second, ref_questions, q, other_questions);
        }
    }
}

} // namespace quiz::content
