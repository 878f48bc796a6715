-- wrk script for scripts/bench-playground: each thread keeps the sessions whose next card is on screen; a request
-- answers one of them (choice A), or starts a session for a new learner when none is waiting. Each answer is one
-- durable transaction on the server; a session start is one too.
local ready = {}
local owner = {} -- session -> learner token (answers do not repeat the token)
answers = 0
starts = 0
errors = 0

local function pop()
  local n = #ready
  if n == 0 then return nil end
  local item = ready[n]
  ready[n] = nil
  return item
end

request = function()
  local s = pop()
  if s == nil then
    starts = starts + 1
    return wrk.format("POST", "/api/play/session", {["Content-Type"] = "application/json"}, '{"lang":"en"}')
  end
  answers = answers + 1
  local body = string.format('{"learner":"%s","session":%s,"sequence":%s,"choice":0}', s.learner, s.session, s.sequence)
  return wrk.format("POST", "/api/play/answer", {["Content-Type"] = "application/json"}, body)
end

response = function(status, headers, body)
  if status ~= 200 then
    errors = errors + 1
    return
  end
  local learner = string.match(body, '"learner":"([%x.]+)"')
  local session = string.match(body, '"session":(%d+)')
  local sequence = string.match(body, '"card":{"sequence":(%d+)')
  if session ~= nil and learner ~= nil then owner[session] = learner end
  if session ~= nil and sequence ~= nil and owner[session] ~= nil then
    ready[#ready + 1] = {learner = owner[session], session = session, sequence = sequence}
  elseif session ~= nil then
    owner[session] = nil -- the session is over
  end
end

local threads = {}
setup = function(thread) threads[#threads + 1] = thread end

done = function(summary, latency, requests)
  local a, s, e = 0, 0, 0
  for _, t in ipairs(threads) do
    a = a + t:get("answers")
    s = s + t:get("starts")
    e = e + t:get("errors")
  end
  local seconds = summary.duration / 1e6
  io.write(string.format("RESULT requests=%d rate=%.0f answers=%d starts=%d non200=%d p50_ms=%.3f p99_ms=%.3f\n",
    summary.requests, summary.requests / seconds, a, s, e, latency:percentile(50) / 1000,
    latency:percentile(99) / 1000))
end
