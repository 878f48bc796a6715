// SPDX-License-Identifier: MIT
#include "bot/http/router.hpp"

#include "bot/http/url_encoding.hpp"

#include <algorithm>
#include <stdexcept>

namespace quiz::bot::http {

namespace {

std::vector<std::string_view> split_path(std::string_view path)
{
    // "/a/b" -> {"a", "b"}; "/" -> {""}; the leading '/' was checked by the caller.
    std::vector<std::string_view> parts;
    path.remove_prefix(1);
    while (true) {
        const auto slash = path.find('/');
        parts.push_back(path.substr(0, slash));
        if (slash == std::string_view::npos) {
            break;
        }
        path.remove_prefix(slash + 1);
    }
    return parts;
}

bool valid_parameter_name(std::string_view name)
{
    return !name.empty() && std::all_of(name.begin(), name.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
    });
}

} // namespace

router::route& router::route_for(std::string_view pattern)
{
    const auto existing =
        std::find_if(routes_.begin(), routes_.end(), [pattern](const route& r) { return r.pattern == pattern; });
    if (existing != routes_.end()) {
        return *existing;
    }
    if (pattern.empty() || pattern.front() != '/') {
        throw std::invalid_argument("route pattern must start with '/': " + std::string(pattern));
    }
    route r;
    r.pattern = std::string(pattern);
    std::vector<std::string> names;
    for (const auto part : split_path(pattern)) {
        if (part.find_first_of("{}") == std::string_view::npos) {
            r.segments.push_back({std::string(part), false});
            continue;
        }
        const std::string_view name =
            part.size() >= 2 && part.front() == '{' && part.back() == '}' ? part.substr(1, part.size() - 2) : "";
        if (!valid_parameter_name(name)) {
            throw std::invalid_argument("route pattern " + std::string(pattern) +
                                        ": a parameter is a whole segment {name} of letters, digits and '_'");
        }
        if (std::find(names.begin(), names.end(), name) != names.end()) {
            throw std::invalid_argument("route pattern " + std::string(pattern) + " repeats {" + std::string(name) +
                                        "}");
        }
        names.emplace_back(name);
        r.segments.push_back({std::string(name), true});
    }
    routes_.push_back(std::move(r));
    return routes_.back();
}

router& router::add(verb method, std::string_view pattern, handler h)
{
    if (!h) {
        throw std::invalid_argument("empty handler for " + std::string(pattern));
    }
    return add_async(method, pattern, [h = std::move(h)](request req, responder reply) { reply.send(h(req)); });
}

router& router::add_async(verb method, std::string_view pattern, async_handler h)
{
    if (method == verb::other) {
        throw std::invalid_argument("routes need a known method: " + std::string(pattern));
    }
    if (!h) {
        throw std::invalid_argument("empty handler for " + std::string(pattern));
    }
    route& r = route_for(pattern);
    if (!r.handlers.emplace(method, std::move(h)).second) {
        throw std::invalid_argument(std::string(to_string(method)) + ' ' + std::string(pattern) +
                                    " is registered twice");
    }
    return *this;
}

router::match router::find(verb method, std::string_view path) const
{
    match result;
    if (path.empty() || path.front() != '/') {
        return result;
    }
    const auto parts = split_path(path);

    // Among the patterns that match, prefer literal segments over parameters, leftmost first.
    const route* best_with_method = nullptr;
    const route* best_any = nullptr;
    std::vector<verb> allowed;
    const auto more_specific = [](const route& a, const route* b) {
        if (b == nullptr) {
            return true;
        }
        for (std::size_t i = 0; i < a.segments.size(); ++i) {
            if (a.segments[i].parameter != b->segments[i].parameter) {
                return !a.segments[i].parameter;
            }
        }
        return false;
    };
    for (const route& r : routes_) {
        if (r.segments.size() != parts.size()) {
            continue;
        }
        bool matches = true;
        for (std::size_t i = 0; i < parts.size() && matches; ++i) {
            const segment& s = r.segments[i];
            matches = s.parameter ? !parts[i].empty() : s.text == parts[i];
        }
        if (!matches) {
            continue;
        }
        for (const auto& [m, h] : r.handlers) {
            allowed.push_back(m);
        }
        const bool serves = r.handlers.contains(method) || (method == verb::head && r.handlers.contains(verb::get));
        if (serves && more_specific(r, best_with_method)) {
            best_with_method = &r;
        }
        if (more_specific(r, best_any)) {
            best_any = &r;
        }
    }
    if (best_any == nullptr) {
        return result;
    }
    if (best_with_method == nullptr) {
        if (std::find(allowed.begin(), allowed.end(), verb::get) != allowed.end()) {
            allowed.push_back(verb::head);
        }
        std::sort(allowed.begin(), allowed.end());
        allowed.erase(std::unique(allowed.begin(), allowed.end()), allowed.end());
        result.result = outcome::method_not_allowed;
        result.pattern = best_any->pattern;
        for (const verb m : allowed) {
            result.allow += (result.allow.empty() ? "" : ", ") + std::string(to_string(m));
        }
        return result;
    }

    const route& r = *best_with_method;
    result.pattern = r.pattern;
    for (std::size_t i = 0; i < parts.size(); ++i) {
        if (!r.segments[i].parameter) {
            continue;
        }
        auto decoded = percent_decode(parts[i]);
        if (!decoded) {
            result.result = outcome::bad_path;
            return result;
        }
        result.params.emplace(r.segments[i].text, std::move(*decoded));
    }
    const auto it = r.handlers.find(method);
    result.target = it != r.handlers.end() ? &it->second : &r.handlers.at(verb::get);
    result.result = outcome::found;
    return result;
}

} // namespace quiz::bot::http
