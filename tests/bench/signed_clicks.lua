-- wrk script for scripts/bench-slack and scripts/bench-discord: sends each signed click of a file once, in order.
-- Arguments after `--`: the file ("<kind>\t<timestamp>\t<signature>\t<body>" per line, kind `a` for an answer, `n`
-- for Next), the platform (`slack` or `discord`, for the headers) and optionally the path (default the platform's
-- interactions endpoint) and `loop`. A run that sends every line stops sending clicks: it then asks for /healthz and
-- counts those requests as `exhausted`, which the scripts refuse (the file needs more learners). With `loop` it
-- starts the file again instead: only for the rows that record nothing (a baseline that verifies and acknowledges,
-- the http-only ceiling), where a click sent twice costs what it cost the first time. CLICKS_EVERY_MS in the
-- environment makes each connection wait that long before each request: with C connections, at most C * 1000 / MS
-- clicks a second (an offered rate, rather than as fast as the server answers).
local requests = {}
local kinds = {}
local next_index = 1
local exhausted_request
local loop = false
local every_ms = tonumber(os.getenv("CLICKS_EVERY_MS") or "") or 0
sent_answers = 0
exhausted = 0
errors = 0

init = function(args)
  local platform = args[2]
  local path = args[3] or ("/" .. platform .. "/interactions")
  loop = args[4] == "loop"
  for line in io.lines(args[1]) do
    local kind, ts, signature, body = line:match("^(%a)\t(%d+)\t(%x+)\t(.*)$")
    local headers
    if platform == "slack" then
      headers = {["Content-Type"] = "application/x-www-form-urlencoded", ["X-Slack-Request-Timestamp"] = ts,
                 ["X-Slack-Signature"] = "v0=" .. signature}
    else
      headers = {["Content-Type"] = "application/json", ["X-Signature-Timestamp"] = ts,
                 ["X-Signature-Ed25519"] = signature}
    end
    requests[#requests + 1] = wrk.format("POST", path, headers, body)
    kinds[#kinds + 1] = kind
  end
  exhausted_request = wrk.format("GET", "/healthz")
end

if every_ms > 0 then
  delay = function() return every_ms end
end

request = function()
  local i = next_index
  if i > #requests and loop then
    i = 1
  elseif i > #requests then
    exhausted = exhausted + 1
    return exhausted_request
  end
  next_index = i + 1
  if kinds[i] == "a" then sent_answers = sent_answers + 1 end
  return requests[i]
end

response = function(status, headers, body)
  if status ~= 200 then
    errors = errors + 1
  end
end

local threads = {}
setup = function(thread) threads[#threads + 1] = thread end

done = function(summary, latency, requests)
  local sent, ex, e = 0, 0, 0
  for _, t in ipairs(threads) do
    sent = sent + t:get("sent_answers")
    ex = ex + t:get("exhausted")
    e = e + t:get("errors")
  end
  local seconds = summary.duration / 1e6
  io.write(string.format("RESULT requests=%d seconds=%.3f rate=%.0f p50_ms=%.3f p99_ms=%.3f non200=%d sent_answers=%d exhausted=%d\n",
    summary.requests, seconds, summary.requests / seconds, latency:percentile(50) / 1000,
    latency:percentile(99) / 1000, e, sent, ex))
end
