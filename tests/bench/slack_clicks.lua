-- wrk script for scripts/bench-slack: replays signed block_actions requests (one per line of the file given after
-- `--`: "<timestamp>\t<signature>\t<form body>") to /slack/interactions (or to the path given after the file), in
-- order, looping.
local requests = {}
local next_index = 1
errors = 0

init = function(args)
  local path = args[2] or "/slack/interactions"
  for line in io.lines(args[1]) do
    local ts, signature, body = line:match("^(%d+)\t(%S+)\t(.*)$")
    requests[#requests + 1] = wrk.format("POST", path, {
      ["Content-Type"] = "application/x-www-form-urlencoded",
      ["X-Slack-Request-Timestamp"] = ts,
      ["X-Slack-Signature"] = signature,
    }, body)
  end
end

request = function()
  local r = requests[next_index]
  next_index = next_index % #requests + 1
  return r
end

response = function(status)
  if status ~= 200 then errors = errors + 1 end
end

local threads = {}
setup = function(thread) threads[#threads + 1] = thread end

done = function(summary, latency, requests)
  local e = 0
  for _, t in ipairs(threads) do e = e + t:get("errors") end
  local seconds = summary.duration / 1e6
  io.write(string.format("RESULT requests=%d seconds=%.3f rate=%.0f p50_ms=%.3f p99_ms=%.3f non200=%d\n",
    summary.requests, seconds, summary.requests / seconds, latency:percentile(50) / 1000,
    latency:percentile(99) / 1000, e))
end
