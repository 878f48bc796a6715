-- wrk script for scripts/bench-playground: each thread keeps the sessions whose next card is on screen; a request
-- answers one of them (choice A), or starts a session for a new learner when none is waiting. Each answer is one
-- durable transaction on the server; a session start is one too.
-- With arguments after `--` (a file of learner tokens the server knows, one per line, the pack, and wrk's thread
-- count), sessions are started by those learners instead (scripts/bench-scale): each thread studies with its share,
-- one session per learner at a time, and a learner whose session ends studies again later.
local ready = {}
local owner = {} -- session -> learner token (answers do not repeat the token)
local idle = nil -- known learners without a session, when given
local pack
answers = 0
starts = 0
errors = 0

local function pop(list)
  local n = #list
  if n == 0 then return nil end
  local item = list[n]
  list[n] = nil
  return item
end

init = function(args)
  if args[1] == nil then return end
  idle = {}
  pack = args[2]
  local threads = tonumber(args[3])
  local n = 0
  for line in io.lines(args[1]) do
    if n % threads == id then idle[#idle + 1] = line end
    n = n + 1
  end
end

local function start()
  if idle == nil then
    return wrk.format("POST", "/api/play/session", {["Content-Type"] = "application/json"}, '{"lang":"en"}')
  end
  local learner = pop(idle)
  if learner == nil then
    return wrk.format("GET", "/api/play/no-idle-learner") -- more connections than learners: counted as non-200
  end
  local body = string.format('{"lang":"en","learner":"%s","pack":"%s"}', learner, pack)
  return wrk.format("POST", "/api/play/session", {["Content-Type"] = "application/json"}, body)
end

request = function()
  local s = pop(ready)
  if s == nil then
    starts = starts + 1
    return start()
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
    if idle ~= nil and owner[session] ~= nil then idle[#idle + 1] = owner[session] end
    owner[session] = nil -- the session is over
  end
end

local threads = {}
setup = function(thread)
  thread:set("id", #threads)
  threads[#threads + 1] = thread
end

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
